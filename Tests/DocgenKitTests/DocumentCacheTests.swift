import Foundation
import Testing
@testable import DocgenKit

/// The document cache: an analysis comes back equal (without its tree), a damaged or foreign file is an empty
/// cache, and a build takes documents from it only when their text is unchanged, analysing again any whose
/// page it must render.
@Suite struct DocumentCacheTests {
    static func sources() throws -> [SourceFile] {
        try Fixtures.contentFiles.map { url in
            SourceFile(relativePath: url.lastPathComponent, displayPath: "Content/" + url.lastPathComponent,
                       text: try String(contentsOf: url, encoding: .utf8))
        }
    }

    /// Everything but the tree, comparable.
    static func fields(_ document: Document) -> [String] {
        let frontMatter = document.frontMatter.map { "\($0.lineCount) \($0.entries.map { "\($0.key)=\($0.value)" })" } ?? "none"
        return [document.source.relativePath, document.title, document.summary, "\(document.wordCount)", frontMatter,
                "\(document.headings)", "\(document.snippets)", "\(document.links)"]
    }

    @Test func theTreeParsedAgainIsTheTreeAnalysisMade() throws {
        // A streaming build lets trees go after analysis and parses them again to render (`fullDocument`).
        var sources = try Self.sources()
        sources.append(SourceFile(relativePath: "front.md", displayPath: "Content/front.md",
                                  text: "---\ntitle: T\n---\n# H\n\n- Always x.\n"))
        sources.append(SourceFile(relativePath: "bad.md", displayPath: "Content/bad.md",
                                  text: "---\ntitle: [unclosed\n---\n# H\n\nText.\n"))
        for source in sources {
            let (document, _) = DocumentAnalyzer.analyze(source)
            #expect(DocumentAnalyzer.tree(of: source) == document.root, "\(source.relativePath)")
        }
        #expect(DocumentAnalyzer.tree(of: sources[sources.count - 2]).children.first?.range.start.line == 4)
    }

    @Test func theFiveDocumentsAndFrontMatterComeBackEqualWithoutTheirTrees() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        var sources = try Self.sources()
        sources.append(SourceFile(relativePath: "odd.md", displayPath: "Content/odd.md", text:
            "---\ntitle: \"Odd 👩‍💻\"\norder: 2\n---\n# Heading - P1\n\n```swift expect-error=\"x\" ignore bad mystery\nlet \"a\n```\n\n![i](x.png)\n"))
        let analysed = sources.map(DocumentAnalyzer.analyze)
        #expect(analysed.contains { $0.0.frontMatter != nil } && analysed.contains { !$0.1.isEmpty })
        #expect(analysed.contains { $0.0.snippets.contains { !$0.attributes.unknown.isEmpty && $0.attributes.expectedMessage != nil } })
        let url = temp.appendingPathComponent("cache/documents.bin")
        try DocumentCache.write(zip(sources, analysed).map { ($0.0.relativePath, DocumentCache.encode($0.1.0, diagnostics: $0.1.1)) }, to: url)
        let cache = DocumentCache(contentsOf: url)
        for (source, (document, diagnostics)) in zip(sources, analysed) {
            let entry = try #require(cache.entry(for: source.relativePath, source: source))
            #expect(Self.fields(entry.document) == Self.fields(document))
            #expect(entry.diagnostics == diagnostics)
            #expect(entry.document.root.children.isEmpty)
            #expect(entry.document.source.text == source.text)
        }
        // Damaged or foreign: no entry, never a wrong one.
        let whole = try Data(contentsOf: url)
        for length in [0, 11, whole.count / 2, whole.count - 1] {
            try whole.prefix(length).write(to: url)
            for (source, (document, _)) in zip(sources, analysed) {
                let found = DocumentCache(contentsOf: url).entry(for: source.relativePath, source: source)
                #expect(found == nil || Self.fields(found?.document ?? document) == Self.fields(document))
            }
        }
        try whole.write(to: url)
        #expect(DocumentCache(contentsOf: url, stamp: "another docgen").entry(for: sources[0].relativePath, source: sources[0]) == nil)
    }

    @Test func aBuildTakesDocumentsFromTheCacheOnlyWhenTheirTextIsUnchanged() async throws {
        let folder = try Fixtures.CachedContent([("a.md", "# A\n\n- Always use `struct`.\n"), ("b.md", "# B\n\n- Never use singletons.\n")])
        defer { try? FileManager.default.removeItem(at: folder.temp) }
        let options = folder.options
        _ = try await SiteBuilder(options: options).build()
        let url = try #require(options.documentCacheFile)
        let cache = DocumentCache(contentsOf: url)
        #expect(cache.file.count == 2)

        // Doctor both cached titles: the build shows the doctored one only for the unchanged document.
        let anySource = SourceFile(relativePath: "x.md", displayPath: "x.md", text: "")
        let doctored = try cache.file.keys.map { key -> (key: String, encoded: ArraySlice<UInt8>) in
            var entry = try #require(cache.entry(for: key, source: anySource))
            entry.document.title = "Doctored \(entry.document.title)"
            return (key, DocumentCache.encode(entry.document, diagnostics: entry.diagnostics))
        }
        try DocumentCache.write(doctored, to: url)
        try folder.write("# B\n\n- Never use global singletons.\n", "b.md")
        let report = try await SiteBuilder(options: options).build()
        #expect(report.documents.map(\.title).sorted() == ["B", "Doctored A"])
        // The home page lists the doctored title; a.html, whose navigation changed, was rendered again from
        // a.md itself: its body is the document's, with its rule.
        let home = try String(contentsOf: options.outputDirectory.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(home.contains("Doctored A"))
        let page = try String(contentsOf: options.outputDirectory.appendingPathComponent("a.html"), encoding: .utf8)
        #expect(page.contains("Always use <code>struct</code>"))
    }
}
