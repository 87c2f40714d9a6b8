import Foundation
import Testing
@testable import DocgenKit

/// The catalogue's groupings, which read rules in place instead of copying them, answer what grouping
/// copies answers.
@Suite struct RuleCatalogTests {
    @Test func groupingsEqualThoseOfCopiedRulesOnTheFiveDocuments() throws {
        let catalog = RuleOutputTests.catalog
        let rules = catalog.rules
        #expect(Set(rules.map(\.document)).count >= 2)
        #expect(catalog.countsByDocument == Dictionary(grouping: rules, by: \.document).mapValues(\.count))
        #expect(catalog.countsByStrength == Dictionary(grouping: rules, by: \.strength).mapValues(\.count))
        #expect(catalog.anchors == Dictionary(grouping: rules, by: \.document).mapValues { Set($0.map(\.id)) })
        let expected = Dictionary(grouping: rules, by: \.document)
        #expect(catalog.rulesByDocument.mapValues { $0.map(\.id) } == expected.mapValues { $0.map(\.id) })
    }

    @Test func rulesByDocumentIsRightWhenADocumentsRulesAreNotContiguous() throws {
        let rules = RuleOutputTests.catalog.rules
        let first = try #require(rules.first), last = try #require(rules.last(where: { $0.document != first.document }))
        let mixed = RuleCatalog(rules: [first, last, first, last], pairs: [])
        #expect(mixed.rulesByDocument.mapValues(\.count) == [first.document: 2, last.document: 2])
        #expect(RuleCatalog(rules: [], pairs: []).rulesByDocument.isEmpty)
    }

    /// What linking means: each rule lists the other side of every pair that names its id.
    private func referenceLink(_ rules: [Rule], pairs: [RulePair]) -> [(related: [String], conflicts: [String])] {
        var related: [String: [String]] = [:], conflicts: [String: [String]] = [:]
        for pair in pairs {
            if pair.kind == .related {
                related[pair.first, default: []].append(pair.second)
                related[pair.second, default: []].append(pair.first)
            } else {
                conflicts[pair.first, default: []].append(pair.second)
                conflicts[pair.second, default: []].append(pair.first)
            }
        }
        return rules.map { (related[$0.id] ?? [], conflicts[$0.id] ?? []) }
    }

    @Test func linkingFillsRelatedAndConflictsAsPairsSay() throws {
        let documents = try Fixtures.contentFiles.map { file in
            DocumentAnalyzer.analyze(SourceFile(relativePath: file.lastPathComponent, displayPath: file.lastPathComponent,
                                                text: try String(contentsOf: file, encoding: .utf8))).0
        }
        let rules = RuleExtractor.extract(documents).rules.map { rule -> Rule in
            var rule = rule
            rule.related = []
            rule.conflicts = []
            return rule
        }
        let pairs = RuleLinker.pairs(rules)
        #expect(pairs.contains { $0.kind == .related } && pairs.contains { $0.kind == .conflict })
        let linked = RuleLinker.link(rules, pairs: pairs)
        let expected = referenceLink(rules, pairs: pairs)
        #expect(linked.map(\.related) == expected.map(\.related))
        #expect(linked.map(\.conflicts) == expected.map(\.conflicts))

        // Two rules with one id get the same lists; a pair naming an unknown id links only its known side.
        let (first, second) = (rules[0], rules[1])
        var twin = first
        twin.text += " again"
        let odd = [first, second, twin]
        let oddPairs = [RulePair(first: first.id, second: second.id, kind: .related, similarity: 0.5, sharedTerms: [], reason: ""),
                        RulePair(first: "missing.id", second: second.id, kind: .conflict, similarity: 0.5, sharedTerms: [], reason: "")]
        let oddLinked = RuleLinker.link(odd, pairs: oddPairs)
        let oddExpected = referenceLink(odd, pairs: oddPairs)
        #expect(oddLinked.map(\.related) == oddExpected.map(\.related))
        #expect(oddLinked.map(\.conflicts) == oddExpected.map(\.conflicts))
        #expect(oddLinked[2].related == [second.id])
    }

    @Test func eachRuleListsTheExamplesOfItsSectionAndSharedFieldsKeepTheirValues() async throws {
        let (documents, catalog) = try await SearchTestSupport.realContent()
        let bySlug = Dictionary(uniqueKeysWithValues: documents.map { ($0.slug, $0) })
        #expect(catalog.rules.contains { !$0.examples.isEmpty })
        for rule in catalog.rules {
            let document = try #require(bySlug[rule.document])
            let expected = document.snippets.filter { $0.sectionID == (rule.sectionID ?? "top") }
            #expect(rule.examples == expected.map { RuleExample(id: $0.id, polarity: $0.polarity) }, "\(rule.id)")
            #expect(rule.file == document.source.displayPath)
        }
        // Sharing storage with the rule before changes no value: every rule is what it was, field by field.
        for (previous, rule) in zip([nil] + catalog.rules.map(Optional.some), catalog.rules) {
            var shared = rule
            shared.shareStorage(with: previous)
            #expect(shared == rule)
        }
        var rule = try #require(catalog.rules.first)
        rule.plainText = "plain"
        rule.text = "plain"
        rule.statement = "other"
        var other = rule
        other.section = ["Elsewhere"]
        other.shareStorage(with: rule)
        #expect(other.section == ["Elsewhere"] && other.text == "plain" && other.statement == "other")
    }
}
