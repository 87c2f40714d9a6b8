import Foundation

// MARK: - All rules of a site

/// The rules of a set of documents, linked, with the problems found in docgen directives.
public struct RuleCatalog: Sendable {
    /// Rules in document order (documents in the order given).
    public var rules: [Rule]
    /// Malformed or misplaced `<!-- docgen: … -->` directives.
    public var diagnostics: [Diagnostic]

    /// Creates a catalogue.
    public init(rules: [Rule], diagnostics: [Diagnostic] = []) {
        self.rules = rules
        self.diagnostics = diagnostics
    }

    /// Why a catalogue could not be encoded.
    public enum Failure: LocalizedError {
        case encoding(String)

        /// A one-line message.
        public var errorDescription: String? {
            switch self {
            case .encoding(let reason): return "cannot encode the rules as JSON: \(reason)"
            }
        }
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

    /// Related and conflicting pairs with their reasons.
    public var pairs: [RulePair] { RuleLinker.pairs(rules) }

    /// Number of rules per strength.
    public var countsByStrength: [RuleStrength: Int] {
        Dictionary(grouping: rules, by: \.strength).mapValues(\.count)
    }

    /// Anchors the rules add to each document page (for the link checker).
    public var anchors: [String: Set<String>] {
        Dictionary(grouping: rules, by: \.document).mapValues { Set($0.map(\.id)) }
    }

    /// `rules.json` and `docgen rules --format json`: an array of `RuleRecord`s, pretty-printed with sorted keys.
    public static func json(_ rules: [Rule]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(rules.map(\.record))
            data.append(contentsOf: Array("\n".utf8))
            return data
        } catch {
            throw Failure.encoding(error.localizedDescription)
        }
    }
}
