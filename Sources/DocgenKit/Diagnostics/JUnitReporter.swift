import Foundation

// MARK: - JUnit XML

/// JUnit XML for CI test dashboards: one `<testsuite>` per document with one `<testcase>` per snippet
/// (failed, passed or skipped), one for the document's links, and one for any other problem of the document.
/// Warnings on a passing test case are listed in its `<system-out>`.
public struct JUnitReporter: CheckReporter {
    /// Creates a reporter.
    public init() {}

    /// One test case before rendering.
    struct Case {
        var name: String
        var classname: String
        var diagnostics: [Diagnostic]
        var skipped = false

        var isFailure: Bool { diagnostics.containsErrors }
    }

    /// The XML document.
    public func render(_ report: CheckReport) -> String {
        var suites: [(name: String, cases: [Case])] = []
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in report.diagnostics { byFile[diagnostic.file, default: []].append(diagnostic) }
        var reported: Set<String> = []
        for document in report.documents {
            let file = document.source.displayPath
            reported.insert(file)
            let diagnostics = byFile[file] ?? []
            var cases: [Case] = []
            for result in report.snippets where result.snippet.file == file {
                let snippetID = result.snippet.id
                cases.append(Case(
                    name: "snippet \(snippetID) (line \(result.snippet.fenceLine))", classname: file,
                    diagnostics: diagnostics.filter { $0.snippet == snippetID },
                    skipped: result.status == .skipped))
            }
            cases.append(Case(name: "links", classname: file, diagnostics: diagnostics.filter { $0.id.hasPrefix("link.") }))
            let others = diagnostics.filter { $0.snippet == nil && !$0.id.hasPrefix("link.") }
            if !others.isEmpty { cases.append(Case(name: "document", classname: file, diagnostics: others)) }
            suites.append((file, cases))
        }
        // Files that produced no document (unreadable, not Markdown …).
        for (file, diagnostics) in byFile.sorted(by: { $0.key < $1.key }) where !reported.contains(file) {
            suites.append((file, [Case(name: "document", classname: file, diagnostics: diagnostics)]))
        }

        let allCases = suites.flatMap(\.cases)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"docgen check\" tests=\"\(allCases.count)\" failures=\"\(allCases.filter(\.isFailure).count)\""
            + " skipped=\"\(allCases.filter(\.skipped).count)\">\n"
        for suite in suites {
            xml += "  <testsuite name=\"\(Self.escape(suite.name))\" tests=\"\(suite.cases.count)\""
                + " failures=\"\(suite.cases.filter(\.isFailure).count)\" skipped=\"\(suite.cases.filter(\.skipped).count)\">\n"
            for testCase in suite.cases { xml += render(testCase) }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    private func render(_ testCase: Case) -> String {
        var xml = "    <testcase classname=\"\(Self.escape(testCase.classname))\" name=\"\(Self.escape(testCase.name))\""
        let errors = testCase.diagnostics.filter { $0.severity == .error }
        let others = testCase.diagnostics.filter { $0.severity != .error }
        guard testCase.skipped || !testCase.diagnostics.isEmpty else { return xml + "/>\n" }
        xml += ">\n"
        if testCase.skipped { xml += "      <skipped message=\"marked ignore\"/>\n" }
        if let first = errors.first {
            let body = errors.map(Self.describe).joined(separator: "\n")
            xml += "      <failure type=\"\(Self.escape(first.id))\" message=\"\(Self.escape(first.message))\">"
                + Self.escape(body) + "</failure>\n"
        }
        if !others.isEmpty {
            xml += "      <system-out>" + Self.escape(others.map(Self.describe).joined(separator: "\n")) + "</system-out>\n"
        }
        return xml + "    </testcase>\n"
    }

    /// A diagnostic and its notes as compiler-style lines.
    static func describe(_ diagnostic: Diagnostic) -> String {
        ([diagnostic.formatted] + diagnostic.notes.map(\.formatted)).joined(separator: "\n")
    }

    /// XML escaping for text and attribute values (control characters other than tab and newline are dropped).
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case "\r": result += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
