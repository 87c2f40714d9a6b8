import Foundation

// MARK: - JSON

/// A JSON array of diagnostics: `{file, line, column, endLine, endColumn, severity, id, message, snippet, notes}`.
/// Positions are null when a diagnostic concerns a whole file; `snippet` is null when it concerns no snippet.
public struct JSONReporter: CheckReporter {
    /// Creates a reporter.
    public init() {}

    /// One entry of the array.
    struct Entry: Encodable {
        let file: String
        let line: Int?
        let column: Int?
        let endLine: Int?
        let endColumn: Int?
        let severity: String
        let id: String
        let message: String
        let snippet: String?
        let notes: [Entry]

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.file
            let range = diagnostic.range.flatMap { $0.isKnown ? $0 : nil }
            line = range?.start.line
            column = range.map { max($0.start.column, 1) }
            endLine = range?.end.line
            endColumn = range.map { max($0.end.column, 1) }
            severity = diagnostic.severity.rawValue
            id = diagnostic.id
            message = diagnostic.message
            snippet = diagnostic.snippet
            notes = diagnostic.notes.map(Entry.init)
        }

        enum CodingKeys: String, CodingKey {
            case file, line, column, endLine, endColumn, severity, id, message, snippet, notes
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(endLine, forKey: .endLine)
            try container.encode(endColumn, forKey: .endColumn)
            try container.encode(severity, forKey: .severity)
            try container.encode(id, forKey: .id)
            try container.encode(message, forKey: .message)
            try container.encode(snippet, forKey: .snippet)
            try container.encode(notes, forKey: .notes)
        }
    }

    /// The JSON text (pretty-printed, keys sorted, ending with a newline).
    public func render(_ report: CheckReport) -> String {
        render(report.diagnostics)
    }

    /// The JSON text for a list of diagnostics.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(diagnostics.map(Entry.init)) else { return "[]\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
