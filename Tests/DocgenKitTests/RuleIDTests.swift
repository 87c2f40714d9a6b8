import Foundation
import Testing
@testable import DocgenKit

/// Rule ids: readable, unique, stable when other rules change.
@Suite struct RuleIDTests {
    typealias Support = RuleTestSupport

    @Test func idsAreMadeOfDocumentSectionAndText() {
        #expect(RuleIdentifier.id(document: "swift-conventions", section: "3. Controllers (Observable Classes)",
                                  statement: "Always @Observable @MainActor final class")
                == "swift-conventions.controllers.always-observable-mainactor-final")
        #expect(RuleIdentifier.sectionPart("View structure - P1") == "view-structure")
        #expect(RuleIdentifier.sectionPart(nil) == "top")
        #expect(RuleIdentifier.textPart("Don't show technical error details to users") == "dont-show-technical-error")
        #expect(RuleIdentifier.textPart("✅ `private(set)` on all properties") == "private-set-properties")
        #expect(RuleIdentifier.id(document: "guides/intro", section: "Alpha", statement: "Beta") == "guides.intro.alpha.beta")
        // Function words are left out; a statement of only function words still gets a slug.
        #expect(RuleIdentifier.textPart("It is this") == "rule")
    }

    @Test func idsAreUniqueAndNeverCollideWithHeadingIDs() throws {
        let text = try String(contentsOf: Fixtures.content.appendingPathComponent("swift-conventions.md"), encoding: .utf8)
        let document = Support.document(text, slug: "swift-conventions")
        let rules = RuleExtractor.extract([document]).rules
        #expect(Set(rules.map(\.id)).count == rules.count)
        #expect(rules.allSatisfy { $0.id.contains(".") })
        #expect(Set(rules.map(\.id)).isDisjoint(with: document.headings.map(\.id) + document.snippets.map(\.anchor)))
    }

    @Test func repeatedTextsGetSuffixesInDocumentOrder() {
        let rules = Support.rules("""
            ## Alpha

            - Never nest views
            - Never nest views
            - Never nest views!
            """)
        #expect(rules.map(\.id) == ["doc.alpha.never-nest-views", "doc.alpha.never-nest-views-1", "doc.alpha.never-nest-views-2"])
    }

    @Test func editingOneRuleDoesNotRenameTheOthers() throws {
        let url = Fixtures.content.appendingPathComponent("style-guide.md")
        let original = try String(contentsOf: url, encoding: .utf8)
        let target = "Do not create a separate type for mocks."
        #expect(original.contains(target))
        let edited = original.replacingOccurrences(of: target, with: "Never define mock types separately.")
            .replacingOccurrences(of: "- Global variables\n", with: "- Global variables\n- Service locators\n")
        let before = Support.rules(original, slug: "style-guide")
        let after = Support.rules(edited, slug: "style-guide")
        #expect(after.count == before.count + 1)
        let beforeIDs = Set(before.map(\.id)), afterIDs = Set(after.map(\.id))
        #expect(beforeIDs.subtracting(afterIDs) == ["style-guide.clients.do-not-create-separate"])
        #expect(afterIDs.subtracting(beforeIDs) == ["style-guide.clients.never-define-mock-types", "style-guide.anti-patterns.service-locators"])
        // Unchanged rules keep their ids even though a rule was inserted before them.
        let beforeByText = Dictionary(before.map { ($0.statement, $0.id) }, uniquingKeysWith: { first, _ in first })
        for rule in after where beforeByText[rule.statement] != nil {
            #expect(beforeByText[rule.statement] == rule.id)
        }
    }

    @Test func anExplicitIDWinsAndIsReserved() {
        let rules = Support.rules("""
            ## Alpha

            - Never nest views
            - Always this <!-- docgen: rule id=doc.alpha.never-nest-views -->
            """)
        #expect(rules.map(\.id) == ["doc.alpha.never-nest-views-1", "doc.alpha.never-nest-views"])
    }

    @Test func duplicateExplicitIDsAcrossDocumentsAreRenamedAndReported() throws {
        let first = Support.document("## A\n\n- Never x <!-- docgen: rule id=shared.rule -->\n", slug: "one")
        let second = Support.document("## B\n\n- Always y <!-- docgen: rule id=shared.rule -->\n", slug: "two")
        let catalog = RuleExtractor.extract([first, second])
        #expect(catalog.rules.map(\.id) == ["shared.rule", "shared.rule-1"])
        let diagnostics = RuleLinter.diagnostics(for: catalog)
        #expect(diagnostics.map(\.id) == ["rules.duplicate-id"])
        #expect(diagnostics.first?.file == "Content/two.md")
        #expect(diagnostics.first?.range?.start.line == 3)
    }
}
