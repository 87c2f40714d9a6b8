import Foundation

// MARK: - GitHub Actions annotations

/// GitHub Actions workflow commands: `::error file=Content/a.md,line=3,col=5,title=snippet.parse-error::message`.
/// Errors, warnings and notes become `error`, `warning` and `notice` annotations; a diagnostic's notes are
/// appended to its message. The summary line comes last.
public struct GitHubReporter: CheckReporter {
    /// Creates a reporter.
    public init() {}

    /// Every annotation, then the summary line.
    public func render(_ report: CheckReport) -> String {
        report.diagnostics.map(annotation).joined() + report.summary.line + "\n"
    }

    /// One workflow command line.
    public func annotation(_ diagnostic: Diagnostic) -> String {
        let command: String
        switch diagnostic.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        var properties = ["file=" + Self.escapeProperty(diagnostic.file)]
        if let range = diagnostic.range, range.isKnown {
            properties.append("line=\(range.start.line)")
            properties.append("col=\(max(range.start.column, 1))")
            if range.end.line > range.start.line { properties.append("endLine=\(range.end.line)") }
            else if range.end.column > range.start.column { properties.append("endColumn=\(range.end.column)") }
        }
        properties.append("title=" + Self.escapeProperty(diagnostic.id))
        var message = diagnostic.message
        for note in diagnostic.notes {
            message += "\n" + note.formatted
        }
        return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))\n"
    }

    /// Escaping for the message part of a workflow command.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escaping for a property value of a workflow command.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
