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

    /// `linking(_:diagnostics:)` with the pairing spread over the cores.
    public static func linkingInParallel(_ rules: [Rule], diagnostics: [Diagnostic] = []) async -> RuleCatalog {
        let pairs = await RuleLinker.pairsInParallel(rules)
        return RuleCatalog(rules: RuleLinker.link(rules, pairs: pairs), diagnostics: diagnostics, pairs: pairs)
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

    /// Number of rules per strength.
    public var countsByStrength: [RuleStrength: Int] {
        Dictionary(grouping: rules, by: \.strength).mapValues(\.count)
    }

    /// Anchors the rules add to each document page (for the link checker).
    public var anchors: [String: Set<String>] {
        Dictionary(grouping: rules, by: \.document).mapValues { Set($0.map(\.id)) }
    }

    /// `rules.json` and `docgen rules --format json`: an array of `RuleRecord`s, pretty-printed with sorted keys.
    ///
    /// Byte for byte what `JSONEncoder` makes of the whole array, but encoded record by record (each indented
    /// one level), so that memory holds one record's encoding at a time, not the whole catalogue's.
    public static func json(_ rules: [Rule]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            guard !rules.isEmpty else { return try encoder.encode([RuleRecord]()) + Data("\n".utf8) }
            var data = Data("[\n".utf8)
            for (index, rule) in rules.enumerated() {
                appendIndented(try encoder.encode(rule.record), to: &data)
                data.append(contentsOf: index + 1 < rules.count ? Array(",\n".utf8) : Array("\n".utf8))
            }
            data.append(contentsOf: Array("]\n".utf8))
            return data
        } catch {
            throw Failure.encoding(error.localizedDescription)
        }
    }

    /// Appends pretty-printed JSON one level deeper (two spaces before each non-empty line), as the encoder
    /// writes an array's elements. JSON strings hold no raw newline, so lines are safe to split on.
    static func appendIndented(_ json: Data, to data: inout Data) {
        let newline = UInt8(ascii: "\n"), indent: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: " ")]
        json.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != newline { end += 1 }
                if end > start {
                    data.append(contentsOf: indent)
                    data.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                }
                if end < bytes.count { data.append(newline) }
                start = end + 1
            }
        }
    }
}
