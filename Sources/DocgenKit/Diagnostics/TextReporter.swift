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
        var lines: [String: [Substring.UTF8View]] = [:]
        return diagnostics.map { format($0, lines: &lines) }.joined()
    }

    /// One diagnostic (and its notes) with the quoted line and caret.
    public func format(_ diagnostic: Diagnostic) -> String {
        var lines: [String: [Substring.UTF8View]] = [:]
        return format(diagnostic, lines: &lines)
    }

    /// `lines` holds each quoted file split into lines, once: splitting it again for every diagnostic made
    /// reporting quadratic (10,000 broken links in one 2 MB file took minutes).
    private func format(_ diagnostic: Diagnostic, lines: inout [String: [Substring.UTF8View]]) -> String {
        var text = headline(diagnostic) + "\n"
        if let range = diagnostic.range, range.isKnown, let line = sourceLine(range.start.line, of: diagnostic.file, lines: &lines) {
            let (shown, prefix) = Self.excerpt(of: line, column: range.start.column)
            text += shown + "\n"
            let padding = String(prefix.map { $0 == "\t" ? "\t" : " " })
            text += padding + paint("^", "32;1") + "\n"
        }
        for note in diagnostic.notes { text += format(note, lines: &lines) }
        return text
    }

    /// The part of `line` to quote, and the text before the caret's column (UTF-8 column, 1-based).
    /// A line longer than `width` bytes is cut to `width` bytes around the column, marked with `…`:
    /// a 5 MB one-line document must not print 5 MB (and 5 MB of caret padding) per message.
    static func excerpt(of line: String, column: Int, width: Int = 160) -> (text: String, beforeCaret: String) {
        let bytes = Array(line.utf8)
        let caret = min(max(column - 1, 0), bytes.count)
        guard bytes.count > width else {
            return (line, String(decoding: bytes[..<caret], as: UTF8.self))
        }
        /// Moves an offset back to the start of the UTF-8 sequence it falls in.
        func boundary(_ offset: Int) -> Int {
            var offset = min(max(offset, 0), bytes.count)
            while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        }
        let start = boundary(caret - width / 3)
        let end = boundary(start + width)
        let lead = start > 0 ? "…" : ""
        let text = lead + String(decoding: bytes[start..<end], as: UTF8.self) + (end < bytes.count ? "…" : "")
        return (text, lead + String(decoding: bytes[start..<max(boundary(caret), start)], as: UTF8.self))
    }

    /// Line `number` (1-based, without its line break) of the file shown as `file`.
    private func sourceLine(_ number: Int, of file: String, lines: inout [String: [Substring.UTF8View]]) -> String? {
        if lines[file] == nil, let source = sources[file] {
            lines[file] = source.text[...].utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        }
        guard let fileLines = lines[file], number >= 1, number <= fileLines.count else { return nil }
        var line = fileLines[number - 1]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        return String(Substring(line))
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
