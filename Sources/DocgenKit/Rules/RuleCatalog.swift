import Foundation

// MARK: - All rules of a site

/// The rules of a set of documents, linked, with the problems found in docgen directives.
public struct RuleCatalog: Sendable {
    /// Rules in document order (documents in the order given).
    public var rules: [Rule]
    /// Malformed or misplaced `<!-- docgen: … -->` directives.
    public var diagnostics: [Diagnostic]
    /// Related and conflicting pairs with their reasons (computed once, when the rules are linked).
    public var pairs: [RulePair]

    /// Creates a catalogue of already linked rules; `pairs` are computed when not given.
    public init(rules: [Rule], diagnostics: [Diagnostic] = [], pairs: [RulePair]? = nil) {
        self.rules = rules
        self.diagnostics = diagnostics
        self.pairs = pairs ?? RuleLinker.pairs(rules)
    }

    /// Links `rules` (related and conflicting rules) and makes the catalogue, pairing them only once.
    public static func linking(_ rules: [Rule], diagnostics: [Diagnostic] = []) -> RuleCatalog {
        let pairs = RuleLinker.pairs(rules)
        return RuleCatalog(rules: RuleLinker.link(rules, pairs: pairs), diagnostics: diagnostics, pairs: pairs)
    }

    /// Links `rules` with pairs already computed (`RuleLinker.pairsInParallel`, or `PairCache`).
    public static func linking(_ rules: consuming [Rule], pairs: [RulePair], diagnostics: [Diagnostic] = []) -> RuleCatalog {
        RuleCatalog(rules: RuleLinker.link(rules, pairs: pairs), diagnostics: diagnostics, pairs: pairs)
    }

    /// The rule with this id.
    public func rule(withID id: String) -> Rule? { byID[id] }

    /// Rules by id.
    public var byID: [String: Rule] {
        Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Rules of one document, in order.
    public func rules(inDocument slug: String) -> [Rule] { rules.filter { $0.document == slug } }

    // The groupings below read fields in place: `Dictionary(grouping:)` copied every `Rule` (about twenty
    // reference-counted fields each) for each of them, on every build.

    /// Number of rules of each document, by slug.
    public var countsByDocument: [String: Int] {
        var counts: [String: Int] = [:]
        for rule in rules { counts[rule.document, default: 0] += 1 }
        return counts
    }

    /// Number of rules per strength.
    public var countsByStrength: [RuleStrength: Int] {
        var counts: [RuleStrength: Int] = [:]
        for rule in rules { counts[rule.strength, default: 0] += 1 }
        return counts
    }

    /// Anchors the rules add to each document page (for the link checker).
    public var anchors: [String: Set<String>] {
        var anchors: [String: Set<String>] = [:]
        for rule in rules { anchors[rule.document, default: []].insert(rule.id) }
        return anchors
    }

    /// The rules of each document, by slug, in order: slices of `rules` where each document's rules are
    /// contiguous (as a build makes the catalogue), copies otherwise.
    public var rulesByDocument: [String: ArraySlice<Rule>] {
        var slices: [String: ArraySlice<Rule>] = [:]
        var start = rules.startIndex
        while start < rules.endIndex {
            let document = rules[start].document
            var end = start + 1
            while end < rules.endIndex, rules[end].document == document { end += 1 }
            guard slices[document] == nil else {
                return Dictionary(grouping: rules, by: \.document).mapValues { $0[...] }
            }
            slices[document] = rules[start..<end]
            start = end
        }
        return slices
    }

    /// `rules.json` and `docgen rules --format json`: an array of `RuleRecord`s, pretty-printed with sorted keys,
    /// byte for byte what `JSONEncoder` makes of the whole array (written by `RuleJSONWriter`).
    public static func json(_ rules: [Rule]) -> Data {
        RuleJSONWriter.data(rules[...])
    }

    /// `json(rules)` in parts, for writing it a batch at a time (see `OutputParts`).
    public static func jsonParts(_ rules: [Rule]) -> OutputParts {
        RuleJSONWriter.parts(rules[...])
    }
}
