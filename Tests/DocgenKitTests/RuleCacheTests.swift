import Foundation
import Testing
@testable import DocgenKit

/// The rule cache: what it stores comes back equal, a damaged or foreign file is an empty cache, and a
/// build takes rules from it only for documents whose text did not change.
@Suite struct RuleCacheTests {
    static func realEntries() throws -> [(key: String, entry: RuleCache.Entry)] {
        try Fixtures.contentFiles.map { url in
            let file = SourceFile(relativePath: url.lastPathComponent, displayPath: "Content/" + url.lastPathComponent,
                                  text: try String(contentsOf: url, encoding: .utf8))
            let document = DocumentAnalyzer.analyze(file).0
            let (rules, diagnostics) = RuleExtractor.extract(document)
            return (RuleCache.key(for: file, textHash: StableHasher.hexHash(file.text)), RuleCache.Entry(rules: rules, diagnostics: diagnostics, snippets: document.snippets))
        }
    }

    @Test func theRulesOfTheFiveDocumentsComeBackEqual() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let entries = try Self.realEntries()
        #expect(entries.reduce(0) { $0 + $1.entry.rules.count } > 100)
        #expect(entries.contains { $0.entry.rules.contains { !$0.claims.isEmpty && $0.subject != nil && $0.priority != nil } })
        var withDiagnostic = entries[0]
        withDiagnostic.key = "with-diagnostic"
        withDiagnostic.entry.diagnostics = [Diagnostic(.warning, file: "Content/x.md", line: 3, column: 2, id: "rule.x", message: "a \"note\"")]
        withDiagnostic.entry.rules[0].related = ["other.rule"]
        let url = temp.appendingPathComponent("cache/rules.bin")
        try RuleCache.write((entries + [withDiagnostic]).map { ($0.key, RuleCache.encode($0.entry)) }, to: url)
        let cache = RuleCache(contentsOf: url)
        #expect(cache.file.count == entries.count + 1)
        for (key, entry) in entries + [withDiagnostic] {
            #expect(cache.entry(for: key) == entry)
        }
        #expect(cache.entry(for: "absent") == nil)
    }

    @Test func aDamagedOrForeignFileIsAnEmptyCache() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let entries = try Self.realEntries()
        let url = temp.appendingPathComponent("rules.bin")
        try RuleCache.write(entries.map { ($0.key, RuleCache.encode($0.entry)) }, to: url)
        let whole = try Data(contentsOf: url)
        // Cut anywhere: the index or an entry ends early; nothing traps, nothing wrong is returned.
        for length in [0, 5, 30, whole.count / 3, whole.count - 1] {
            try whole.prefix(length).write(to: url)
            let cache = RuleCache(contentsOf: url)
            for (key, entry) in entries {
                let found = cache.entry(for: key)
                #expect(found == nil || found == entry)
            }
        }
        try whole.write(to: url)
        #expect(RuleCache(contentsOf: url, stamp: "another docgen").file.count == 0)
        #expect(RuleCache(contentsOf: temp.appendingPathComponent("missing.bin")).file.count == 0)
    }

    @Test func aBuildTakesRulesFromTheCacheOnlyForUnchangedDocuments() async throws {
        let folder = try Fixtures.CachedContent([("a.md", "# A\n\n- Always use `struct`.\n"), ("b.md", "# B\n\n- Never use singletons.\n")])
        defer { try? FileManager.default.removeItem(at: folder.temp) }
        let options = folder.options
        _ = try await BuildSession(options: options).build()
        let url = try #require(options.ruleCacheFile)
        let cache = RuleCache(contentsOf: url)
        #expect(cache.file.count == 2)

        // Doctor the cached rules of both documents: the build shows them only for the unchanged one.
        let doctored = try cache.file.keys.map { key -> (key: String, encoded: ArraySlice<UInt8>) in
            var entry = try #require(cache.entry(for: key))
            entry.rules[0].plainText = "From the cache: \(entry.rules[0].document)"
            return (key, RuleCache.encode(entry))
        }
        try RuleCache.write(doctored, to: url)
        try folder.write("# B\n\n- Never use global singletons.\n", "b.md")
        let snapshot = try await BuildSession(options: options).build()
        let texts = snapshot.rules.rules.map(\.plainText)
        #expect(texts.contains("From the cache: a"))
        #expect(!texts.contains("From the cache: b"))
        #expect(texts.contains("Never use global singletons."))
        // The cache now holds b.md's new text and a.md's entry as it was.
        #expect(RuleCache(contentsOf: url).file.count == 2)
    }

    @Test func aSiteBuiltWithTheCacheEqualsOneBuiltWithout() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        var cached = BuildOptions(contentDirectory: Fixtures.content, outputDirectory: temp.appendingPathComponent("cached"))
        cached.cacheDirectory = temp.appendingPathComponent("cache")
        _ = try await SiteBuilder(options: cached).build()
        try FileManager.default.removeItem(at: cached.outputDirectory)
        _ = try await SiteBuilder(options: cached).build()  // rules from the cache this time
        let plain = BuildOptions(contentDirectory: Fixtures.content, outputDirectory: temp.appendingPathComponent("plain"))
        _ = try await SiteBuilder(options: plain).build()
        let (compared, differing) = try Fixtures.siteDifferences(cached.outputDirectory, from: plain.outputDirectory)
        #expect(compared > 50)
        #expect(differing == [])
    }
}
