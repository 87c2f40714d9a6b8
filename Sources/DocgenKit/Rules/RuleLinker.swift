import Foundation

// MARK: - Related and conflicting rules across documents

/// Two rules of different documents paired by `RuleLinker`, with why.
public struct RulePair: Sendable, Hashable {
    /// What the pairing means.
    public enum Kind: String, Sendable, Hashable {
        /// Same or close rule, same direction.
        case related
        /// Same subject, opposite direction.
        case conflict
    }

    /// Id of the first rule (documents in catalogue order).
    public var first: String
    /// Id of the second rule.
    public var second: String
    /// Related or conflicting.
    public var kind: Kind
    /// Jaccard similarity of the rules' words and terms (0…1).
    public var similarity: Double
    /// The terms both rules speak of (for conflicts: those they disagree on).
    public var sharedTerms: [String]
    /// A human-readable reason for the pairing.
    public var reason: String
    /// Positions of the two rules in the array they were paired in (`RuleLinker.pairs`), -1 when not known:
    /// `link` and `PairCache` use them instead of looking the ids up, wherever the rule there has the pair's id.
    var firstPosition: Int32 = -1
    var secondPosition: Int32 = -1
}

/// Pairs rules of different documents.
///
/// - **Related**: same direction (both ask, both forbid, or both allow) and similar wording —
///   Jaccard similarity of normalised words and terms ≥ 0.5, or ≥ 0.3 with a shared specific term
///   (not a bare layer name such as "view" or "service").
/// - **Conflict**: one sentence of each rule has opposite directions (asks vs forbids), the rules'
///   subjects are compatible (same layer, or one of them unspecific), and the main clauses share a
///   specific term — e.g. "Singletons" (prohibited) vs "Must have `static let shared` singleton" (required).
public enum RuleLinker {
    /// Similarity at or above which same-direction rules are related.
    public static let relatedThreshold = 0.5
    /// Lower similarity accepted when the rules share a specific term.
    public static let relatedThresholdWithTerm = 0.3

    /// Words ignored when comparing wordings: function words and the normative words themselves
    /// (strength is compared separately).
    static let ignoredWords: Set<String> = RuleIdentifier.stopWords.union([
        "always", "never", "must", "should", "use", "do", "dont", "not", "no", "avoid", "prefer", "can", "may",
        "make", "sure", "have", "has", "need", "new", "code", "instead", "rather", "when", "where", "which", "how",
        "what", "why", "will", "would", "could", "don", "t", "s", "one", "more", "most", "other", "own",
    ])

    /// At most this many rules are compared with each rule (the ones sharing the most words).
    static let candidateLimit = 64

    /// Fills `related` and `conflicts` of every rule.
    public static func link(_ rules: [Rule]) -> [Rule] {
        link(rules, pairs: pairs(rules))
    }

    /// Fills `related` and `conflicts` of every rule from already computed pairs: each rule lists the other id of
    /// every pair naming its id (rules sharing an id get the same lists). The rules are updated in place
    /// (`consuming`): copying each `Rule` and destroying the original was most of this step.
    public static func link(_ rules: consuming [Rule], pairs: [RulePair]) -> [Rule] {
        let lists = listsBySlot(rules, pairs: pairs)
        var linked = rules
        for index in linked.indices {
            linked[index].related = lists.related[lists.slots[index]]
            linked[index].conflicts = lists.conflicts[lists.slots[index]]
        }
        return linked
    }

    /// The related and conflicting ids of each id, kept at the position of the first rule with that id (`slots`:
    /// that position for each rule). Each pair's rules are found by the positions it carries (no hashing of
    /// 500,000 long ids on 500 documents), else by id; an id no rule has is listed on the other side only.
    private static func listsBySlot(_ rules: [Rule], pairs: [RulePair]) -> (slots: [Int], related: [[String]], conflicts: [[String]]) {
        var firstPositions: [String: Int] = [:]
        firstPositions.reserveCapacity(rules.count)
        var slots: [Int] = []
        slots.reserveCapacity(rules.count)
        for (index, rule) in rules.enumerated() {
            if let first = firstPositions[rule.id] {
                slots.append(first)
            } else {
                firstPositions[rule.id] = index
                slots.append(index)
            }
        }
        func slot(_ id: String, _ hint: Int32) -> Int? {
            let hint = Int(hint)
            return hint >= 0 && hint < rules.count && rules[hint].id == id ? slots[hint] : firstPositions[id]
        }
        var related = [[String]](repeating: [], count: rules.count)
        var conflicts = related
        for pair in pairs {
            let (first, second) = (slot(pair.first, pair.firstPosition), slot(pair.second, pair.secondPosition))
            switch pair.kind {
            case .related:
                if let first { related[first].append(pair.second) }
                if let second { related[second].append(pair.first) }
            case .conflict:
                if let first { conflicts[first].append(pair.second) }
                if let second { conflicts[second].append(pair.first) }
            }
        }
        return (slots, related, conflicts)
    }

    /// Every related or conflicting pair, in catalogue order.
    public static func pairs(_ rules: [Rule]) -> [RulePair] {
        let plan = PairingPlan(rules)
        var counts = plan.scratch
        return (0..<rules.count).flatMap { plan.pairs(of: $0, counts: &counts) }
    }

    /// `pairs(_:)`, with the rules divided among the cores (same result, same order).
    public static func pairsInParallel(_ rules: [Rule]) async -> [RulePair] {
        let plan = PairingPlan(rules)
        let chunkCount = min(rules.count, ProcessInfo.processInfo.activeProcessorCount * 8)
        guard chunkCount > 1 else { return pairs(rules) }
        let chunks = (0..<chunkCount).map { chunk in (rules.count * chunk / chunkCount)..<(rules.count * (chunk + 1) / chunkCount) }
        let results = chunks.concurrentMap { range -> [RulePair] in
            var counts = plan.scratch
            return range.flatMap { plan.pairs(of: $0, counts: &counts) }
        }
        return results.flatMap { $0 }
    }

    /// What pairing needs, computed once: each rule's tokens as sorted integer ids, for each token the
    /// rules that have it, and each rule reduced to what `related` and `conflict` read (`Features`: one
    /// reference to copy instead of a whole `Rule`, and its term set built once instead of per comparison).
    struct PairingPlan: Sendable {
        let features: [Features]
        let tokens: [[Int32]]
        let postings: [[Int32]]
        /// Tokens shared by a large part of the catalogue ("view", "term:service") find no useful
        /// candidates and would make pairing quadratic on large sites; rarer tokens find the pairs.
        let commonLimit: Int
        /// A zeroed counter per rule, copied by each worker.
        var scratch: [Int32] { [Int32](repeating: 0, count: features.count) }

        init(_ rules: [Rule]) {
            var documents: [String: Int32] = [:]
            features = rules.map { rule in
                let document: Int32
                if let known = documents[rule.document] {
                    document = known
                } else {
                    document = Int32(documents.count)
                    documents[rule.document] = document
                }
                return Features(rule, documentIndex: document)
            }
            var ids: [String: Int32] = [:]
            var postings: [[Int32]] = []
            var tokens: [[Int32]] = []
            tokens.reserveCapacity(rules.count)
            for (position, rule) in rules.enumerated() {
                var set: [Int32] = []
                for token in RuleLinker.tokenSet(rule) {
                    let id: Int32
                    if let known = ids[token] {
                        id = known
                    } else {
                        id = Int32(postings.count)
                        ids[token] = id
                        postings.append([])
                    }
                    set.append(id)
                    postings[Int(id)].append(Int32(position))
                }
                tokens.append(set.sorted())
            }
            self.tokens = tokens
            self.postings = postings
            commonLimit = min(max(60, rules.count / 8), 240)
        }

        /// The pairs of rule `i` with later rules of other documents. Each rule is compared with at
        /// most `candidateLimit` others: those sharing the most tokens. `counts` is all zeros on entry
        /// and on return.
        func pairs(of i: Int, counts: inout [Int32]) -> [RulePair] {
            let rule = features[i]
            var touched: [Int] = []
            for token in tokens[i] {
                let list = postings[Int(token)]
                guard list.count <= commonLimit else { continue }
                for j32 in list {
                    let j = Int(j32)
                    guard j > i, features[j].documentIndex != rule.documentIndex else { continue }
                    if counts[j] == 0 { touched.append(j) }
                    counts[j] += 1
                }
            }
            var candidates = touched
            if candidates.count > RuleLinker.candidateLimit {
                candidates.sort { (counts[$0], -$0) > (counts[$1], -$1) }
                candidates = Array(candidates.prefix(RuleLinker.candidateLimit))
            }
            for j in touched { counts[j] = 0 }
            var result: [RulePair] = []
            for j in candidates.sorted() {
                let other = features[j]
                let similarity = RuleLinker.jaccard(tokens[i], tokens[j])
                guard var pair = RuleLinker.conflict(rule, other, similarity: similarity)
                    ?? RuleLinker.related(rule, other, similarity: similarity) else { continue }
                (pair.firstPosition, pair.secondPosition) = (Int32(i), Int32(j))
                result.append(pair)
            }
            return result
        }
    }

    /// What `related` and `conflict` read of a rule.
    final class Features: Sendable {
        let id: String
        let document: String
        /// The document's position among the catalogue's documents (cheaper to compare than its slug).
        let documentIndex: Int32
        let strength: RuleStrength
        let subject: String?
        let claims: [RuleClaim]
        /// The rule's terms that are not generic (`TermExtractor.genericTerms`), in the rule's order.
        let specificTerms: [String]
        /// All the rule's term keys (a rule has a few: an array, not a `Set`; on 2,000 documents, 141,000 rules, the
        /// sets' hash tables put the pairing step's resident memory 12–17 MiB higher).
        let termKeys: [String]

        init(_ rule: Rule, documentIndex: Int32) {
            id = rule.id
            document = rule.document
            self.documentIndex = documentIndex
            strength = rule.strength
            subject = rule.subject
            claims = rule.claims
            // Each is the rule's own array when it holds the same terms (no copy): a filter that kept every term.
            let specific = rule.terms.filter { !TermExtractor.genericTerms.contains(TermExtractor.key($0)) }
            specificTerms = specific.count == rule.terms.count ? rule.terms : specific
            let keys = rule.terms.map(TermExtractor.key)
            termKeys = keys == rule.terms ? rule.terms : keys
        }

        /// `a`'s specific terms that `b` speaks of too, in `a`'s order.
        func sharedSpecificTerms(with other: Features) -> [String] {
            specificTerms.filter { other.termKeys.contains(TermExtractor.key($0)) }
        }
    }

    // MARK: - Pairing

    static func related(_ a: Features, _ b: Features, similarity: Double) -> RulePair? {
        guard a.strength.direction == b.strength.direction, similarity >= relatedThresholdWithTerm else { return nil }
        let shared = a.sharedSpecificTerms(with: b)
        guard similarity >= relatedThreshold || (similarity >= relatedThresholdWithTerm && !shared.isEmpty) else { return nil }
        guard subjectsCompatible(a.subject, b.subject) else { return nil }
        let percent = Int((similarity * 100).rounded())
        var reason = similarity >= 0.9 ? "Near-duplicate wording" : "Similar wording"
        reason += " (\(percent)% of words and terms shared), both \(directionWord(a.strength.direction))"
        if !shared.isEmpty { reason += "; both about \(shared.map { "‘\($0)’" }.joined(separator: ", "))" }
        return RulePair(first: a.id, second: b.id, kind: .related, similarity: similarity, sharedTerms: shared, reason: reason + ".")
    }

    static func conflict(_ a: Features, _ b: Features, similarity: Double) -> RulePair? {
        guard subjectsCompatible(a.subject, b.subject) else { return nil }
        for claimA in a.claims {
            for claimB in b.claims where claimA.direction * claimB.direction < 0 {
                let shared = claimA.sharedTerms(with: claimB).filter { !TermExtractor.genericTerms.contains($0) }
                guard !shared.isEmpty else { continue }
                let subject = a.subject ?? b.subject
                let (asks, forbids) = claimA.direction > 0 ? (a, b) : (b, a)
                var reason = "Opposite directions on \(shared.map { "‘\($0)’" }.joined(separator: ", "))"
                if let subject { reason += " for the \(subject) layer" }
                reason += ": \(asks.document) \(verb(asks.strength, positive: true)) it, \(forbids.document) \(verb(forbids.strength, positive: false)) it."
                return RulePair(first: a.id, second: b.id, kind: .conflict, similarity: similarity, sharedTerms: shared, reason: reason)
            }
        }
        return nil
    }

    /// Subjects are compatible when equal or when either is unknown.
    static func subjectsCompatible(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return true }
        return a == b
    }

    private static func directionWord(_ direction: Int) -> String {
        switch direction {
        case 1: return "ask for it"
        case -1: return "forbid or discourage it"
        default: return "allow it"
        }
    }

    private static func verb(_ strength: RuleStrength, positive: Bool) -> String {
        switch strength {
        case .required: return "requires"
        case .recommended: return "recommends"
        case .optional: return "allows"
        case .discouraged: return "discourages"
        case .prohibited: return "prohibits"
        }
    }

    // MARK: - Similarity

    /// Normalised words of the rule (singular, lower-case, without function and normative words) and its term keys.
    static func tokenSet(_ rule: Rule) -> Set<String> {
        var set: Set<String> = []
        for word in RuleIdentifier.slugWords(rule.plainText, dropStopWords: false) where !ignoredWords.contains(word) {
            set.insert(TermExtractor.singular(word))
        }
        for term in rule.terms { set.insert("term:" + TermExtractor.key(term).lowercased()) }
        return set
    }

    /// Jaccard similarity of two sorted sets of token ids.
    static func jaccard(_ a: [Int32], _ b: [Int32]) -> Double {
        var i = 0, j = 0, shared = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] { shared += 1; i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        let union = a.count + b.count - shared
        return union == 0 ? 0 : Double(shared) / Double(union)
    }
}
