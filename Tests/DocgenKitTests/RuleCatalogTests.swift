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
}
