import Foundation
import Testing
@testable import DocgenKit

/// The search entry cache: what it stores comes back equal (renumbered to the document's position), a damaged
/// or foreign file is an empty cache, the key follows everything the entries are made from, and a build takes
/// entries from it only for documents whose key is unchanged.
@Suite struct SearchEntryCacheTests {
    /// The entries of the five documents, with their keys, as the build collects them.
    static func realEntries() throws -> [(key: String, entries: [SearchEntry])] {
        let documents = try Fixtures.contentFiles.map { url in
            DocumentAnalyzer.analyze(SourceFile(relativePath: url.lastPathComponent, displayPath: "Content/" + url.lastPathComponent,
                                                text: try String(contentsOf: url, encoding: .utf8))).0
        }
        let catalog = RuleCatalog.linking(RuleExtractor.makeIDsUnique(documents.flatMap { RuleExtractor.extract($0).0 }))
        let options = SearchIndexOptions()
        return documents.enumerated().map { index, document in
            let rules = catalog.rules(inDocument: document.slug)[...]
            let key = SearchEntryCache.key(documentKey: document.source.relativePath, rules: rules, options: options)
            return (key, SearchEntryCollector.entries(for: document, at: index, rules: rules, options: options))
        }
    }

    @Test func theEntriesOfTheFiveDocumentsComeBackEqual() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        var stored = try Self.realEntries()
        #expect(stored.count == 5)
        #expect(Set(stored.flatMap { $0.entries.map(\.kind) }) == Set(SearchEntry.Kind.allCases))
        // Text the encoder must carry unchanged: quotes, control characters, emoji, a lone combining mark.
        var hostile = stored[0].entries[1]
        hostile.title = "\"quoted\" \\ \u{1} ✅ e\u{301} 👩‍💻"
        hostile.path = ["", "a › b"]
        hostile.terms = ["👩‍💻": 3, "": 1, "naïve": 2]
        stored.append(("hostile", [hostile]))
        let url = temp.appendingPathComponent("cache/search.bin")
        try SearchEntryCache.write(stored.map { ($0.key, SearchEntryCache.encode($0.entries)) }, to: url)
        let cache = SearchEntryCache(contentsOf: url)
        for (key, entries) in stored {
            let document = entries[0].document
            #expect(cache.entries(for: key, document: document) == entries)
        }
        // Stored without their document number: they take the one they are asked for.
        let moved = try #require(cache.entries(for: stored[2].key, document: 7))
        #expect(moved.allSatisfy { $0.document == 7 })
        #expect(moved.map(\.title) == stored[2].entries.map(\.title))
        #expect(cache.entries(for: "absent", document: 0) == nil)
        #expect(cache.file.holdsExactly(Set(stored.map(\.key))))
        #expect(!cache.file.holdsExactly(Set(stored.dropLast().map(\.key))))
    }

    @Test func aDamagedOrForeignFileIsAnEmptyCache() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let stored = try Self.realEntries()
        let url = temp.appendingPathComponent("search.bin")
        try SearchEntryCache.write(stored.map { ($0.key, SearchEntryCache.encode($0.entries)) }, to: url)
        let whole = try Data(contentsOf: url)
        for length in [0, 7, 40, whole.count / 2, whole.count - 1] {
            try whole.prefix(length).write(to: url)
            let cache = SearchEntryCache(contentsOf: url)
            for (index, (key, entries)) in stored.enumerated() {
                let found = cache.entries(for: key, document: index)
                #expect(found == nil || found == entries)
            }
        }
        try whole.write(to: url)
        #expect(SearchEntryCache(contentsOf: url, stamp: "another docgen").entries(for: stored[0].key, document: 0) == nil)
        // A rule cache file is not a search cache file.
        try RuleCache.write([(stored[0].key, SearchEntryCache.encode(stored[0].entries))], to: url)
        #expect(SearchEntryCache(contentsOf: url).entries(for: stored[0].key, document: 0) == nil)
    }

    @Test func theKeyFollowsTheDocumentItsRulesAndTheLimits() throws {
        let rule = Rule(id: "a.rule", text: "Always use `struct`.", plainText: "Always use struct.", statement: "Always use struct.",
                        document: "a", file: "Content/a.md", section: ["A"], sectionID: "a", line: 3,
                        position: SourcePosition(line: 3, column: 1), strength: .required, priority: nil, terms: ["struct"])
        let options = SearchIndexOptions()
        let key = SearchEntryCache.key(documentKey: "doc", rules: [rule], options: options)
        #expect(SearchEntryCache.key(documentKey: "doc", rules: [rule], options: options) == key)
        var changes: [String] = [SearchEntryCache.key(documentKey: "doc2", rules: [rule], options: options),
                                 SearchEntryCache.key(documentKey: "doc", rules: [], options: options),
                                 SearchEntryCache.key(documentKey: "doc", rules: [rule, rule], options: options)]
        var shorter = options
        shorter.excerptCharacters = 80
        changes.append(SearchEntryCache.key(documentKey: "doc", rules: [rule], options: shorter))
        let edits: [(inout Rule) -> Void] = [
            { $0.id = "a.rule-2" }, { $0.plainText = "Always use classes." }, { $0.strength = .recommended },
            { $0.priority = "P1" }, { $0.terms = ["class"] }, { $0.section = ["A", "B"] },
        ]
        for edit in edits {
            var changed = rule
            edit(&changed)
            changes.append(SearchEntryCache.key(documentKey: "doc", rules: [changed], options: options))
        }
        #expect(!changes.contains(key))
        #expect(Set(changes).count == changes.count)
    }

    @Test func aBuildTakesEntriesFromTheCacheOnlyForUnchangedDocuments() async throws {
        let folder = try Fixtures.CachedContent([("a.md", "# A\n\n- Always use `struct`.\n"), ("b.md", "# B\n\n- Never use singletons.\n")])
        defer { try? FileManager.default.removeItem(at: folder.temp) }
        let options = folder.options
        _ = try await BuildSession(options: options).build()
        let url = try #require(options.searchCacheFile)
        let cache = SearchEntryCache(contentsOf: url)
        #expect(cache.file.count == 2)

        // Doctor the cached entries of both documents: the index shows them only for the unchanged one.
        let doctored = try cache.file.keys.map { key -> (key: String, encoded: ArraySlice<UInt8>) in
            var entries = try #require(cache.entries(for: key, document: 0))
            entries[0].title = "Doctored \(entries[0].title)"
            return (key, SearchEntryCache.encode(entries))
        }
        try SearchEntryCache.write(doctored, to: url)
        try folder.write("# B\n\n- Never use global singletons.\n", "b.md")
        let snapshot = try await BuildSession(options: options).build()
        let index = String(decoding: try #require(snapshot.files[SearchIndexBuilder.indexPath]?.data), as: UTF8.self)
        #expect(index.contains("\"Doctored A\""))
        #expect(!index.contains("Doctored B"))
        #expect(index.contains("Never use global singletons."))
        #expect(SearchEntryCache(contentsOf: url).file.count == 2)
    }

    @Test func theIndexABuildMakesDocumentByDocumentIsTheIndexOfAllEntriesAtOnce() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        var options = BuildOptions(contentDirectory: Fixtures.content, outputDirectory: temp.appendingPathComponent("_site"),
                                   themeDirectory: Fixtures.theme)
        options.cacheDirectory = temp.appendingPathComponent("cache")
        // First build: entries collected and written to the cache one document at a time; second: read back from it.
        for _ in 0..<2 {
            let snapshot = try await BuildSession(options: options).build()
            let expected = SearchIndexBuilder.files(documents: snapshot.documents, rules: snapshot.rules)
            #expect(expected.count > 2, "the five documents make a split index")
            for file in expected { #expect(snapshot.files[file.path]?.data == file.data, "\(file.path)") }
            #expect(snapshot.files.keys.filter { $0.hasPrefix(SearchIndexBuilder.shardFolder) }.count == expected.count - 1)
            let cache = SearchEntryCache(contentsOf: try #require(options.searchCacheFile))
            #expect(cache.file.count == snapshot.documents.count)
        }
    }

    @Test func aSearchCacheThatCannotBeWrittenIsAWarningAndTheSiteIsBuilt() async throws {
        let folder = try Fixtures.CachedContent([("a.md", "# A\n\n- Always use `struct`.\n")])
        defer { try? FileManager.default.removeItem(at: folder.temp) }
        let url = try #require(folder.options.searchCacheFile)
        // A folder with something in it where the cache file goes: the file cannot be renamed into place.
        try FileManager.default.createDirectory(at: url.appendingPathComponent("in-the-way"), withIntermediateDirectories: true)
        let snapshot = try await BuildSession(options: folder.options).build()
        let warning = try #require(snapshot.diagnostics.first { $0.id == "cache.not-written" })
        #expect(warning.severity == .warning)
        #expect(warning.message.hasPrefix("cannot write the search entry cache"))
        #expect(snapshot.files[SearchIndexBuilder.indexPath] != nil)
        let left = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(!left.contains { $0.contains(".partial-") })
    }
}
