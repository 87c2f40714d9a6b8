import Foundation
import Testing
@testable import DocgenKit

/// The cache file all build caches use: written in batches, read back whole, replaced atomically.
@Suite struct BlobCacheFileTests {
    static let kind = BlobCacheFile.Kind(magic: "docgen-test-cache", format: 3)

    @Test func entriesWrittenInBatchesComeBackByKey() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let url = temp.appendingPathComponent("nested/cache.bin")
        let blobs = (0..<200).map { index in Array(repeating: UInt8(index % 251), count: index * 3)[...] }
        try BlobCacheFile.write(count: blobs.count, to: url, kind: Self.kind, stamp: "s", batchSize: 7) { ("key \($0) ✓", blobs[$0]) }
        let file = BlobCacheFile(contentsOf: url, kind: Self.kind, stamp: "s")
        #expect(file.count == 200)
        for (index, blob) in blobs.enumerated() { #expect(file.blob(for: "key \(index) ✓") == blob) }
        #expect(file.holdsExactly(Set((0..<200).map { "key \($0) ✓" })))
        // Another kind, format or stamp reads as empty.
        #expect(BlobCacheFile(contentsOf: url, kind: BlobCacheFile.Kind(magic: "docgen-test-cache", format: 4), stamp: "s").count == 0)
        #expect(BlobCacheFile(contentsOf: url, kind: Self.kind, stamp: "t").count == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == ["cache.bin"])
    }

    @Test func aFailedWriteThrowsAndLeavesNoPartialFile() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        // The final rename fails (a folder is in the way, even for root): an error, and nothing left behind.
        let url = temp.appendingPathComponent("cache.bin")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("kept"), withIntermediateDirectories: true)
        #expect(throws: (any Error).self) {
            try BlobCacheFile.write([("a", [1, 2, 3][...])], to: url, kind: Self.kind, stamp: "s")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path) == ["cache.bin"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path) == ["kept"])
    }

    @Test func aWriterKeepsToTheCountItAnnouncedAndLeavesNothingUnlessCommitted() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let url = temp.appendingPathComponent("cache.bin")
        let writer = try BlobCacheFile.Writer(url: url, kind: Self.kind, stamp: "s", count: 2)
        try writer.append(key: "a", blob: [1, 2][...])
        try writer.append(key: "b", blob: [][...])
        #expect(throws: (any Error).self) { try writer.append(key: "c", blob: [3][...]) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        try writer.commit()
        let file = BlobCacheFile(contentsOf: url, kind: Self.kind, stamp: "s")
        #expect(file.holdsExactly(["a", "b"]) && file.blob(for: "a") == [1, 2][...] && file.blob(for: "b")?.isEmpty == true)

        // Fewer entries than announced: commit fails, and the file already there is kept.
        let short = try BlobCacheFile.Writer(url: url, kind: Self.kind, stamp: "s", count: 3)
        try short.append(key: "x", blob: [9][...])
        #expect(throws: (any Error).self) { try short.commit() }
        short.discard()
        // A writer let go of without commit removes its file too.
        do {
            let dropped = try BlobCacheFile.Writer(url: url, kind: Self.kind, stamp: "s", count: 1)
            try dropped.append(key: "y", blob: [8][...])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path) == ["cache.bin"])
        #expect(BlobCacheFile(contentsOf: url, kind: Self.kind, stamp: "s").holdsExactly(["a", "b"]))
    }
}
