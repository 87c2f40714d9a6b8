import Foundation
import Testing
@testable import DocgenKit

/// A rule as templates see it (`RuleCard`), on the five documents: the lists a theme may want besides the
/// pre-rendered HTML, and names it does not know left to the rest of the context.
@Suite struct RuleCardTests {
    @Test func aCardListsTermsExamplesAndLinkedRulesOnlyWhenAskedAndAsTheyAre() async throws {
        let (documents, catalog) = try await SearchTestSupport.realContent()
        let index = RuleIndex(rules: catalog.rules, documents: documents)
        let context = RulePageContext(catalog: catalog, documents: documents, termHrefs: RulePageContext.termHrefs(index, split: false))
        let ids = Set(catalog.rules.map(\.id))
        #expect(catalog.rules.contains { !$0.related.isEmpty } && catalog.rules.contains { !$0.examples.isEmpty })
        for rule in catalog.rules {
            let card = context.rule(rule, root: "../")
            #expect(card.child(named: "id") as? String == rule.id)
            #expect(card.child(named: "line") as? Int == rule.line)
            #expect(card.child(named: "hasPriority") as? Bool == (rule.priority != nil))
            #expect(card.child(named: "page") == nil, "an unknown name is looked up further up the context")
            let terms = try #require(card.child(named: "terms") as? [[String: Any]])
            #expect(terms.compactMap { $0["term"] as? String } == rule.terms)
            #expect(terms.compactMap { $0["href"] as? String } == rule.terms.map { "terms.html#" + (index.anchors[$0] ?? "") })
            #expect(card.child(named: "hasTerms") as? Bool == !rule.terms.isEmpty)
            let examples = try #require(card.child(named: "examples") as? [[String: Any]])
            #expect(examples.compactMap { $0["id"] as? String } == rule.examples.map(\.id))
            #expect(card.child(named: "hasExamples") as? Bool == !rule.examples.isEmpty)
            for (name, linked) in [("related", rule.related), ("conflicts", rule.conflicts)] {
                let values = try #require(card.child(named: name) as? [[String: Any]])
                let expected = linked.prefix(RulePageContext.linkLimit).filter(ids.contains)
                #expect(values.compactMap { $0["id"] as? String } == Array(expected), "\(rule.id) \(name)")
                #expect(card.child(named: "has" + name.prefix(1).uppercased() + name.dropFirst()) as? Bool == !expected.isEmpty)
            }
        }
    }

    @Test func aThemeTemplateReadsTheCardsListsAndClimbsPastItForOtherNames() async throws {
        let (documents, catalog) = try await SearchTestSupport.realContent()
        let rule = try #require(catalog.rules.first { !$0.terms.isEmpty && !$0.related.isEmpty })
        let context = RulePageContext(catalog: catalog, documents: documents,
                                      termHrefs: RulePageContext.termHrefs(RuleIndex(rules: catalog.rules, documents: documents), split: false))
        let overlay = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: overlay) }
        let templates = overlay.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("{{#rules}}{{id}}|{{#terms}}{{term}};{{/terms}}|{{#related}}{{id}};{{/related}}|{{page.root}}{{/rules}}".utf8)
            .write(to: templates.appendingPathComponent("probe.mustache"))
        let theme = try Theme.load(overlay: overlay)
        let html = try theme.render("probe", ["rules": [context.rule(rule)], "page": ["root": "../"]])
        let related = rule.related.prefix(RulePageContext.linkLimit).map { $0 + ";" }.joined()
        #expect(html == "\(rule.id)|\(rule.terms.map { HTMLEscaping.escape($0) + ";" }.joined())|\(related)|../")
    }
}
