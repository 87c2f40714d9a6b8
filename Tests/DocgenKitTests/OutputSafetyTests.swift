import Foundation
import Testing
@testable import DocgenKit

/// The site is swapped in only on success, and docgen never deletes what it did not create.
@Suite struct OutputSafetyTests {
    func makeContent(in temp: URL, _ files: [String: String]) throws -> URL {
        let content = temp.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: content.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return content
    }

    func build(_ content: URL, _ output: URL) async throws -> SiteBuilder.Report {
        try await SiteBuilder(options: BuildOptions(contentDirectory: content, outputDirectory: output, themeDirectory: Fixtures.theme)).build()
    }

    @Test func aFailedBuildLeavesTheLastGoodSite() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = try makeContent(in: temp, ["a.md": "# Version one\n"])
        let site = temp.appendingPathComponent("_site")
        _ = try await build(content, site)
        let before = try String(contentsOf: site.appendingPathComponent("a.html"), encoding: .utf8)
        #expect(before.contains("Version one"))

        try "---\ntitle: [broken\n---\n# Version two\n".write(to: content.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        await #expect(throws: SiteBuilder.Failure.self) { _ = try await build(content, site) }
        #expect(try String(contentsOf: site.appendingPathComponent("a.html"), encoding: .utf8) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temp.path).filter { $0.hasPrefix("._site.") }
        #expect(leftovers.isEmpty)
    }

    @Test func aSuccessfulBuildReplacesTheSiteCompletely() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = try makeContent(in: temp, ["a.md": "# A\n", "b.md": "# B\n"])
        let site = temp.appendingPathComponent("_site")
        _ = try await build(content, site)
        try FileManager.default.removeItem(at: content.appendingPathComponent("b.md"))
        _ = try await build(content, site)
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("a.html").path))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("b.html").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path).sorted() == ["Content", "_site"])
    }

    @Test func refusesToReplaceAFolderDocgenDidNotCreate() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = try makeContent(in: temp, ["a.md": "# A\n"])
        let precious = temp.appendingPathComponent("precious")
        try FileManager.default.createDirectory(at: precious, withIntermediateDirectories: true)
        try "keep me".write(to: precious.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        await #expect(throws: SiteWriter.Failure.notCreatedByDocgen(precious.path)) { _ = try await build(content, precious) }
        #expect(try String(contentsOf: precious.appendingPathComponent("notes.txt"), encoding: .utf8) == "keep me")
    }

    @Test func anEmptyFolderMayBeUsed() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = try makeContent(in: temp, ["a.md": "# A\n"])
        let empty = temp.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        _ = try await build(content, empty)
        #expect(FileManager.default.fileExists(atPath: empty.appendingPathComponent(SiteWriter.markerName).path))
    }

    @Test func refusesAnOutputThatIsAFile() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = try makeContent(in: temp, ["a.md": "# A\n"])
        let file = temp.appendingPathComponent("site")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        await #expect(throws: SiteWriter.Failure.outputIsAFile(file.path)) { _ = try await build(content, file) }
        #expect(try String(contentsOf: file, encoding: .utf8) == "x")
    }

    @Test func refusesAnOutputInsideTheContentFolder() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = try makeContent(in: temp, ["a.md": "# A\n"])
        await #expect(throws: SiteBuilder.Failure.self) { _ = try await build(content, content.appendingPathComponent("_site")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: content.path) == ["a.md"])
    }

    @Test func staleTemporaryFoldersOfKilledBuildsAreCleanedUp() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = try makeContent(in: temp, ["a.md": "# A\n"])
        // A staging folder left by a build (pid 999999 no longer runs) that was killed mid-write.
        let stale = temp.appendingPathComponent("._site.tmp-999999-1")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try "".write(to: stale.appendingPathComponent(SiteWriter.markerName), atomically: true, encoding: .utf8)
        // Someone's own folder with a similar name but no marker is left alone.
        let foreign = temp.appendingPathComponent("._site.tmp-999999-2")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try "mine".write(to: foreign.appendingPathComponent("file"), atomically: true, encoding: .utf8)
        _ = try await build(content, temp.appendingPathComponent("_site"))
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: foreign.appendingPathComponent("file").path))
    }
}
