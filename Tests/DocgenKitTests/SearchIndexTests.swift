import Foundation
import Testing
@testable import DocgenKit

/// The search index: what it holds, how it is split, and that user text stays inert.
@Suite struct SearchIndexTests {
    static let sample = """
    # Sample Guide

    How we write Swift here.

    ## Safety Rules

    - No force unwraps (`!`) in production code.
    - Always handle errors with `LocalizedError`.

    ## Stores

    Stores keep state for the views.

    ✅ Good:

    ```swift
    @Observable final class UserStore {
        private(set) var items: [Item] = []
        func reload() async throws { items = try await api.fetchItems() }
    }
    ```

    ### Caching

    Cache responses in memory.
    """

    // MARK: - Entries

    @Test func indexesDocumentsSectionsRulesAndExamplesWithTheirAnchors() throws {
        let (documents, catalog) = SearchTestSupport.site([("guide", Self.sample)])
        let index = try SearchIndexReader(SearchIndexBuilder.files(documents: documents, rules: catalog))
        let document = try #require(documents.first)

        #expect(index.documents == [["Sample Guide", "guide.html"]])
        let byKind = Dictionary(grouping: index.records, by: \.kind)
        #expect(byKind[SearchEntry.Kind.document.rawValue]?.map(\.title) == ["Sample Guide"])
        #expect(byKind[SearchEntry.Kind.document.rawValue]?.first?.anchor == "")
        // Every heading but the page title is a section linking to the heading's id.
        let sections = byKind[SearchEntry.Kind.section.rawValue] ?? []
        #expect(sections.map(\.anchor) == document.headings.filter { $0.level > 1 }.map(\.id))
        #expect(sections.map(\.title) == ["Safety Rules", "Stores", "Caching"])
        #expect(sections.last?.path == "Stores")
        #expect(sections.first { $0.title == "Stores" }?.text == "Stores keep state for the views. ✅ Good:")
        // Every rule links to its anchor and carries its strength.
        let rules = byKind[SearchEntry.Kind.rule.rawValue] ?? []
        #expect(Set(rules.map(\.anchor)) == Set(catalog.rules.map(\.id)))
        let forceUnwrap = try #require(rules.first { $0.title.hasPrefix("No force unwraps") })
        #expect(forceUnwrap.detail == "prohibited")
        #expect(forceUnwrap.path == "Safety Rules")
        // Examples link to their code block and list their identifiers (not keywords).
        let example = try #require(byKind[SearchEntry.Kind.example.rawValue]?.first)
        #expect(example.anchor == document.snippets.first?.anchor)
        #expect(example.detail == "good")
        #expect(example.title == "✅ Good")
        #expect(example.text.split(separator: " ") == ["Observable", "UserStore", "items", "Item", "reload", "api", "fetchItems"])
    }

    @Test func sectionTextLeavesOutCodeAndKeepsEachSectionSeparate() throws {
        let (documents, _) = SearchTestSupport.site([("guide", Self.sample)])
        let texts = SectionTextCollector.collect(try #require(documents.first))
        #expect(texts.intro == "")
        #expect(texts.sections.count == 4)
        #expect(texts.sections[0] == "How we write Swift here.")
        #expect(texts.sections[1] == "No force unwraps (!) in production code. Always handle errors with LocalizedError.")
        #expect(!texts.sections[2].contains("UserStore"))
        #expect(texts.sections[3] == "Cache responses in memory.")
    }

    @Test func titleMatchesAreMarkedApartFromBodyMatches() throws {
        let (documents, catalog) = SearchTestSupport.site([("guide", Self.sample)])
        let index = try SearchIndexReader(SearchIndexBuilder.files(documents: documents, rules: catalog))
        let stores = try #require(index.records.firstIndex { $0.kind == 1 && $0.title == "Stores" })
        let caching = try #require(index.records.firstIndex { $0.kind == 1 && $0.title == "Caching" })
        #expect(index.postings["stores"]?.contains(.init(entry: stores, fields: 3)) == true)  // heading and text
        #expect(index.postings["caching"]?.contains(.init(entry: caching, fields: 1)) == true)
        #expect(index.postings["cache"]?.contains(.init(entry: caching, fields: 2)) == true)
        // Identifiers are split at camel case so that `items` finds `fetchItems` too.
        let example = try #require(index.records.firstIndex { $0.kind == 3 })
        for term in ["fetchitems", "fetch", "items", "userstore", "user", "observable"] {
            #expect(index.postings[term]?.contains { $0.entry == example } == true, "\(term)")
        }
        #expect(index.postings["the"] == nil)  // stop word
        #expect(index.stopWords.contains("the"))
    }

    // MARK: - The real content

    @Test func forceUnwrapFindsTheCodingStandardsRuleFirst() async throws {
        let (documents, catalog) = try await SearchTestSupport.realContent()
        let built = SearchIndexBuilder.build(documents: documents, rules: catalog)
        let index = try SearchIndexReader(built.files)
        let first = try #require(index.search("force unwrap").first)
        #expect(first.kind == SearchEntry.Kind.rule.rawValue)
        #expect(first.anchor == "coding-standards.safety-rules.no-force-unwraps-production")
        #expect(first.title.hasPrefix("No force unwraps"))
        #expect(index.documents[first.document].last == "coding-standards.html")
    }

    @Test func everyHeadingRuleAndSnippetOfTheRealContentIsIndexed() async throws {
        let (documents, catalog) = try await SearchTestSupport.realContent()
        let built = SearchIndexBuilder.build(documents: documents, rules: catalog)
        let index = try SearchIndexReader(built.files)
        for (number, document) in documents.enumerated() {
            let records = index.records.filter { $0.document == number }
            let anchors = Set(records.map(\.anchor))
            for heading in document.headings where !(heading.level == 1 && heading.text == document.title) {
                #expect(anchors.contains(heading.id), "\(document.slug): heading \(heading.id)")
            }
            for snippet in document.snippets { #expect(anchors.contains(snippet.anchor), "\(document.slug): \(snippet.anchor)") }
            for rule in catalog.rules(inDocument: document.slug) { #expect(anchors.contains(rule.id), "\(rule.id)") }
        }
        #expect(built.entryCount == index.records.count)
        #expect(index.records.count == documents.count + documents.reduce(0) { $0 + $1.snippets.count }
            + catalog.rules.count + documents.reduce(0) { total, document in
                total + document.headings.filter { !($0.level == 1 && $0.text == document.title) }.count })
    }

    // MARK: - Splitting

    @Test func aSplitIndexHoldsExactlyWhatTheSingleFileHolds() async throws {
        let (documents, catalog) = try await SearchTestSupport.realContent()
        let whole = SearchIndexBuilder.build(documents: documents, rules: catalog,
                                             options: SearchIndexOptions(inlineLimit: .max))
        let split = SearchIndexBuilder.build(documents: documents, rules: catalog,
                                             options: SearchIndexOptions(inlineLimit: 0, shardSize: 4 * 1024, recordChunkSize: 4 * 1024))
        #expect(!whole.isSplit && whole.files.count == 1)
        #expect(split.isSplit && split.termShardCount > 26 && split.recordChunkCount > documents.count)
        let one = try SearchIndexReader(whole.files)
        let many = try SearchIndexReader(split.files)
        #expect(one.records == many.records)
        #expect(one.postings == many.postings)
        #expect(one.documents == many.documents)
        // The manifest stays small: it holds no terms and no records.
        #expect(split.manifestBytes < 2_048)
        // Each term is in the shard its key says, keys are distinct, and a chunk never spans documents.
        #expect(Set(many.shardKeys).count == many.shardKeys.count)
        for (term, key) in many.shardOfTerm { #expect(term.hasPrefix(key), "\(term) in shard \(key)") }
        for documentsInChunk in many.documentsOfChunk { #expect(documentsInChunk.count == 1) }
        // Terms are sorted within and across shards, as the script's binary search expects.
        let all = many.termsOfShard.flatMap { $0 }
        #expect(all == all.sorted { SearchTermDictionary.precedes($0, $1) })
    }

    @Test func aLetterWithTooManyTermsIsSplitByLongerPrefixes() {
        // About 105 bytes per term: "s" (5 terms) is too big for 350 bytes, "sa" (3 terms) is not.
        let terms = ["sa", "sab", "sac", "sb", "sba", "ta"].map { SearchTermDictionary.Term(text: $0, postings: String(repeating: "1", count: 100)) }
        let shards = SearchShardPlanner.termShards(terms, size: 350, maximumKeyLength: 3)
        #expect(shards.map(\.key) == ["sa", "sb", "t"])
        #expect(shards.map(\.range) == [0..<3, 3..<5, 5..<6])
        let deeper = SearchShardPlanner.termShards(terms, size: 150, maximumKeyLength: 3)
        #expect(deeper.map(\.key) == ["sa", "sab", "sac", "sb", "sba", "t"])
        #expect(deeper.map(\.range) == [0..<1, 1..<2, 2..<3, 3..<4, 4..<5, 5..<6])
    }

    // MARK: - Encoding

    @Test func recordChunksStoreEachBreadcrumbOnceAndShareAnchorPrefixes() throws {
        let (documents, catalog) = SearchTestSupport.site([("guide", Self.sample)])
        let script = String(decoding: try #require(SearchIndexBuilder.files(documents: documents, rules: catalog).first).data, as: UTF8.self)
        let safetyRules = catalog.rules.filter { $0.section.last == "Safety Rules" }
        #expect(safetyRules.count == 2)
        // The section's title and the path shared by its two rules.
        #expect(script.components(separatedBy: "\"Safety Rules\"").count - 1 == 2)
        // The second rule's id is stored as the first one's prefix length plus the rest.
        let prefix = "guide.safety-rules."
        #expect(safetyRules.allSatisfy { $0.id.hasPrefix(prefix) })
        #expect(script.contains("[\(prefix.utf16.count),\"" + safetyRules[1].id.dropFirst(prefix.count) + "\"]"))
        let index = try SearchIndexReader(SearchIndexBuilder.files(documents: documents, rules: catalog))
        #expect(index.records.filter { $0.kind == 2 }.map(\.anchor) == catalog.rules.map(\.id))
    }

    @Test func frontCodingRoundTripsIncludingLongPrefixesAndNonASCII() {
        let long = String(repeating: "a", count: 38)
        let terms = ["actor", "actors", "async", long, long + "b", "café", "cafés", "naïve", "日本", "日本語"]
            .sorted { SearchTermDictionary.precedes($0, $1) }
        let encoded = SearchTermDictionary.frontCoded(terms)
        #expect(SearchTermDictionary.decodeFrontCoded(encoded) == terms)
        #expect(encoded.hasPrefix("0a"))
        #expect(encoded.contains(",5s"))  // actors: 5 shared with actor, then "s"
    }

    @Test func userTextIsEscapedAndInertInTheScript() throws {
        let hostile = """
        ---
        title: "</script><img src=x onerror=alert(1)> \\"quoted\\" \\\\ \\u2028 end"
        ---

        ## Heading with <b>tags</b> & "quotes"

        Text with &lt;/script&gt; and a line\u{2028}separator.
        """
        let (documents, catalog) = SearchTestSupport.site([("hostile", hostile)])
        let files = SearchIndexBuilder.files(documents: documents, rules: catalog)
        let script = String(decoding: try #require(files.first).data, as: UTF8.self)
        #expect(!script.contains("<"))
        #expect(!script.contains(">"))
        #expect(!script.contains("\u{2028}"))
        #expect(script.hasPrefix("/* docgen search index") && script.contains("\nwindow.docgenSearchIndex={"))
        let index = try SearchIndexReader(files)
        #expect(index.documents.first?.first == documents.first?.title)
        #expect(index.records.contains { $0.title == "Heading with tags & \"quotes\"" })
        #expect(index.records.contains { $0.text.contains("</script>") && $0.text.contains("\u{2028}") })
    }

    // MARK: - Tokens

    @Test(arguments: [
        ("private(set)", ["private", "set"]),
        ("@Observable", ["observable"]),
        ("UserDefaults.standard", ["userdefaults", "user", "defaults", "standard"]),
        ("URLSession", ["urlsession", "url", "session"]),
        ("user_id", ["user_id", "user", "id"]),
        ("Café naïve", ["cafe", "naive"]),
        ("a to the X is it", []),
        ("No force-unwraps!", ["no", "force", "unwraps"]),
    ])
    func tokenizesLikeTheSearchScript(text: String, terms: [String]) {
        #expect(SearchTokenizer.terms(text) == terms)
    }

    @Test func identifiersComeFromSwiftTokensNotKeywordsStringsOrComments() {
        let code = """
        // Store keeps Comment words out
        @MainActor struct Store { let `default` = "Literal words"; let names = items.map { $0.name } }
        """
        #expect(SnippetIdentifiers.identifiers(in: code) == ["MainActor", "Store", "default", "names", "items", "map", "name"])
    }
}

/// The fast paths of the search index's text handling give exactly what the simple definitions give.
@Suite struct SearchTextFastPathTests {
    static let hostile = [
        "", " ", "plain ascii words_and_more 42", "Cafe\u{301} na\u{EF}ve \u{301}abc x\u{A0}y",
        "\u{2028} line\u{2029}sep \u{600} word \"quoted\" <tag> & amp\r\nnext", "emoji \u{1F469}\u{200D}\u{1F4BB} dev \u{200D} next",
        "Tab\there, back\\slash, bell \u{7}, fullwidth \u{FF21}\u{FF22} \u{BD} x\u{308}y", "— ✅ Good → `@Observable`",
        "\u{301}", "a\u{301} \u{301}b \u{301} ", "mixed ascii-only piece then é",
    ]

    @Test func wordsAreTheCharacterSplitOfTheText() throws {
        let lines = try Fixtures.contentFiles.flatMap { try String(contentsOf: $0, encoding: .utf8).components(separatedBy: "\n") }
        #expect(lines.count > 500)
        for text in Self.hostile + lines {
            let expected = text.split(whereSeparator: { !($0.isLetterOrNumber || $0 == "_") }).map(String.init)
            #expect(SearchTokenizer.words(text).map(String.init) == expected, "\(text.debugDescription)")
        }
    }

    @Test func jsonStringsAreEscapedAsBefore() throws {
        // The former encoder, scalar by scalar.
        func reference(_ text: String) -> String {
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                case "<", ">", "&", "\u{2028}", "\u{2029}", _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }
        let controls = String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) })
        let lines = try Fixtures.contentFiles.flatMap { try String(contentsOf: $0, encoding: .utf8).components(separatedBy: "\n") }
        for text in Self.hostile + lines + [controls, "\u{2028}", "x\u{2029}", "\u{E2}", "\u{2027}\u{202A}"] {
            #expect(SearchJSON.string(text) == reference(text), "\(text.debugDescription)")
        }
    }

    @Test func theIndexMadeDocumentByDocumentIsTheIndexOfAllEntriesAtOnce() async throws {
        // A build adds a batch of documents' entries at a time (`SearchIndexBuilder.Stream`), writing record chunks
        // as soon as the index cannot be one file; that must be the index of all entries added at once.
        let (documents, catalog) = try await SearchTestSupport.realContent()
        let perDocument = SearchEntryCollector.entries(documents: documents, rules: catalog)
        let all = perDocument.flatMap { $0 }
        let estimate = all.reduce(0) { $0 + SearchRecordChunk.estimatedSize($1) }
        let cases = [
            SearchIndexOptions(inlineLimit: .max / 4),                                     // one file
            SearchIndexOptions(inlineLimit: 0, shardSize: 4 * 1024, recordChunkSize: 2 * 1024), // split from the first document
            SearchIndexOptions(inlineLimit: estimate / 3),                                 // split after a few documents
            SearchIndexOptions(inlineLimit: estimate / 2),                                 // split only once the one file is made
        ]
        for options in cases {
            let whole = SearchIndexBuilder.files(entries: all, documents: documents, options: options, deliver: { $0 })
            var stream = SearchIndexBuilder.Stream(documents: documents, options: options)
            for entries in perDocument { stream.add(entries, deliver: { $0 }) }
            let streamed = stream.finish(deliver: { $0 })
            #expect(streamed.files.map(\.path) == whole.map(\.path))
            #expect(streamed.files.map(\.data) == whole.map(\.data))
            #expect(streamed.entryCount == all.count)
            let index = try SearchIndexReader(streamed.files)
            #expect(index.records.count == all.count)
        }
        #expect(SearchIndexBuilder.files(entries: all, documents: documents, options: cases[0], deliver: { $0 }).count == 1)
        #expect(SearchIndexBuilder.files(entries: all, documents: documents, options: cases[3], deliver: { $0 }).count > 2)
    }
}
