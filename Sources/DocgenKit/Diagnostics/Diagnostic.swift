// MARK: - Diagnostics

/// A problem found in the input, reported at a file position. Analysers return these; they never print.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: return 0
            case .warning: return 1
            case .error: return 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Severity.
    public var severity: Severity
    /// Path of the file as shown to the user (e.g. `Content/style-guide.md`).
    public var file: String
    /// Position in the file; nil when the problem concerns the whole file.
    public var range: SourceRange?
    /// A stable identifier of the kind of problem, e.g. `link.missing-document`.
    public var id: String
    /// The message, one sentence, saying what is wrong and what to do.
    public var message: String
    /// The snippet id, when the diagnostic concerns a Swift snippet.
    public var snippet: String?
    /// Further notes attached to this diagnostic (e.g. the swiftc notes).
    public var notes: [Diagnostic]

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, file: String, range: SourceRange? = nil, id: String, message: String,
        snippet: String? = nil, notes: [Diagnostic] = []
    ) {
        self.severity = severity
        self.file = file
        self.range = range
        self.id = id
        self.message = message
        self.snippet = snippet
        self.notes = notes
    }

    /// Creates a diagnostic at a line (and column).
    public init(
        _ severity: Severity, file: String, line: Int, column: Int = 1, id: String, message: String
    ) {
        self.init(severity, file: file, range: SourceRange(line: line, column: column), id: id, message: message)
    }

    /// `file:line:col: severity: message`, the form compilers and editors understand.
    public var formatted: String {
        var location = file
        if let range, range.isKnown {
            location += ":\(range.start.line):\(max(range.start.column, 1))"
        }
        return "\(location): \(severity.rawValue): \(message)"
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by file, then position, then severity (errors first) for stable output.
    public var sortedForDisplay: [Diagnostic] {
        sorted { lhs, rhs in
            if lhs.file != rhs.file { return lhs.file < rhs.file }
            let left = lhs.range?.start ?? SourcePosition(line: 0, column: 0)
            let right = rhs.range?.start ?? SourcePosition(line: 0, column: 0)
            if left != right { return left < right }
            if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
            return lhs.message < rhs.message
        }
    }
}
