import Foundation
import Testing
@testable import DocgenKit

/// Regression tests for defects found by the pathological inputs and the fuzzer (see Fuzz/README.md).
@Suite struct HardeningRegressionTests {
    @Test func frontMatterWithWindowsLineEndingsIsRead() throws {
        // Was: "front matter starts with '---' but has no closing '---' line" (`\r\n` is one Character,
        // so splitting the text at "\n" found no lines at all).
        let text = "---\r\ntitle: Windows\r\norder: 2\r\n---\r\n# Heading\r\n\r\nBody.\r\n"
        guard case .success(let (matter, body)) = FrontMatter.split(text) else {
            Issue.record("front matter with CRLF line endings was rejected")
            return
        }
        #expect(matter?["title"] == "Windows")
        #expect(matter?.entries.map(\.key) == ["title", "order"])
        #expect(matter?.lineCount == 4)
        #expect(body == "# Heading\r\n\r\nBody.\r\n")
        let (document, diagnostics) = DocumentAnalyzer.analyze(SourceFile(relativePath: "w.md", displayPath: "Content/w.md", text: text))
        #expect(diagnostics.isEmpty)
        #expect(document.title == "Windows")
        #expect(document.headings.first?.range.start.line == 5)
    }

    @Test func frontMatterNestedBeyondTheYAMLParsersLimitIsAnErrorSayingSo() {
        let text = "---\ntitle: T\nmaps: " + String(repeating: "{a: ", count: 2_000) + "b" + String(repeating: "}", count: 2_000) + "\n---\n# T\n"
        let (_, diagnostics) = DocumentAnalyzer.analyze(SourceFile(relativePath: "f.md", displayPath: "Content/f.md", text: text))
        #expect(diagnostics.map(\.formatted) == [
            "Content/f.md:3:1: error: front matter is not valid YAML: it is nested too deeply for the YAML parser (about 1,000 levels at most)",
        ])
    }

    @Test func diagnosticsQuoteTheirLineInWindowsFilesToo() {
        let source = SourceFile(relativePath: "w.md", displayPath: "Content/w.md", text: "# Title\r\n\r\nSee [x](nope.md).\r\n")
        let diagnostic = Diagnostic(.warning, file: "Content/w.md", line: 3, column: 5, id: "link.missing-document", message: "broken")
        #expect(TextReporter(sources: [source]).format(diagnostic) == "Content/w.md:3:5: warning: broken\nSee [x](nope.md).\n    ^\n")
    }

    @Test func manyDiagnosticsInOneFileEachQuoteTheirOwnLine() {
        // Each diagnostic used to split the whole file again to find its line: 10,000 broken links in a
        // 2 MB file took minutes to print. The lines are now split once per file.
        let lines = (1...10_000).map { "Line \($0) links to [x](missing-\($0).md)." }
        let source = SourceFile(relativePath: "many.md", displayPath: "Content/many.md", text: lines.joined(separator: "\n") + "\n")
        let diagnostics = (1...10_000).map {
            Diagnostic(.warning, file: "Content/many.md", line: $0, column: 1, id: "link.missing-document", message: "broken \($0)")
        }
        let report = TextReporter(sources: [source]).format(diagnostics).split(separator: "\n")
        #expect(report.count == 30_000)
        #expect(report[3 * 9_999] == "Content/many.md:10000:1: warning: broken 10000")
        #expect(report[3 * 9_999 + 1] == "Line 10000 links to [x](missing-10000.md).")
    }

    @Test func aDiagnosticOnAHugeLineQuotesOnlyAWindowAroundItsColumn() {
        // A 5 MB one-line document used to be printed whole, with as many spaces before the caret, per message.
        let line = String(repeating: "abcdefghij", count: 100_000) + "é and the end"
        let source = SourceFile(relativePath: "long.md", displayPath: "Content/long.md", text: line + "\n")
        let diagnostic = Diagnostic(.warning, file: "Content/long.md", line: 1, column: 500_001, id: "x", message: "here")
        let lines = TextReporter(sources: [source]).format(diagnostic).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].utf8.count < 200 && lines[1].hasPrefix("…") && lines[1].hasSuffix("…"))
        let caret = lines[2].count - 1
        #expect(lines[2].hasSuffix("^"))
        #expect(Array(lines[1])[caret] == "a")  // column 500,001 is the first letter of a group of ten
        let nearTheEnd = TextReporter.excerpt(of: line, column: line.utf8.count - 12)
        #expect(nearTheEnd.text.hasSuffix("é and the end") && nearTheEnd.beforeCaret.hasSuffix("j"))
    }

    @Test func aCompilerThatCrashesIsReportedAsACrash() async throws {
        // Was: "exit status 11", as if the compiler had exited normally with status 11.
        let content = try CheckSupport.contentFolder(["a.md": "# A\n\n```swift\nlet a = 1\n```\n"])
        let root = content.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let fake = try CheckSupport.fakeCompiler(in: root, body: "echo 'Stack dump:' >&2; for i in 1 2 3 4 5 6 7 8; do echo \"$i. frame\" >&2; done; kill -SEGV $$")
        let report = try await CheckRunner(options: CheckSupport.options(content, swiftc: fake.path)).run()
        #expect(report.diagnostics.map(\.formatted) == [
            "Content/a.md:3:1: error: swiftc failed on this example without saying where (crashed with signal 11 (Segmentation fault): Stack dump:\n1. frame\n2. frame\n3. frame\n4. frame\n… (4 more lines))",
        ])
        #expect(report.exitStatus() == 1)
    }

    @Test func aSnippetUnderAVeryLongHeadingGetsAFileNameTheFileSystemAccepts() async throws {
        // Was: "error: cannot write 'snippets/a/a.word-word-…-word.1.swift': File name too long" (exit 2):
        // the snippet's file is named after its id, which holds the heading's slug.
        let heading = String(repeating: "word ", count: 80)
        let files = ["a.md": "# A\n\n## \(heading)\n\n```swift\nlet x = 1\n```\n\n## \(heading)again\n\n```swift\nlet y = 2\n```\n"]
        let snapshot = try await HardeningSupport.buildInMemory(files)
        let snippets = try #require(snapshot.documents.first?.snippets)
        #expect(snippets.count == 2)
        let names = snippets.map(\.fileName)
        #expect(names.allSatisfy { $0.utf8.count <= 200 && $0.hasSuffix(".swift") && $0.hasPrefix("a.word-word-") })
        #expect(Set(names).count == 2)
        for snippet in snippets {
            #expect(snapshot.files[snippet.publishedPath] != nil)
            #expect(HardeningSupport.page("a.html", in: snapshot).contains("href=\"\(snippet.publishedPath)\" download"))
        }
        // And the site is written.
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        try SiteWriter(output: temp.appendingPathComponent("_site")).write(Array(snapshot.files.values))
        #expect(FileManager.default.fileExists(atPath: temp.appendingPathComponent("_site/" + snippets[0].publishedPath).path))
    }

    @Test func theHighlightingCacheStaysWithinItsLimit() {
        // The cache kept every snippet ever highlighted: the fuzzer's memory grew with every input, and
        // `docgen serve` would grow with every edit.
        let previous = SwiftHighlighter.setCacheLimit(4_096)
        defer { SwiftHighlighter.setCacheLimit(previous) }
        for number in 0..<200 {
            let code = "let value\(number) = \(number) // a snippet of a few dozen bytes"
            #expect(SwiftHighlighter.highlight(code).contains("value\(number)"))
            #expect(SwiftHighlighter.cacheUsage.bytes <= 4_096)
        }
    }

    @Test func aBuildKilledWhileDeletingTheOldSiteLeavesAFolderTheNextBuildRemoves() throws {
        // Found by scripts/kill-test: after swapping the new site in, the build deletes the previous one (now in
        // the temporary folder). Killed half-way, `removeItem` had already deleted the marker, so no later
        // build would remove the folder: it stayed beside the site forever. The marker is now deleted last.
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let site = temp.appendingPathComponent("_site")
        try SiteWriter(output: site).write([OutputFile(path: "index.html", text: "new")])
        let old = temp.appendingPathComponent("._site.tmp-999999-1")  // pid 999999 no longer runs
        try FileManager.default.createDirectory(at: old.appendingPathComponent("snippets"), withIntermediateDirectories: true)
        try Data().write(to: old.appendingPathComponent(SiteWriter.markerName))
        for name in ["a.html", "b.html", "snippets/c.swift", "index.html"] {
            try Data(name.utf8).write(to: old.appendingPathComponent(name))
        }
        // The build is killed after deleting two entries: nothing more is deleted.
        var deletions = 0
        SiteWriter.removeOwnedFolder(old) { url in
            deletions += 1
            guard deletions <= 2 else { return }
            try FileManager.default.removeItem(at: url)
        }
        #expect(FileManager.default.fileExists(atPath: old.appendingPathComponent(SiteWriter.markerName).path))

        try SiteWriter(output: site).write([OutputFile(path: "index.html", text: "newer")])
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path) == ["_site"])
    }

    @Test func anUpToDateBuildStillRemovesWhatAKilledBuildLeft() async throws {
        // Found by scripts/kill-test: a build killed after swapping its site in, while deleting the old one,
        // leaves a marked temporary folder. The next build of the same input is up to date and wrote nothing,
        // so it never reached the clean-up, and the folder stayed.
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = temp.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("# A\n".utf8).write(to: content.appendingPathComponent("a.md"))
        let theme = temp.appendingPathComponent("Theme")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        let builder = SiteBuilder(options: BuildOptions(contentDirectory: content, outputDirectory: temp.appendingPathComponent("_site"),
                                                        themeDirectory: theme))
        _ = try await builder.build()
        let stale = temp.appendingPathComponent("._site.tmp-999999-1")  // pid 999999 no longer runs
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try Data().write(to: stale.appendingPathComponent(SiteWriter.markerName))
        try Data("old".utf8).write(to: stale.appendingPathComponent("a.html"))

        let report = try await builder.build()

        #expect(report.upToDate)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
    }
}

