import Foundation

// MARK: - Printing diagnostics as text

/// Formats diagnostics like a compiler: `file:line:col: error: message`, then the source line and a caret.
public struct TextReporter: Sendable {
    /// Whether to use ANSI colours.
    public var colored: Bool
    /// Source files by display path, to quote the offending line.
    public var sources: [String: SourceFile]

    /// Creates a reporter.
    public init(colored: Bool = false, sources: [SourceFile] = []) {
        self.colored = colored
        var byPath: [String: SourceFile] = [:]
        for source in sources { byPath[source.displayPath] = source }
        self.sources = byPath
    }

    /// The full text for a list of diagnostics, one block each.
    public func format(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(format).joined()
    }

    /// One diagnostic (and its notes) with the quoted line and caret.
    public func format(_ diagnostic: Diagnostic) -> String {
        var text = headline(diagnostic) + "\n"
        if let range = diagnostic.range, range.isKnown, let line = sources[diagnostic.file]?.line(range.start.line) {
            text += line + "\n"
            let prefix = String(line.utf8.prefix(max(range.start.column - 1, 0))) ?? ""
            let padding = String(prefix.map { $0 == "\t" ? "\t" : " " })
            text += padding + paint("^", "32;1") + "\n"
        }
        for note in diagnostic.notes { text += format(note) }
        return text
    }

    private func headline(_ diagnostic: Diagnostic) -> String {
        guard colored else { return diagnostic.formatted }
        var location = diagnostic.file
        if let range = diagnostic.range, range.isKnown { location += ":\(range.start.line):\(max(range.start.column, 1))" }
        let color: String
        switch diagnostic.severity {
        case .error: color = "31;1"
        case .warning: color = "35;1"
        case .note: color = "30;1"
        }
        return paint(location + ":", "1") + " " + paint(diagnostic.severity.rawValue + ":", color) + " " + paint(diagnostic.message, "1")
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
