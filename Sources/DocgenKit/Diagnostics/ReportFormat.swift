// MARK: - Output formats

/// The formats `docgen check` can report in.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// `file:line:col: error: message`, the quoted line and a caret (colour on a terminal), then the summary.
    case text
    /// A JSON array of diagnostics.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…::message`), then the summary.
    case github
    /// JUnit XML: one test case per snippet and one per document's links.
    case junit

    /// Whether the summary line belongs in the report itself (else it goes to standard error).
    public var includesSummary: Bool {
        switch self {
        case .text, .github: return true
        case .json, .junit: return false
        }
    }
}

/// Turns a check report into the text of one output format. Reporters never print.
public protocol CheckReporter: Sendable {
    /// The complete output for `report`.
    func render(_ report: CheckReport) -> String
}

extension TextReporter: CheckReporter {
    /// Every diagnostic as a compiler would print it, then the summary line.
    public func render(_ report: CheckReport) -> String {
        format(report.diagnostics) + report.summary.line + "\n"
    }
}
