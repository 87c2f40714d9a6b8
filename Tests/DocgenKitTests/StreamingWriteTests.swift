import Foundation
import Testing
@testable import DocgenKit

/// `docgen build` writes pages into the staging folder as they are rendered (`SiteStaging`) instead of
/// holding the whole site in memory. The site must be exactly what the in-memory build makes, and every
/// failure must still leave the previous site as it was and no temporary folder behind.
@Suite struct StreamingWriteTests {
    /// Three documents with 600 rules each: more than `RulePages.defaultSplitThreshold`, so the rules are
    /// split into one page per document (pages delivered while they are rendered).
    static func manyRulesContent(in root: URL) throws -> URL {
        let content = root.appendingPathComponent("ManyRules")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for document in 1...3 {
            let rules = (1...600).map { "- Always call `service\(document)x\($0)` from the model layer" }
            let text = "# Document \(document)\n\n## Rules - P1\n\n" + rules.joined(separator: "\n") + "\n"
            try Data(text.utf8).write(to: content.appendingPathComponent("doc-\(document).md"))
        }
        return content
    }

    @Test func aFileMadeInPartsIsWrittenWholeAndInOrder() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let staging = SiteStaging(writer: SiteWriter(output: root.appendingPathComponent("_site")))
        // More parts than cores: several batches, each written after the one before.
        let parts = OutputParts(count: 2 * ProcessInfo.processInfo.activeProcessorCount + 3) { Array("part \($0)\n".utf8) }
        let expected = (0..<parts.count).map { "part \($0)\n" }.joined()
        #expect(try staging.write("big/rules.json", parts: parts).isWritten)
        try staging.commit()
        #expect(try String(contentsOf: root.appendingPathComponent("_site/big/rules.json"), encoding: .utf8) == expected)
        #expect(parts.data == Data(expected.utf8))
    }

    @Test(arguments: ["Content", "ManyRules"])
    func aStreamedBuildWritesExactlyWhatTheInMemoryBuildMakes(_ contentName: String) async throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let content = contentName == "Content" ? Fixtures.content : try Self.manyRulesContent(in: root)
        let options = BuildOptions(contentDirectory: content, outputDirectory: root.appendingPathComponent("_site"),
                                   themeDirectory: Fixtures.theme)
        let report = try await SiteBuilder(options: options).build()
        let snapshot = try await BuildSession(options: options).build()

        let onDisk = HardeningSupport.snapshot(options.outputDirectory)
        let expected = Set(snapshot.files.keys).union([BuildManifest.fileName, SiteWriter.markerName])
        #expect(Set(onDisk.keys) == expected)
        #expect(report.fileCount == expected.count)
        var differing: [String] = []
        for (path, file) in snapshot.files where onDisk[path] != file.data { differing.append(path) }
        #expect(differing.isEmpty)
        #expect(snapshot.files.values.allSatisfy { !$0.isWritten })
        if contentName == "ManyRules" {
            #expect(snapshot.rules.rules.count == 1800)
            #expect(onDisk["rules/doc-1.html"].map { String(decoding: $0, as: UTF8.self).contains("service1x600") } == true)
        }
        let others = contentName == "Content" ? ["_site"] : ["ManyRules", "_site"]
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == others)

        // Streaming, the session keeps no file's bytes: every file is already on disk.
        let staging = SiteStaging(writer: SiteWriter(output: root.appendingPathComponent("other")))
        let streamed = try await BuildSession(options: options).build(streamingInto: staging)
        #expect(Set(streamed.files.keys) == Set(snapshot.files.keys))
        #expect(streamed.files.values.allSatisfy { $0.isWritten && $0.data.isEmpty })
        #expect(staging.writtenCount == snapshot.files.count)
        staging.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == others)
    }

    @Test func aDiskThatFillsUpWhileTheBuildStreamsKeepsThePreviousSite() async throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("_site")
        try await HardeningSupport.buildPreviousSite(into: site)
        let before = HardeningSupport.snapshot(site)
        var builder = SiteBuilder(options: BuildOptions(contentDirectory: Fixtures.content, outputDirectory: site,
                                                        themeDirectory: Fixtures.theme))
        // Twenty files fit (document pages, written while rendering); the next one fills the disk.
        let written = HardeningDiskFullTests.Counter()
        builder.writeBytes = { data, path in
            guard written.increment() <= 20 else { return ENOSPC }
            return SiteWriter.writeBytes(data, to: path)
        }
        do {
            _ = try await builder.build()
            Issue.record("the build should have failed")
        } catch let failure as SiteWriter.Failure {
            guard case .writeFailed(_, let reason) = failure else { throw failure }
            #expect(reason == "No space left on device")
        }
        #expect(written.increment() > 21)
        #expect(HardeningSupport.snapshot(site) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["_site"])
    }

    @Test func aBuildWithErrorsCreatesNothingWhereTheSiteWouldGo() async throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let content = root.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("---\ntitle: [unclosed\n---\n# Broken\n".utf8).write(to: content.appendingPathComponent("broken.md"))
        let output = root.appendingPathComponent("out/deeper/_site")
        await #expect(throws: SiteBuilder.Failure.self) {
            _ = try await SiteBuilder(options: BuildOptions(contentDirectory: content, outputDirectory: output)).build()
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
    }

    @Test func stagingIsCreatedOnTheFirstWriteAndTheLastFileOfAPathWins() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("_site")
        let staging = SiteStaging(writer: SiteWriter(output: site))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)

        let first = try staging.write(OutputFile(path: "a/page.html", text: "first"))
        #expect(first.isWritten && first.data.isEmpty && first.path == "a/page.html")
        try staging.write([OutputFile(path: "a/page.html", text: "second"), OutputFile(path: "b.html", text: "b")])
        #expect(staging.writtenCount == 2)
        // Handing on a file that is already written changes nothing.
        let written = try staging.write([OutputFile(path: "b.html", text: "b").written])
        #expect(written.map(\.path) == ["b.html"] && staging.writtenCount == 2)
        let temporaries = try FileManager.default.contentsOfDirectory(atPath: root.path)
        #expect(temporaries.count == 1 && temporaries[0].hasPrefix("._site.tmp-"))
        try staging.commit()

        #expect(try String(contentsOf: site.appendingPathComponent("a/page.html"), encoding: .utf8) == "second")
        #expect(try String(contentsOf: site.appendingPathComponent("b.html"), encoding: .utf8) == "b")
        #expect(SiteWriter.isOwned(site))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["_site"])
    }

    @Test func discardingRemovesEverythingWrittenAndKeepsThePreviousSite() async throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("_site")
        try await HardeningSupport.buildPreviousSite(into: site)
        let before = HardeningSupport.snapshot(site)
        let staging = SiteStaging(writer: SiteWriter(output: site))
        try staging.write((1...300).map { OutputFile(path: "pages/\($0).html", text: "\($0)") })
        staging.discard()
        #expect(HardeningSupport.snapshot(site) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["_site"])
    }
}
