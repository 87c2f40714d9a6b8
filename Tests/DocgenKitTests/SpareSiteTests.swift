import Foundation
import Testing
@testable import DocgenKit

/// The previous site is kept beside the output folder (`._site.spare`) and the next build writes into it:
/// files that are the live site's are kept, the others replaced (never written through a shared link),
/// and what the new site no longer has is deleted.
@Suite struct SpareSiteTests {
    typealias Fixture = BuildManifestTests.Fixture

    private func spare(_ fixture: Fixture) -> URL { fixture.temp.appendingPathComponent("._site.spare") }

    /// Every path (files and folders) under `folder`, docgen's own files left out.
    private func paths(_ folder: URL) throws -> Set<String> {
        Set(try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".docgen") })
    }

    /// The site's paths and bytes against a fresh build of the same content: the names of differing files,
    /// and the paths only one of them has.
    private func differences(_ fixture: Fixture) async throws -> [String] {
        let fresh = fixture.temp.appendingPathComponent("fresh-\(UUID().uuidString)")
        _ = try await fixture.build(into: fresh)
        let (_, differing) = try Fixtures.siteDifferences(fixture.site, from: fresh)
        let unmatched = try paths(fixture.site).symmetricDifference(paths(fresh)).sorted()
        return differing + unmatched
    }

    private func inode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int)
    }

    @Test func theSiteASwapReplacedIsKeptAndSharesItsUnchangedFiles() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        _ = try await fixture.build()
        #expect(!FileManager.default.fileExists(atPath: spare(fixture).path))
        let oldPage = try fixture.text("a.html")

        try fixture.write("# A\n\n- Always use `struct`.\n\nChanged prose.\n\n```swift\nlet a = 1\n```\n", "a.md")
        _ = try await fixture.build()
        #expect(SiteWriter.isOwned(spare(fixture)))
        // Ignored by git as a whole; the site itself gets no .gitignore (the next build deletes the spare's).
        #expect(try String(contentsOf: spare(fixture).appendingPathComponent(".gitignore"), encoding: .utf8) == SpareSite.gitignore)
        #expect(!FileManager.default.fileExists(atPath: fixture.site.appendingPathComponent(".gitignore").path))
        // The changed page is a new file; the spare still has the old one (nothing was written through a link).
        #expect(try fixture.text("a.html").contains("Changed prose."))
        #expect(try String(contentsOf: spare(fixture).appendingPathComponent("a.html"), encoding: .utf8) == oldPage)
        // An unchanged page is one file in both.
        #expect(try inode(fixture.site.appendingPathComponent("b.html")) == inode(spare(fixture).appendingPathComponent("b.html")))
        #expect(try await differences(fixture) == [])
    }

    @Test func aBuildWritingIntoTheSpareLeavesExactlyTheNewSite() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        try fixture.write("# C\n\nText.\n\n```swift\nlet c = 3\n```\n", "c.md")
        _ = try await fixture.build()
        try fixture.write("# A\n\nNew prose.\n", "a.md")
        _ = try await fixture.build()
        let unchanged = try inode(fixture.site.appendingPathComponent("b.html"))
        // The spare is the first site, which has c.html and c's snippets; the third build no longer has them.
        try FileManager.default.removeItem(at: fixture.content.appendingPathComponent("c.md"))
        try fixture.write("# B\n\nOther text.\n\n```swift\nlet b = 4\n```\n", "b.md")
        _ = try await fixture.build()
        #expect(!FileManager.default.fileExists(atPath: fixture.site.appendingPathComponent("c.html").path))
        #expect(!FileManager.default.fileExists(atPath: fixture.site.appendingPathComponent("snippets/c").path))
        #expect(!FileManager.default.fileExists(atPath: fixture.site.appendingPathComponent(".gitignore").path))
        #expect(try fixture.text("b.html").contains("Other text."))
        #expect(try inode(fixture.site.appendingPathComponent("b.html")) != unchanged)
        #expect(try await differences(fixture) == [])
        // And the spare is now the second site, with c.html still in it.
        #expect(FileManager.default.fileExists(atPath: spare(fixture).appendingPathComponent("c.html").path))
    }

    @Test func aSpareHoldingAnythingStillGivesTheRightSite() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        _ = try await fixture.build()
        try fixture.write("# A\n\nNew prose.\n", "a.md")
        _ = try await fixture.build()
        // A file where a folder goes, a folder where a file goes, a stray file, a changed copy of a page.
        let spare = spare(fixture)
        try TreeRemover.remove(spare.appendingPathComponent("snippets").path)
        try "not a folder".write(to: spare.appendingPathComponent("snippets"), atomically: false, encoding: .utf8)
        try TreeRemover.remove(spare.appendingPathComponent("index.html").path)
        try FileManager.default.createDirectory(at: spare.appendingPathComponent("index.html/inner"), withIntermediateDirectories: true)
        try "stray".write(to: spare.appendingPathComponent("stray.txt"), atomically: false, encoding: .utf8)
        try TreeRemover.remove(spare.appendingPathComponent("b.html").path)
        try "stale".write(to: spare.appendingPathComponent("b.html"), atomically: false, encoding: .utf8)

        try fixture.write("# A\n\nNewer prose.\n", "a.md")
        _ = try await fixture.build()
        #expect(try await differences(fixture) == [])
    }

    @Test func aSpareWithoutTheMarkerIsNeitherUsedNorTouched() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        let foreign = spare(fixture)
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try "mine".write(to: foreign.appendingPathComponent("a.html"), atomically: false, encoding: .utf8)
        for prose in ["One.", "Two.", "Three."] {
            try fixture.write("# A\n\n\(prose)\n", "a.md")
            _ = try await fixture.build()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: foreign.path) == ["a.html"])
        #expect(try String(contentsOf: foreign.appendingPathComponent("a.html"), encoding: .utf8) == "mine")
        #expect(try fixture.text("a.html").contains("Three."))
    }

    @Test func withoutCachesThePreviousSiteIsDeleted() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        let output = fixture.temp.appendingPathComponent("plain")
        for prose in ["One.", "Two."] {
            try fixture.write("# A\n\n\(prose)\n", "a.md")
            _ = try await fixture.build(into: output)  // no cache folder
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.temp.path).filter { $0.hasPrefix(".plain") } == [])
    }
}

/// `SiteWriter.hasContents`: a file of the spare that already holds a page's bytes is kept, not rewritten.
@Suite struct SiteWriterContentsTests {
    @Test func onlyARegularFileWithExactlyTheseBytesMatches() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("page.html").path
        try Data("<p>same</p>".utf8).write(to: URL(fileURLWithPath: file))
        #expect(SiteWriter.hasContents(Data("<p>same</p>".utf8), at: file))
        #expect(!SiteWriter.hasContents(Data("<p>sane</p>".utf8), at: file))  // same size, other bytes
        #expect(!SiteWriter.hasContents(Data("<p>same</p>\n".utf8), at: file))
        #expect(!SiteWriter.hasContents(Data("<p>same".utf8), at: file))
        #expect(!SiteWriter.hasContents(Data("<p>same</p>".utf8), at: root.appendingPathComponent("missing").path))
        let link = root.appendingPathComponent("link.html").path
        #expect(symlink(file, link) == 0)
        #expect(!SiteWriter.hasContents(Data("<p>same</p>".utf8), at: link))  // never followed
        let empty = root.appendingPathComponent("empty").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(SiteWriter.hasContents(Data(), at: empty))
        #expect(!SiteWriter.hasContents(Data(), at: root.path))  // a folder
    }

    @Test func aRebuildKeepsTheSparesFilesThatAlreadyHoldTheNewBytes() async throws {
        let fixture = try BuildManifestTests.Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        _ = try await fixture.build()
        try fixture.write("# A\n\nOne.\n", "a.md")
        _ = try await fixture.build()
        // The spare is the first site; its theme assets hold what this build renders again: kept, not rewritten.
        let spareCSS = fixture.temp.appendingPathComponent("._site.spare/assets/docgen.css")
        let before = try #require(try FileManager.default.attributesOfItem(atPath: spareCSS.path)[.systemFileNumber] as? Int)
        try fixture.write("# A\n\nTwo.\n", "a.md")
        _ = try await fixture.build()
        #expect(try fixture.inode("assets/docgen.css") == before)
        #expect(try fixture.text("a.html").contains("Two."))
    }
}
