import Foundation
import Testing
@testable import DocgenKit

/// The pair cache: pairs come back equal, a damaged or foreign file is no pairs, the key follows exactly what
/// pairing reads, and a build pairs again only when its rules changed.
@Suite struct PairCacheTests {
    /// The rules and pairs of the five documents.
    static func realPairs() throws -> (rules: [Rule], pairs: [RulePair]) {
        let documents = try Fixtures.contentFiles.map { url in
            RuleTestSupport.document(try String(contentsOf: url, encoding: .utf8), slug: url.deletingPathExtension().lastPathComponent)
        }
        let rules = RuleExtractor.makeIDsUnique(documents.flatMap { RuleExtractor.extract($0).0 })
        return (rules, RuleLinker.pairs(rules))
    }

    @Test func thePairsOfTheFiveDocumentsComeBackEqual() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let (rules, realPairs) = try Self.realPairs()
        var pairs = realPairs
        // Pairing gives each pair the positions of its rules.
        let ids = rules.map(\.id)
        #expect(pairs.allSatisfy { ids.indices.contains(Int($0.firstPosition)) && ids[Int($0.firstPosition)] == $0.first })
        #expect(pairs.allSatisfy { ids.indices.contains(Int($0.secondPosition)) && ids[Int($0.secondPosition)] == $0.second })
        #expect(pairs.contains { $0.kind == .conflict } && pairs.contains { $0.kind == .related })
        pairs.append(RulePair(first: "a \"1\"", second: "b\u{1}👩‍💻", kind: .conflict, similarity: 1.0 / 3.0,
                              sharedTerms: ["", "naïve"], reason: "Odd \\ text."))
        // A pair whose positions do not name its rules keeps its ids (stored, not taken from the rules).
        var moved = pairs[0]
        (moved.firstPosition, moved.secondPosition) = (moved.secondPosition, Int32(rules.count + 5))
        pairs.append(moved)
        let url = temp.appendingPathComponent("cache/pairs.bin")
        let key = PairCache.key(rules)
        try PairCache.write(pairs, of: rules, key: key, to: url)
        let cached = try #require(PairCache.pairs(at: url, key: key, rules: rules))
        #expect(cached.map(\.first) == pairs.map(\.first) && cached.map(\.second) == pairs.map(\.second))
        #expect(cached.map(\.reason) == pairs.map(\.reason) && cached.map(\.sharedTerms) == pairs.map(\.sharedTerms))
        #expect(cached.map(\.similarity) == pairs.map(\.similarity) && cached.map(\.kind) == pairs.map(\.kind))
        // Positions come back where they name the pair's rules, as -1 where they did not.
        #expect(cached.dropLast(2) == pairs.dropLast(2))
        #expect(cached.suffix(2).allSatisfy { $0.firstPosition == -1 && $0.secondPosition == -1 })
        #expect(RuleLinker.link(rules, pairs: cached).map(\.related) == RuleLinker.link(rules, pairs: pairs).map(\.related))
        var fewer = rules
        fewer.removeLast()
        #expect(PairCache.pairs(at: url, key: PairCache.key(fewer), rules: fewer) == nil)
        #expect(PairCache.pairs(at: url, key: key, rules: rules, stamp: "another docgen") == nil)
        let whole = try Data(contentsOf: url)
        for length in [0, 9, whole.count / 2, whole.count - 1] {
            try whole.prefix(length).write(to: url)
            #expect(PairCache.pairs(at: url, key: key, rules: rules) == nil)
        }
    }

    @Test func theKeyFollowsWhatPairingReadsAndNothingElse() throws {
        let (rules, _) = try Self.realPairs()
        let key = PairCache.key(rules)
        let index = try #require(rules.firstIndex { !$0.claims.isEmpty && !$0.terms.isEmpty })
        let read: [(inout Rule) -> Void] = [
            { $0.id += "-2" }, { $0.document = "other" }, { $0.plainText += " now" }, { $0.strength = .optional },
            { $0.terms.append("actor") }, { $0.subject = "elsewhere" }, { $0.claims[0].direction *= -1 },
            { $0.claims[0].insert("actor") },
        ]
        for edit in read {
            var changed = rules
            edit(&changed[index])
            #expect(PairCache.key(changed) != key)
        }
        // Where a rule is in its file does not change how it pairs.
        var moved = rules
        moved[index].line += 10
        moved[index].position = SourcePosition(line: moved[index].line, column: 3)
        #expect(PairCache.key(moved) == key)
    }

    @Test func aBuildPairsAgainOnlyWhenItsRulesChanged() async throws {
        let folder = try Fixtures.CachedContent([("a.md", "# A\n\n- Always use singletons.\n"), ("c.md", "# C\n\n- Never use singletons.\n")])
        defer { try? FileManager.default.removeItem(at: folder.temp) }
        let options = folder.options
        let first = try await BuildSession(options: options).build()
        let url = try #require(options.pairCacheFile)
                let firstRules = first.rules.rules.map { var rule = $0; rule.related = []; rule.conflicts = []; return rule }
        let key = PairCache.key(firstRules)
        var pairs = try #require(PairCache.pairs(at: url, key: key, rules: firstRules))
        #expect(pairs.map(\.kind) == [.conflict])

        // Doctored pairs under the same key: a prose edit keeps the rules, so the build takes them.
        pairs[0].reason = "Doctored reason."
        try PairCache.write(pairs, of: firstRules, key: key, to: url)
        try folder.write("# A\n\nSome prose.\n\n- Always use singletons.\n", "a.md")
        let second = try await BuildSession(options: options).build()
        #expect(second.rules.pairs.map(\.reason) == ["Doctored reason."])
        #expect(String(decoding: try #require(second.files["conflicts.html"]?.data), as: UTF8.self).contains("Doctored reason."))

        // A rule changed: paired again, and the cache holds the new pairs.
        try folder.write("# C\n\n- Never use global singletons.\n", "c.md")
        let third = try await BuildSession(options: options).build()
        #expect(third.rules.pairs.count == 1)
        #expect(third.rules.pairs.allSatisfy { $0.reason != "Doctored reason." })
        let thirdRules = third.rules.rules.map { var rule = $0; rule.related = []; rule.conflicts = []; return rule }
        #expect(PairCache.pairs(at: url, key: PairCache.key(thirdRules), rules: thirdRules) == third.rules.pairs)
    }
}
