import Foundation
import Testing
@testable import DocgenKit

/// `docgen build` lets go of each document's text once every document is analysed (`BuildSession.releaseTexts`)
/// and reads the file again for the steps that need its tree: the document pages and the search entries. Lines
/// are still quoted in diagnostics, and a file that changes in between fails the build instead of giving a page
/// that does not match the rest of the site.
@Suite struct TextReleaseTests {
    /// A content folder in a new temporary folder with `files` (name → text).
    static func content(_ files: [String: String]) throws -> (root: URL, content: URL) {
        let root = try Fixtures.temporaryDirectory()
        let content = root.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: content.appendingPathComponent(name)) }
        return (root, content)
    }

    static let warned = "# Warned\n\nSee [the missing page](missing.md) before you start.\n"
    static let clean = "# Clean\n\n## Rules\n\n- Always name types in UpperCamelCase.\n"

    @Test func aStreamedBuildKeepsOnlyTheTextsOfTheDocumentsItWarnsAbout() async throws {
        let (root, content) = try Self.content(["warned.md": Self.warned, "clean.md": Self.clean])
        defer { try? FileManager.default.removeItem(at: root) }
        let options = BuildOptions(contentDirectory: content, outputDirectory: root.appendingPathComponent("_site"),
                                   themeDirectory: Fixtures.theme)
        let report = try await SiteBuilder(options: options).build()

        let warning = try #require(report.diagnostics.first { $0.file.hasSuffix("warned.md") })
        #expect(warning.range?.start.line == 3)
        let texts = Dictionary(uniqueKeysWithValues: report.documents.map { ($0.source.relativePath, $0.source.text) })
        #expect(texts == ["warned.md": Self.warned, "clean.md": ""])
        // The warning's line is quoted, read again from the file.
        let formatted = TextReporter(colored: false, sources: report.documents.map(\.source)).format([warning])
        #expect(formatted.contains("See [the missing page](missing.md) before you start."))
        // The pages and the search index were made from the texts read again.
        let page = try String(contentsOf: options.outputDirectory.appendingPathComponent("clean.html"), encoding: .utf8)
        #expect(page.contains("UpperCamelCase"))
        let search = try String(contentsOf: options.outputDirectory.appendingPathComponent("search-index.js"), encoding: .utf8)
        #expect(search.contains("before you start."))
    }

    @Test func aServeSessionKeepsEveryText() async throws {
        let (root, content) = try Self.content(["warned.md": Self.warned, "clean.md": Self.clean])
        defer { try? FileManager.default.removeItem(at: root) }
        let session = BuildSession(options: BuildOptions(contentDirectory: content, outputDirectory: root.appendingPathComponent("_site"),
                                                         themeDirectory: Fixtures.theme))
        let snapshot = try await session.build()
        #expect(Set(snapshot.documents.map(\.source.text)) == [Self.warned, Self.clean])
    }

    @Test func aFailedStreamedBuildQuotesTheLinesOfItsErrors() async throws {
        let broken = "---\ntitle: [unclosed\n---\n# Broken\n"
        let (root, content) = try Self.content(["broken.md": broken, "clean.md": Self.clean])
        defer { try? FileManager.default.removeItem(at: root) }
        let options = BuildOptions(contentDirectory: content, outputDirectory: root.appendingPathComponent("_site"))
        do {
            _ = try await SiteBuilder(options: options).build()
            Issue.record("the build should have failed")
        } catch SiteBuilder.Failure.invalidInput(let diagnostics, let sources) {
            let error = try #require(diagnostics.first { $0.id == "front-matter.invalid" })
            let source = try #require(sources.first { $0.relativePath == "broken.md" })
            #expect(source.text == broken)
            // Quoted as when the text was in memory: the line, then a caret.
            let formatted = TextReporter(colored: false, sources: sources).format([error])
            let withoutText = SourceFile(relativePath: source.relativePath, displayPath: source.displayPath, text: "")
            #expect(formatted != TextReporter(colored: false, sources: [withoutText]).format([error]))
            #expect(formatted.hasSuffix("\n---\n^\n"))
        }
    }

    @Test func aDocumentEditedWhileTheSiteIsBuiltFailsTheBuildAndKeepsThePreviousSite() async throws {
        let (root, content) = try Self.content(["warned.md": Self.warned, "clean.md": Self.clean])
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("_site")
        let options = BuildOptions(contentDirectory: content, outputDirectory: site, themeDirectory: Fixtures.theme)
        _ = try await SiteBuilder(options: options).build()
        let before = HardeningSupport.snapshot(site)

        // The next build analyses the edited document; while it writes its first page, the document is edited again.
        let clean = content.appendingPathComponent("clean.md")
        try Data((Self.clean + "\nA first edit.\n").utf8).write(to: clean)
        var builder = SiteBuilder(options: options)
        let written = HardeningDiskFullTests.Counter()
        builder.writeBytes = { data, path in
            if written.increment() == 1 { try? Data((Self.clean + "\nA second edit.\n").utf8).write(to: clean) }
            return SiteWriter.writeBytes(data, to: path)
        }
        do {
            _ = try await builder.build()
            Issue.record("the build should have failed")
        } catch let failure as SiteBuilder.Failure {
            guard case .changedDuringBuild(let path) = failure else { throw failure }
            #expect(path.hasSuffix("/Content/clean.md"))
            #expect(failure.localizedDescription
                    == "\(path) changed while the site was being built; the previous site was left untouched; build again")
        }
        #expect(HardeningSupport.snapshot(site) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["Content", "_site"])
        // Built again, the site has the second edit.
        _ = try await SiteBuilder(options: options).build()
        #expect(try String(contentsOf: site.appendingPathComponent("clean.html"), encoding: .utf8).contains("A second edit."))
    }
}
