import Foundation
import Testing
@testable import DocgenKit

/// The index of terms: which rules and snippets each term lists, on the five documents.
@Suite struct RuleIndexTests {
    @Test func eachCodeTermListsExactlyTheSnippetsThatMentionIt() async throws {
        let (documents, catalog) = try await SearchTestSupport.realContent()
        let index = RuleIndex(rules: catalog.rules, documents: documents)
        let snippets = documents.flatMap(\.snippets)
        #expect(index.snippets.map(\.id) == snippets.map(\.id))
        #expect(index.entries.contains { !$0.snippets.isEmpty })
        for entry in index.entries {
            // Positions into the index's snippets, found with the identifier postings: the same as searching every snippet.
            let expected = entry.isCode ? snippets.indices.filter { RuleIndex.code(snippets[$0].code, mentions: entry.term) } : []
            #expect(entry.snippets == expected, "\(entry.term)")
            #expect(entry.rules == catalog.rules.filter { $0.terms.contains(entry.term) }.map(\.id), "\(entry.term)")
        }
    }

    @Test func theIndexPageLinksTheFirstSnippetsOfATerm() async throws {
        let (documents, catalog) = try await SearchTestSupport.realContent()
        let index = RuleIndex(rules: catalog.rules, documents: documents)
        let context = RulePageContext(catalog: catalog, documents: documents, termHrefs: RulePageContext.termHrefs(index, split: false))
        let groups = try #require(context.indexValues(index)["groups"] as? [[String: Any]])
        let shown = groups.flatMap { $0["entries"] as? [[String: Any]] ?? [] }
        #expect(shown.count == index.entries.count)
        for (values, entry) in zip(shown, index.entries) {
            let links = try #require(values["snippets"] as? [[String: Any]])
            let expected = entry.snippets.prefix(RulePageContext.termSnippetLimit).map { index.snippets[$0] }
            #expect(links.compactMap { $0["id"] as? String } == expected.map(\.id))
            #expect(links.compactMap { $0["href"] as? String } == expected.map { $0.document + ".html#" + $0.anchor })
            #expect(values["hasSnippets"] as? Bool == !entry.snippets.isEmpty)
        }
    }
}
