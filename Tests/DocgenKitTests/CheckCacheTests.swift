import Foundation
import Testing
@testable import DocgenKit

/// The cache: keys, hits, zero compiler runs on an unchanged corpus, robustness.
@Suite struct CheckCacheTests {
    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(String(repeating: "a", count: 1_000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func keyDependsOnCodeVersionAndFlags() {
        let base = CheckCache.key(code: "let a = 1\n", compilerVersion: "Swift 6.3.1", flags: ["-parse", "-swift-version", "6"])
        #expect(base.count == 64)
        #expect(base == CheckCache.key(code: "let a = 1\n", compilerVersion: "Swift 6.3.1", flags: ["-parse", "-swift-version", "6"]))
        #expect(base != CheckCache.key(code: "let a = 2\n", compilerVersion: "Swift 6.3.1", flags: ["-parse", "-swift-version", "6"]))
        #expect(base != CheckCache.key(code: "let a = 1\n", compilerVersion: "Swift 6.2", flags: ["-parse", "-swift-version", "6"]))
        #expect(base != CheckCache.key(code: "let a = 1\n", compilerVersion: "Swift 6.3.1", flags: ["-parse", "-swift-version", "5"]))
    }

    static let document = """
        # Cached

        ```swift
        struct A {}
        ```

        ```swift
        init() {}
        ```

        ```swift
        print("top level")
        ```

        ```swift
        struct A {}
        ```

        """

    @Test func anUnchangedCorpusIsCheckedWithZeroCompilerRuns() async throws {
        let content = try CheckSupport.contentFolder(["cached.md": Self.document])
        let root = content.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let options = CheckSupport.options(content, cache: root.appendingPathComponent("cache"))

        let cold = try await CheckRunner(options: options).run()
        #expect(cold.cacheMisses == 3)  // the fourth snippet is the same text as the first
        #expect(cold.compilerRuns >= 2)  // the version, then at least one parse
        let warm = try await CheckRunner(options: options).run()
        #expect(warm.compilerRuns == 0)
        #expect(warm.cacheHits == 3)
        #expect(warm.cacheMisses == 0)
        #expect(warm.diagnostics == cold.diagnostics)
        #expect(warm.snippets.map(\.status) == [.passed, .failed, .passed, .passed])
        #expect(warm.snippets.allSatisfy { $0.cached })

        // One edited snippet: only it is parsed again.
        try Data(Self.document.replacingOccurrences(of: "print(\"top level\")", with: "print(\"changed\")").utf8)
            .write(to: content.appendingPathComponent("cached.md"))
        let edited = try await CheckRunner(options: options).run()
        #expect(edited.cacheMisses == 1)
        #expect(edited.cacheHits == 2)
        #expect(edited.compilerRuns == 1)
    }

    @Test func aCorruptIndexIsIgnoredAndRewritten() async throws {
        let content = try CheckSupport.contentFolder(["cached.md": Self.document])
        let root = content.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let cacheDirectory = root.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: cacheDirectory.appendingPathComponent("index.json"))
        #expect(CheckCache(directory: cacheDirectory).load() == CheckCache.Index())
        let report = try await CheckRunner(options: CheckSupport.options(content, cache: cacheDirectory)).run()
        #expect(report.cacheMisses == 3)
        #expect(CheckCache(directory: cacheDirectory).load().entries.count == 3)
    }

    @Test func anUnwritableCacheIsAWarningNotAFailure() async throws {
        let content = try CheckSupport.contentFolder(["cached.md": Self.document])
        let root = content.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let blocker = root.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let report = try await CheckRunner(options: CheckSupport.options(content, cache: blocker.appendingPathComponent("cache"))).run()
        #expect(report.snippets.map(\.status) == [.passed, .failed, .passed, .passed])
        #expect(report.diagnostics.contains { $0.id == "check.cache-unwritable" && $0.severity == .warning })
    }

    @Test func leastRecentlyUsedEntriesAreDroppedBeyondCapacity() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = CheckCache(directory: directory, capacity: 2)
        var index = CheckCache.Index()
        index.entries["old"] = CheckCache.Entry(result: .clean, used: 1)
        index.entries["new"] = CheckCache.Entry(result: .clean, used: 3)
        index.entries["mid"] = CheckCache.Entry(result: SnippetParseResult(failed: true), used: 2)
        try cache.save(index)
        #expect(Set(cache.load().entries.keys) == ["new", "mid"])
    }
}
