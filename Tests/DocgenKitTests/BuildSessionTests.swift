import Foundation
import Testing
@testable import DocgenKit

/// Incremental rebuilds: only what changed is re-read, re-parsed and re-rendered.
@Suite struct BuildSessionTests {
    func makeSession(_ files: [String: String]) throws -> (URL, URL, BuildSession) {
        let temp = try Fixtures.temporaryDirectory()
        let content = temp.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for (name, text) in files { try write(text, to: content.appendingPathComponent(name)) }
        let options = BuildOptions(contentDirectory: content, outputDirectory: temp.appendingPathComponent("_site"), themeDirectory: Fixtures.theme)
        return (temp, content, BuildSession(options: options))
    }

    func write(_ text: String, to url: URL) throws {
        try text.write(to: url, atomically: true, encoding: .utf8)
        // Make sure the modification time moves even on coarse-grained file systems.
        let date = Date().addingTimeInterval(Double.random(in: 1...1000))
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
    }

    @Test func anUnchangedRebuildParsesAndChangesNothing() async throws {
        let (temp, _, session) = try makeSession(["a.md": "# A\n\n- Always use `struct`.\n", "b.md": "# B\n\nSee [A](a.md).\n"])
        defer { try? FileManager.default.removeItem(at: temp) }
        let first = try await session.build()
        #expect(Set(first.parsedDocuments) == ["a.md", "b.md"])
        #expect(first.changedPaths.contains("a.html"))
        let second = try await session.build()
        #expect(second.parsedDocuments.isEmpty)
        #expect(second.changedPaths.isEmpty)
        #expect(second.files.count == first.files.count)
    }

    @Test func thePreviewOfAnEditIsThePageTheFullBuildMakes() async throws {
        let (temp, content, session) = try makeSession([
            "a.md": "# A\n\n## Views\n\n- Always use `struct`.\n\nSee [B](b.md#setup).\n",
            "b.md": "# B\n\n## Setup\n\nNever use singletons.\n",
        ])
        defer { try? FileManager.default.removeItem(at: temp) }
        #expect(session.previewPages(of: ["a.md"]) == nil, "nothing to preview against before the first build")
        _ = try await session.build()
        try write("# A\n\n## Views\n\n- Always use `struct`.\n- Never block the main actor.\n\n## New section\n\nSee [B](b.md#setup) and [here](#new-section).\n",
                  to: content.appendingPathComponent("a.md"))
        let preview = try #require(session.previewPages(of: ["a.md"]))
        #expect(preview.map(\.path) == ["a.html"])
        let full = try await session.build()
        #expect(preview.first?.data == full.files["a.html"]?.data, "the preview is byte for byte the page of the full build")
        // A new title changes every page's navigation, a new document has no place yet: no preview.
        try write("# A renamed\n", to: content.appendingPathComponent("a.md"))
        #expect(session.previewPages(of: ["a.md"]) == nil)
        try write("# C\n", to: content.appendingPathComponent("c.md"))
        #expect(session.previewPages(of: ["c.md"]) == nil)
    }

    @Test(arguments: [false, true])
    func aPreviewOfABrokenLinkIsThePageTheFullBuildMakes(buildBetweenEdits: Bool) async throws {
        // What the serve browser check does: an edit, then a broken link, the second possibly previewed
        // against a build that did not see the first edit yet.
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = temp.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: Fixtures.content, to: content)
        let session = BuildSession(options: BuildOptions(contentDirectory: content, outputDirectory: temp.appendingPathComponent("_site"),
                                                         themeDirectory: Fixtures.theme, reloadScript: "<script id=\"docgen-reload\"></script>"))
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: content.path).filter { $0.hasSuffix(".md") }.sorted().first)
        let file = content.appendingPathComponent(name)
        let original = try String(contentsOf: file, encoding: .utf8)
        let page = name.replacingOccurrences(of: ".md", with: ".html")
        _ = try await session.build()
        try write(original + "\n\nBrowser-edit-marker paragraph.\n", to: file)
        _ = try #require(session.previewPages(of: [name]))
        if buildBetweenEdits { _ = try await session.build() }
        try write(original + "\n\nSee [gone](no-such-doc<img_src=x_onerror=window.__pwned=1>.md).\n", to: file)
        let preview = try #require(session.previewPages(of: [name]))
        let full = try await session.build()
        #expect(preview.first { $0.path == page }?.data == full.files[page]?.data)
    }

    @Test func editingOneDocumentReparsesOnlyIt() async throws {
        let (temp, content, session) = try makeSession(["a.md": "# A\n\nText.\n", "b.md": "# B\n\nOther.\n", "c.md": "# C\n"])
        defer { try? FileManager.default.removeItem(at: temp) }
        _ = try await session.build()
        try write("# A\n\nNew text.\n", to: content.appendingPathComponent("a.md"))
        let snapshot = try await session.build()
        #expect(snapshot.parsedDocuments == ["a.md"])
        #expect(snapshot.changedPaths.contains("a.html"))
        #expect(!snapshot.changedPaths.contains("b.html"))
        #expect(!snapshot.changedPaths.contains("c.html"))
        let page = String(decoding: try #require(snapshot.files["a.html"]).data, as: UTF8.self)
        #expect(page.contains("New text."))
    }

    @Test func aNewTitleRerendersTheNavigationOfEveryPage() async throws {
        let (temp, content, session) = try makeSession(["a.md": "# A\n", "b.md": "# B\n"])
        defer { try? FileManager.default.removeItem(at: temp) }
        _ = try await session.build()
        try write("# Renamed\n", to: content.appendingPathComponent("a.md"))
        let snapshot = try await session.build()
        #expect(snapshot.parsedDocuments == ["a.md"])
        #expect(snapshot.changedPaths.isSuperset(of: ["a.html", "b.html", "index.html"]))
        #expect(String(decoding: try #require(snapshot.files["b.html"]).data, as: UTF8.self).contains("Renamed"))
    }

    @Test func addingAndDeletingDocuments() async throws {
        let (temp, content, session) = try makeSession(["a.md": "# A\n", "b.md": "# B\n"])
        defer { try? FileManager.default.removeItem(at: temp) }
        _ = try await session.build()
        try FileManager.default.removeItem(at: content.appendingPathComponent("b.md"))
        try write("# C\n", to: content.appendingPathComponent("c.md"))
        let snapshot = try await session.build()
        #expect(snapshot.parsedDocuments == ["c.md"])
        #expect(snapshot.files["c.html"] != nil)
        #expect(snapshot.files["b.html"] == nil)
        #expect(snapshot.removedPaths.contains("b.html"))
    }

    @Test func aBrokenEditFailsAndTheNextGoodEditRecovers() async throws {
        let (temp, content, session) = try makeSession(["a.md": "# A\n", "b.md": "# B\n"])
        defer { try? FileManager.default.removeItem(at: temp) }
        _ = try await session.build()
        try write("---\n- nope\n---\n# A\n", to: content.appendingPathComponent("a.md"))
        await #expect(throws: SiteBuilder.Failure.self) { _ = try await session.build() }
        try write("# A fixed\n", to: content.appendingPathComponent("a.md"))
        let snapshot = try await session.build()
        #expect(snapshot.parsedDocuments == ["a.md"])
        #expect(String(decoding: try #require(snapshot.files["a.html"]).data, as: UTF8.self).contains("A fixed"))
    }

    @Test func incrementalOutputEqualsAFreshBuild() async throws {
        let (temp, content, session) = try makeSession([:])
        defer { try? FileManager.default.removeItem(at: temp) }
        for url in Fixtures.contentFiles {
            try FileManager.default.copyItem(at: url, to: content.appendingPathComponent(url.lastPathComponent))
        }
        _ = try await session.build()
        let edited = content.appendingPathComponent("style-guide.md")
        try write(try String(contentsOf: edited, encoding: .utf8) + "\n## Appendix\n\nAlways write tests.\n", to: edited)
        let incremental = try await session.build()
        let fresh = try await BuildSession(options: session.options).build()
        #expect(Set(incremental.files.keys) == Set(fresh.files.keys))
        for (path, file) in fresh.files {
            #expect(incremental.files[path]?.data == file.data, "\(path) differs from a fresh build")
        }
        #expect(incremental.parsedDocuments == ["style-guide.md"])
    }
}
