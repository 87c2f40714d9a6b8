import Foundation
import Testing

/// `docgen check` and `docgen extract` as a user runs them: exit statuses, formats, messages.
@Suite struct CheckCommandLineTests {
    typealias Output = DocgenBinary.Output

    func docgen(_ arguments: [String], in directory: URL, environment extra: [String: String] = [:]) throws -> Output {
        try DocgenBinary.run(DocgenBinary.url, arguments, in: directory, environment: extra)
    }

    static let broken = "# A\n\n```swift\ninit() {}\n```\n\nSee [b](b.md).\n"
    static let clean = "# A\n\n```swift\nprint(\"top-level code is fine\")\n```\n"

    @Test func findingsExitOneWithTheSummaryLast() throws {
        let content = try CheckSupport.contentFolder(["a.md": Self.broken])
        let root = content.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try docgen(["check"], in: root)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Content/a.md:4:5: error: initializers may only be declared within a type")
        #expect(lines.contains("Content/a.md:7:5: error: link to 'b.md': document 'b.md' does not exist in the content folder; did you mean 'a.md'?"))
        #expect(lines.last == "1 snippet: 0 passed, 1 failed, 0 skipped; 1 link: 1 broken")
        // The default cache is under .build/ of the working directory.
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(".build/docgen-check-cache/index.json").path))
    }

    @Test func cleanContentExitsZero() throws {
        let content = try CheckSupport.contentFolder(["a.md": Self.clean])
        let root = content.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try docgen(["check", "--cache-dir", "cache"], in: root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "1 snippet: 1 passed, 0 failed, 0 skipped; 0 links: 0 broken\n")
    }

    @Test func machineFormatsKeepStandardOutputParseable() throws {
        let content = try CheckSupport.contentFolder(["a.md": Self.broken])
        let root = content.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let json = try docgen(["check", "--format", "json", "--no-cache"], in: root)
        #expect(json.status == 1)
        let entries = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(entries?.count == 2)
        #expect(json.stderr.hasSuffix("1 snippet: 0 passed, 1 failed, 0 skipped; 1 link: 1 broken\n"))
        let github = try docgen(["check", "--format", "github", "--no-cache"], in: root)
        #expect(github.stdout.hasPrefix("::error file=Content/a.md,line=4,col=5,title=snippet.parse-error::initializers may only be declared within a type\n"))
        let junit = try docgen(["check", "--format", "junit", "--no-cache"], in: root)
        #expect(junit.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"docgen check\" tests=\"2\" failures=\"2\" skipped=\"0\">"))
    }

    @Test func usageAndEnvironmentErrorsExitTwo() throws {
        let content = try CheckSupport.contentFolder(["a.md": Self.clean])
        let root = content.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = try docgen(["check", "--swiftc", "/nonexistent/swiftc"], in: root)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Swift compiler '/nonexistent/swiftc' not found"))
        let environment = try docgen(["check", "--no-cache"], in: root, environment: ["SWIFTC": "/nonexistent/swiftc"])
        #expect(environment.status == 2)
        let format = try docgen(["check", "--format", "yaml"], in: root)
        #expect(format.status == 2)
        let version = try docgen(["check", "--swift-version", "7"], in: root)
        #expect(version.status == 2)
        #expect(version.stderr.contains("unsupported --swift-version '7'"))
        let folder = try docgen(["check", "--content", "nope"], in: root)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("content folder 'nope' does not exist"))
    }

    @Test func extractWritesEverySnippetAndSnippetsJSON() throws {
        let content = try CheckSupport.contentFolder(["a.md": Self.broken, "guides/b.md": Self.clean])
        let root = content.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try docgen(["extract", "--output", "snippets"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        let output = root.appendingPathComponent("snippets")
        let first = try String(contentsOf: output.appendingPathComponent("a/a.a.1.swift"), encoding: .utf8)
        #expect(first == "// Content/a.md:4 — A\n// id: a.a.1 · polarity: neutral\ninit() {}\n")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("guides/b/guides.b.a.1.swift").path))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("snippets.json").path))
        #expect(result.stdout == "Extracted 2 snippets from 2 documents into snippets/\n")
    }
}
