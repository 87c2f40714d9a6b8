import Foundation
import Testing
@testable import DocgenKit

/// Related and conflicting rules across documents.
@Suite struct RuleLinkerTests {
    typealias Support = RuleTestSupport

    static let guide = Support.document("""
        # Guide

        ## Things to avoid

        Do not implement anti-patterns. This includes:
        - Singletons
        - Global mutable state

        ## Clients

        Do not create a protocol; instead, use a struct. Clients should not be isolated to any actor.
        Views should use the `@Environment` property wrapper for global dependencies.
        """, slug: "guide")

    static let conventions = Support.document("""
        # Conventions

        ## Services

        **Rules:**
        - Always define protocol for testing
        - Use `actor` when performing async operations

        ## Shared Controllers

        **Shared Controller Rules:**
        - ✅ Must have `static let shared` singleton
        - ❌ No global mutable state

        ## Models

        **Rules:**
        - No `@Environment` dependencies
        - Never use singletons in models
        """, slug: "conventions")

    static let catalog = RuleExtractor.extract([guide, conventions])

    static func rule(_ text: String) -> Rule? { Support.rule(catalog.rules, containing: text) }

    @Test func oppositeStrengthsOnTheSameSubjectConflict() throws {
        let singletons = try #require(Self.rule("Singletons"))
        let shared = try #require(Self.rule("static let shared"))
        let protocols = try #require(Self.rule("Do not create a protocol"))
        let defineProtocol = try #require(Self.rule("Always define protocol"))
        let actors = try #require(Self.rule("not be isolated to any actor"))
        let useActor = try #require(Self.rule("Use actor when"))
        #expect(singletons.conflicts == [shared.id])
        #expect(protocols.conflicts == [defineProtocol.id])
        #expect(actors.conflicts == [useActor.id])
        let pair = try #require(Self.catalog.pairs.first { $0.kind == .conflict && $0.first == singletons.id })
        #expect(pair.sharedTerms == ["singleton"])
        #expect(pair.reason.contains("conventions requires it, guide prohibits it"))
    }

    @Test func sameDirectionIsRelatedNotConflicting() throws {
        let guideState = try #require(Self.rule("Global mutable state"))
        let conventionsState = try #require(Self.rule("No global mutable state"))
        #expect(guideState.related == [conventionsState.id])
        #expect(guideState.conflicts.isEmpty)
        #expect(Self.catalog.pairs.contains { $0.kind == .related && $0.first == guideState.id && $0.reason.contains("both forbid") })
    }

    @Test func differentLayersDoNotConflict() throws {
        // Views use @Environment; models must not: different subjects, no conflict.
        let views = try #require(Self.rule("Views should use the @Environment"))
        let models = try #require(Self.rule("No @Environment dependencies"))
        #expect(views.subject == "view")
        #expect(models.subject == "model")
        #expect(!views.conflicts.contains(models.id))
        // Both forbid singletons: no conflict between "Never use singletons in models" and "Singletons".
        let inModels = try #require(Self.rule("Never use singletons in models"))
        #expect(!inModels.conflicts.contains { $0.hasPrefix("guide.") })
    }

    @Test func rulesOfOneDocumentAreNeverPaired() {
        let one = Support.document("## A\n\n- Never use singletons\n- ✅ Must have `static let shared` singleton\n", slug: "one")
        let catalog = RuleExtractor.extract([one])
        #expect(catalog.rules.count == 2)
        #expect(catalog.pairs.isEmpty)
    }

    @Test func realContentConflictsAreTheKnownOnes() {
        let documents = Fixtures.contentFiles.compactMap { url -> Document? in
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            return Support.document(text, slug: url.deletingPathExtension().lastPathComponent)
        }
        let catalog = RuleExtractor.extract(documents)
        let conflicts = catalog.pairs.filter { $0.kind == .conflict }
        let ids = Set(conflicts.flatMap { [$0.first, $0.second] })
        #expect(ids.contains("style-guide.anti-patterns.singletons"))
        #expect(ids.contains("swift-conventions.shared-controllers.must-have-static-let"))
        #expect(ids.contains("style-guide.clients.do-not-create-protocol"))
        // Every conflict pairs two documents and names what they disagree on.
        #expect(conflicts.allSatisfy { !$0.sharedTerms.isEmpty && $0.first.split(separator: ".").first != $0.second.split(separator: ".").first })
        // Precision guard: the finder stays selective on the real documents.
        #expect(conflicts.count <= 20)
    }
}
