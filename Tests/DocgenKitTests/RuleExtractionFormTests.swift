import Foundation
import Testing
@testable import DocgenKit

/// Each way documents state rules, on small constructed Markdown.
@Suite struct RuleExtractionFormTests {
    typealias Support = RuleTestSupport

    @Test func leadInLabelMakesEveryItemARule() throws {
        let rules = Support.rules("""
            # T

            ## Models - P1

            **Rules:**
            - Always `struct`, never `class`
            - No async operations
            - Follow a consistent order
            - Immutable value types
            """)
        #expect(rules.map(\.strength) == [.required, .prohibited, .recommended, .required])
        #expect(rules.allSatisfy { $0.priority == "P1" })
        #expect(rules.first?.id == "doc.models.always-struct-never-class")
    }

    @Test func markersGiveStrengthWhenTheTextHasNoModalWord() throws {
        let rules = Support.rules("""
            ## Checklist

            **Service:**
            - ✅ `actor` for async operations
            - ✅ Use protocols for testing
            - ✅ No stored UI state
            - ❌ Never `class`
            - ❌ Shared mutable state
            """)
        #expect(rules.map(\.strength) == [.required, .required, .prohibited, .prohibited, .prohibited])
        #expect(rules.first?.text == "`actor` for async operations")
    }

    @Test func doAndDontLeadIns() throws {
        let rules = Support.rules("""
            ## Glass

            **Do:**
            - Apply tints sparingly to convey meaning
            - Prefer native effects

            **Don't:**
            - Custom glass effects
            """)
        #expect(rules.map(\.strength) == [.discouraged, .recommended, .prohibited])
    }

    @Test func leadInSentenceGivesPolarityToABareList() throws {
        let rules = Support.rules("""
            ## Anti-patterns

            Do not implement anti-patterns. This includes:
            - Singletons
            - God objects
                - Examples:
                    - Large classes that have multiple responsibilities
            """)
        #expect(rules.count == 2)
        #expect(rules.allSatisfy { $0.strength == .prohibited })
        let god = try #require(Support.rule(rules, containing: "God objects"))
        #expect(god.plainText == "God objects: Examples: Large classes that have multiple responsibilities")
        #expect(Support.rule(rules, containing: "Do not implement") == nil)
    }

    @Test func optionalAndNeverCompromiseLeadIns() throws {
        let rules = Support.rules("""
            ## Flexibility

            **When You Can Skip Layers:**
            - Read-only features: Skip Service if no async operations
            - Caching: Services can store cache (but never UI state)

            **Never Compromise:**
            - Task cancellation in Controllers
            """)
        #expect(rules.map(\.strength) == [.optional, .optional, .required])
    }

    @Test func descriptiveListsAreNotRules() throws {
        let rules = Support.rules("""
            ## Architecture

            **What makes this powerful:**
            - **Unidirectional data flow**: Views can never directly mutate state

            Trigger this skill when:
            - Building apps with SwiftUI

            **Benefits:**
            - Always fast

            ## References

            - [Use this guide](guide.md) - always read it
            """)
        #expect(rules.isEmpty)
    }

    @Test func ruleListDocumentMakesEveryTopLevelBulletARule() throws {
        let rules = Support.rules("""
            # Standards

            These rules are enforced project-wide.

            ## Naming

            - Types: `UpperCamelCase`
            - File names match the primary type
            - Group files by layer:
              - `Models/` -- data models
              - `Views/` -- views
            """)
        #expect(rules.count == 3)
        #expect(rules.map(\.strength) == [.required, .required, .recommended])
        #expect(Support.rule(rules, containing: "data models") == nil)
        #expect(rules.last?.plainText.contains("Models/ -- data models; Views/ -- views") == true)
    }

    @Test func bareListsOutsideRuleContextsNeedTheirOwnCue() throws {
        let rules = Support.rules("""
            ## Performance

            - Limit the number of effects
            - Larger spacing = effects blend sooner
            - Creates fluid animations
            """)
        #expect(rules.map(\.statement) == ["Limit the number of effects"])
    }

    @Test func parallelLabelledListWithTwoNormativeItemsIsARuleList() throws {
        let rules = Support.rules("""
            ## Layers

            - **Models/**: Always. Every feature has data.
            - **Services/**: When performing async operations.
            - **Views/**: Always.
            """)
        #expect(rules.map(\.strength) == [.required, .recommended, .required])
    }

    @Test func normativeSentencesOfProseAreRules() throws {
        let rules = Support.rules("""
            # Guide

            Use the conventions in this document.

            ## Clients

            Clients are types that provide access to external APIs. They should be used when objects need \
            resources (i.e., network calls). Do not create a protocol; instead, use a struct. Here's an example:

            For buttons, use native styles instead of custom ones:

            ```swift
            let x = 1
            ```
            """)
        #expect(rules.map(\.statement) == [
            "They should be used when objects need resources (i.e., network calls).",
            "Do not create a protocol; instead, use a struct.",
            "For buttons, use native styles instead of custom ones",
        ])
        #expect(rules.map(\.strength) == [.recommended, .prohibited, .recommended])
        #expect(rules.first?.examples.map(\.id) == ["doc.clients.1"])
    }

    @Test func sentenceLinesAreCounted() throws {
        let rules = Support.rules("""
            ## A

            Views are structs.
            Views should be small. They must
            not block.
            """)
        #expect(rules.map(\.line) == [4, 4])
        #expect(rules.last?.strength == .prohibited)
    }

    @Test func blockquoteNotesAreProse() throws {
        let rules = Support.rules("""
            ## Modifiers

            > **Note:** Use `clipShape(_:)` instead of the deprecated `cornerRadius(_:)`.

            > **Note:** This document targets iOS 17.
            """)
        #expect(rules.map(\.text) == ["Use `clipShape(_:)` instead of the deprecated `cornerRadius(_:)`."])
    }

    @Test func modalWordsInCodeAreIgnored() throws {
        let rules = Support.rules("""
            ## Controller

            **Controller Class:**
            - ✅ Task tracking: `private var loadTask: Task<Void, Never>?`
            - Holds `Never` values
            """)
        #expect(rules.map(\.strength) == [.required])
    }

    @Test func strengthWords() {
        let cases: [(String, RuleStrength?)] = [
            ("Always check the flag", .required), ("Views must not contain logic", .prohibited),
            ("Boolean properties must use a prefix", .required), ("View models should be classes", .recommended),
            ("Functions should avoid creating tasks", .discouraged), ("Avoid deep nesting", .discouraged),
            ("Use `fileprivate` sparingly", .discouraged), ("Prefer `throws`", .recommended),
            ("No force unwraps in production code", .prohibited), ("Never use `class`", .prohibited),
            ("Don't show details", .prohibited), ("You can skip the service", .optional),
            ("Use `@Bindable` when you don't own it", .recommended), ("UI tests are required", .required),
            ("If you have custom effects (e.g., blur), migrate to native ones", .recommended),
            ("Models: No async code", .prohibited), ("Clients are types that wrap APIs", nil),
            ("These APIs could be frameworks that we cannot mock", nil),
        ]
        for (sentence, expected) in cases {
            #expect(NormativeClassifier.classify(sentence).strength == expected, "\(sentence)")
        }
        #expect(NormativeClassifier.classify("Details for how you should write views are in the following sections.").isRule == false)
        #expect(NormativeClassifier.classify("Here's an example of a client you should copy:").isRule == false)
    }

    @Test func sentenceSplitterKeepsAbbreviationsAndCode() {
        let sentences = SentenceSplitter.split(plain: "Use a file (i.e., APIClient.swift) per client. Do not mock, e.g. with subclasses. Done")
        #expect(sentences == ["Use a file (i.e., APIClient.swift) per client.", "Do not mock, e.g. with subclasses.", "Done"])
    }

    // MARK: - Overrides

    @Test func directivesOverrideTheHeuristics() throws {
        let rules = Support.rules("""
            ## Section

            <!-- docgen: not-rules -->
            - Never do this
            - Always do that

            <!-- docgen: rules strength=optional -->
            - Plain fact one
            - Never this one

            <!-- docgen: rule id=my-rule strength=required priority=P3 -->
            A paragraph without any normative word.

            - Keep this one
            - Always skip this <!-- docgen: not-rule -->
            - Plain statement <!-- docgen: rule id=custom.full-id strength=prohibited -->
            """)
        #expect(rules.map(\.statement) == ["Plain fact one", "Never this one", "A paragraph without any normative word.",
                                           "Keep this one", "Plain statement"])
        #expect(rules.map(\.strength) == [.optional, .prohibited, .required, .recommended, .prohibited])
        #expect(rules[2].id == "doc.my-rule")
        #expect(rules[2].priority == "P3")
        #expect(rules[2].hasExplicitID)
        #expect(rules[4].id == "custom.full-id")
    }

    @Test func directiveBeforeAHeadingCoversItsSection() throws {
        let rules = Support.rules("""
            <!-- docgen: not-rules -->
            ## Ignored

            - Never this

            ### Still ignored

            Always that.

            ## Counted

            - Never nest views
            """)
        #expect(rules.map(\.id) == ["doc.counted.never-nest-views"])
    }

    @Test func frontMatterCanMarkADocumentAsARuleList() throws {
        let rules = Support.rules("""
            ---
            rules: all
            ---
            ## Naming

            - Types: `UpperCamelCase`
            """)
        #expect(rules.map(\.strength) == [.required])
        #expect(rules.first?.line == 6)
    }

    @Test func malformedDirectivesAreReported() {
        let catalog = RuleExtractor.extract([Support.document("""
            ## A

            <!-- docgen: rulez -->
            - Never x

            <!-- docgen: rule strength=mandatory -->
            Text.
            """)])
        #expect(catalog.diagnostics.map(\.id) == ["rules.directive", "rules.directive"])
        #expect(catalog.diagnostics.first?.range?.start.line == 3)
        #expect(catalog.diagnostics.last?.message.contains("mandatory") == true)
    }
}
