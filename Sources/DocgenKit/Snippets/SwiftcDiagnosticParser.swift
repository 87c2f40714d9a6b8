import Foundation

// MARK: - Reading swiftc's messages

/// One message `swiftc` printed about a position in one input file (positions are 1-based, in that file).
public struct SwiftcMessage: Sendable, Hashable, Codable {
    /// `error`, `warning` or `note` (remarks are kept as notes).
    public var severity: Diagnostic.Severity
    /// 1-based line in the input file.
    public var line: Int
    /// 1-based UTF-8 byte column in the input file.
    public var column: Int
    /// The message text, e.g. `initializers may only be declared within a type`.
    public var message: String

    /// Creates a message.
    public init(severity: Diagnostic.Severity, line: Int, column: Int, message: String) {
        self.severity = severity
        self.line = line
        self.column = column
        self.message = message
    }
}

/// Splits `swiftc -diagnostic-style llvm` output into messages per input file.
///
/// Each message starts a line `PATH:LINE:COL: SEVERITY: TEXT`; the quoted source line and caret that
/// follow it are skipped. Only paths given on the command line are recognised, so a quoted source line
/// can never be mistaken for a message.
public enum SwiftcDiagnosticParser {
    /// What one compiler run said.
    public struct Parsed: Sendable, Equatable {
        /// Messages by input path, in output order.
        public var messages: [String: [SwiftcMessage]] = [:]
        /// Error lines that name no input file (e.g. `<unknown>:0: error: unknown argument`).
        public var unattributed: [String] = []
    }

    /// Parses `output` for the input files `paths`.
    public static func parse(_ output: String, paths: Set<String>) -> Parsed {
        var parsed = Parsed()
        for rawLine in output.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if let (path, message) = parseHeader(line, paths: paths) {
                parsed.messages[path, default: []].append(message)
            } else if line.contains(": error: ") || line.hasPrefix("error: ") {
                parsed.unattributed.append(String(line))
            }
        }
        return parsed
    }

    /// `PATH:LINE:COL: SEVERITY: TEXT` with a known `PATH`.
    static func parseHeader(_ line: Substring, paths: Set<String>) -> (String, SwiftcMessage)? {
        var searchStart = line.startIndex
        // The path ends at a ':' followed by digits, ':', digits, ': '. Try each candidate ':' in turn.
        while let colon = line[searchStart...].firstIndex(of: ":") {
            let path = String(line[..<colon])
            if paths.contains(path), let message = parseRest(line[line.index(after: colon)...]) {
                return (path, message)
            }
            searchStart = line.index(after: colon)
        }
        return nil
    }

    private static func parseRest(_ rest: Substring) -> SwiftcMessage? {
        let parts = rest.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let line = Int(parts[0]), let column = Int(parts[1]) else { return nil }
        let severityText = parts[2].trimming(.whitespaces)
        let severity: Diagnostic.Severity
        switch severityText {
        case "error", "fatal error": severity = .error
        case "warning": severity = .warning
        case "note", "remark": severity = .note
        default: return nil
        }
        let message = parts[3].hasPrefix(" ") ? String(parts[3].dropFirst()) : String(parts[3])
        return SwiftcMessage(severity: severity, line: line, column: column, message: message)
    }
}
