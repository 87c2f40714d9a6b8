import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import DocgenKit

/// Every output format of `docgen check`, on one hand-made report.
@Suite struct ReporterFormatTests {
    static let text = """
        # Guide

        ```swift
        init(x: Int) {}
        ```

        ```swift ignore
        let skipped = 1
        ```

        See [missing](missing.md).

        """

    /// A report with a snippet error (with a note), a skipped snippet, a broken link and a file-level warning.
    static func report() -> CheckReport {
        let (document, _) = CheckSupport.analyze(text)
        let error = Diagnostic(.error, file: "Content/guide.md", range: SourceRange(line: 4, column: 5), id: "snippet.parse-error",
                               message: "initializers may only be declared within a type", snippet: "guide.guide.1",
                               notes: [Diagnostic(.note, file: "Content/guide.md", line: 4, column: 1, id: "snippet.note", message: "a note, with 100% detail")])
        let link = Diagnostic(.error, file: "Content/guide.md", range: SourceRange(line: 11, column: 5), id: "link.missing-document",
                              message: "link to 'missing.md': document 'missing.md' does not exist in the content folder")
        let warning = Diagnostic(.warning, file: "Content/other, odd.md", id: "content.not-markdown", message: "not a Markdown file (.md); it is skipped")
        let snippets = [
            SnippetCheckResult(snippet: document.snippets[0], status: .failed, diagnostics: [error]),
            SnippetCheckResult(snippet: document.snippets[1], status: .skipped),
        ]
        return CheckReport(documents: [document], diagnostics: [warning, link, error], snippets: snippets, linkCount: 1)
    }

    @Test func summaryLine() {
        #expect(Self.report().summary.line == "2 snippets: 0 passed, 1 failed, 1 skipped; 1 link: 1 broken; 1 warning")
        #expect(CheckSummary(snippets: 49, passed: 47, failed: 2, skipped: 0, links: 25, brokenLinks: 25).line
                == "49 snippets: 47 passed, 2 failed, 0 skipped; 25 links: 25 broken")
    }

    @Test func textQuotesTheLineWithACaretAndEndsWithTheSummary() {
        let (document, _) = CheckSupport.analyze(Self.text)
        let output = TextReporter(colored: false, sources: [document.source]).render(Self.report())
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Content/guide.md:4:5: error: initializers may only be declared within a type")
        #expect(lines[1] == "init(x: Int) {}")
        #expect(lines[2] == "    ^")
        #expect(lines[3] == "Content/guide.md:4:1: note: a note, with 100% detail")
        #expect(lines[6] == "Content/guide.md:11:5: error: link to 'missing.md': document 'missing.md' does not exist in the content folder")
        #expect(lines.dropLast().last == "2 snippets: 0 passed, 1 failed, 1 skipped; 1 link: 1 broken; 1 warning")
        let colored = TextReporter(colored: true, sources: [document.source]).render(Self.report())
        #expect(colored.contains("\u{1B}[31;1merror:\u{1B}[0m"))
    }

    @Test func jsonIsAnArrayOfDiagnosticsWithPositions() throws {
        let data = Data(JSONReporter().render(Self.report()).utf8)
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(entries.count == 3)
        let first = entries[0]
        #expect(first["file"] as? String == "Content/guide.md")
        #expect(first["line"] as? Int == 4)
        #expect(first["column"] as? Int == 5)
        #expect(first["endLine"] as? Int == 4)
        #expect(first["endColumn"] as? Int == 5)
        #expect(first["severity"] as? String == "error")
        #expect(first["id"] as? String == "snippet.parse-error")
        #expect(first["message"] as? String == "initializers may only be declared within a type")
        #expect(first["snippet"] as? String == "guide.guide.1")
        #expect((first["notes"] as? [[String: Any]])?.first?["severity"] as? String == "note")
        #expect(entries[1]["snippet"] is NSNull)
        let fileLevel = entries[2]
        #expect(fileLevel["line"] is NSNull)
        #expect(fileLevel["severity"] as? String == "warning")
    }

    @Test func githubAnnotationsAreEscapedAndEndWithTheSummary() {
        let output = GitHubReporter().render(Self.report())
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines[0] == "::error file=Content/guide.md,line=4,col=5,title=snippet.parse-error::initializers may only be declared within a type%0AContent/guide.md:4:1: note: a note, with 100%25 detail")
        #expect(lines[1] == "::error file=Content/guide.md,line=11,col=5,title=link.missing-document::link to 'missing.md': document 'missing.md' does not exist in the content folder")
        #expect(lines[2] == "::warning file=Content/other%2C odd.md,title=content.not-markdown::not a Markdown file (.md); it is skipped")
        #expect(lines.last == "2 snippets: 0 passed, 1 failed, 1 skipped; 1 link: 1 broken; 1 warning")
    }

    @Test func junitHasOneCasePerSnippetAndPerDocumentsLinks() throws {
        let xml = JUnitReporter().render(Self.report())
        let collector = XMLCollector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "well-formed XML: \(xml)")
        #expect(collector.attributes("testsuites").first?["tests"] == "4")
        #expect(collector.attributes("testsuites").first?["failures"] == "2")
        #expect(collector.attributes("testsuites").first?["skipped"] == "1")
        #expect(collector.attributes("testcase").map { $0["name"] ?? "" } == [
            "snippet guide.guide.1 (line 3)", "snippet guide.guide.2 (line 7)", "links", "document",
        ])
        #expect(collector.attributes("failure").map { $0["type"] ?? "" } == ["snippet.parse-error", "link.missing-document"])
        #expect(collector.attributes("skipped").count == 1)
        #expect(collector.attributes("testsuite").map { $0["name"] ?? "" } == ["Content/guide.md", "Content/other, odd.md"])
        #expect(JUnitReporter.escape("a<b & \"c\"\u{1}") == "a&lt;b &amp; &quot;c&quot;")
    }

    /// Collects the attributes of every element, by element name.
    final class XMLCollector: NSObject, XMLParserDelegate {
        var elements: [(String, [String: String])] = []

        func attributes(_ name: String) -> [[String: String]] {
            elements.filter { $0.0 == name }.map(\.1)
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            elements.append((elementName, attributeDict))
        }
    }
}
