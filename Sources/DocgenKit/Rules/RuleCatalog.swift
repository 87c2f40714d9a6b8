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

    /// Number of rules of each document, by slug.
    public var countsByDocument: [String: Int] {
        Dictionary(grouping: rules, by: \.document).mapValues(\.count)
    }

    /// Number of rules per strength.
    public var countsByStrength: [RuleStrength: Int] {
        Dictionary(grouping: rules, by: \.strength).mapValues(\.count)
    }

    /// Anchors the rules add to each document page (for the link checker).
    public var anchors: [String: Set<String>] {
        Dictionary(grouping: rules, by: \.document).mapValues { Set($0.map(\.id)) }
    }

    /// `rules.json` and `docgen rules --format json`: an array of `RuleRecord`s, pretty-printed with sorted keys,
    /// byte for byte what `JSONEncoder` makes of the whole array (written by `RuleJSONWriter`).
    public static func json(_ rules: [Rule]) -> Data {
        RuleJSONWriter.data(rules)
    }

    /// `json(rules)` in parts, for writing it a batch at a time (see `OutputParts`).
    public static func jsonParts(_ rules: [Rule]) -> OutputParts {
        RuleJSONWriter.parts(rules)
    }
}
