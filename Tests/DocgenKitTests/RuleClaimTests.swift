import Testing
@testable import DocgenKit

/// A claim's terms are a sorted array of distinct keys; what the conflict finder reads of them is what a set gave.
@Suite struct RuleClaimTests {
    @Test func termsAreSortedAndDistinctHoweverTheyCome() {
        let claim = RuleClaim(direction: -1, terms: ["singleton", "actor", "singleton", "@mainactor", "actor"])
        #expect(claim.terms == ["@mainactor", "actor", "singleton"])
        #expect(RuleClaim(direction: 1, terms: []).terms == [])
        var grown = claim
        for term in ["zeta", "actor", "b", "@mainactor", "0"] { grown.insert(term) }
        #expect(grown.terms == ["0", "@mainactor", "actor", "b", "singleton", "zeta"])
        #expect(grown.terms == Set(grown.terms).sorted())
    }

    @Test func sharedTermsAreTheSortedIntersection() {
        // Small vocabularies so that random claims overlap; a fixed generator so that a failure repeats.
        var generator = SplitMix64(seed: 42)
        let vocabulary = ["actor", "Actor", "état", "etat", "@observable", "struct", "class", "é", "e\u{301}", "z", "private(set)"]
        for _ in 0..<500 {
            let a = (0..<Int.random(in: 0...5, using: &generator)).map { _ in vocabulary.randomElement(using: &generator) ?? "" }
            let b = (0..<Int.random(in: 0...5, using: &generator)).map { _ in vocabulary.randomElement(using: &generator) ?? "" }
            let shared = RuleClaim(direction: 1, terms: a).sharedTerms(with: RuleClaim(direction: -1, terms: b))
            #expect(shared == Set(a).intersection(b).sorted(), "\(a) ∩ \(b)")
        }
    }
}

/// A seeded random number generator (SplitMix64), for repeatable random tests.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
