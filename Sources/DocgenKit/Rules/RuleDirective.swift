import Foundation

// MARK: - Author overrides

/// An HTML comment that overrides the rule heuristics, e.g. `<!-- docgen: rules -->`.
///
/// - `<!-- docgen: rules -->` before a list or paragraph: every item (every sentence) is a rule;
///   `strength=…` sets the strength of those without a normative word of their own.
/// - `<!-- docgen: not-rules -->` before a list or paragraph: nothing in it is a rule.
/// - Either of them right before a heading applies to that heading's whole section.
/// - `<!-- docgen: rule id=my-id strength=required priority=P1 -->` before a paragraph makes the
///   paragraph one rule; at the end of a list item (or of a sentence) it makes that item one rule.
/// - `<!-- docgen: not-rule -->` at the end of a list item or sentence excludes it.
public struct RuleDirective: Sendable, Hashable {
    /// What the directive says.
    public enum Kind: String, Sendable, Hashable {
        /// `rules`: the next block (or section) consists of rules.
        case rules
        /// `not-rules`: the next block (or section) has no rules.
        case notRules = "not-rules"
        /// `rule`: this one block, item or sentence is a rule.
        case rule
        /// `not-rule`: this item or sentence is not a rule.
        case notRule = "not-rule"
    }

    /// What the directive says.
    public var kind: Kind
    /// `id=…`: an explicit id.
    public var id: String?
    /// `strength=…`.
    public var strength: RuleStrength?
    /// `priority=…`.
    public var priority: String?

    /// Creates a directive.
    public init(kind: Kind, id: String? = nil, strength: RuleStrength? = nil, priority: String? = nil) {
        self.kind = kind
        self.id = id
        self.strength = strength
        self.priority = priority
    }

    /// Why a `docgen:` comment could not be understood.
    public enum ParseError: Error, Sendable, Equatable {
        case unknownKind(String)
        case unknownAttribute(String)
        case invalidStrength(String)
        case invalidID(String)

        /// A one-sentence message for a diagnostic.
        public var message: String {
            switch self {
            case .unknownKind(let word):
                return "unknown docgen directive '\(word)'; use one of: rules, not-rules, rule, not-rule"
            case .unknownAttribute(let word):
                return "unknown attribute '\(word)' in docgen directive; known: id=, strength=, priority="
            case .invalidStrength(let value):
                return "unknown strength '\(value)'; use one of: \(RuleStrength.allCases.map(\.rawValue).joined(separator: ", "))"
            case .invalidID(let value):
                return "invalid rule id '\(value)'; use letters, digits, '-', '_' and '.' only"
            }
        }
    }

    /// Whether an HTML fragment is a docgen comment (well-formed or not).
    static func isDirective(_ html: String) -> Bool {
        body(of: html) != nil
    }

    /// Parses `<!-- docgen: … -->`; nil if the HTML is not a docgen comment at all.
    static func parse(_ html: String) -> Result<RuleDirective, ParseError>? {
        guard let body = body(of: html) else { return nil }
        let words = body.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first else { return .failure(.unknownKind("")) }
        guard let kind = Kind(rawValue: first.lowercased()) else { return .failure(.unknownKind(first)) }
        var directive = RuleDirective(kind: kind)
        for word in words.dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return .failure(.unknownAttribute(word)) }
            let value = parts[1].trimming(CharacterSet(charactersIn: "\"'"))
            switch parts[0].lowercased() {
            case "id":
                guard !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
                    return .failure(.invalidID(value))
                }
                directive.id = value
            case "strength":
                guard let strength = RuleStrength(rawValue: value.lowercased()) else { return .failure(.invalidStrength(value)) }
                directive.strength = strength
            case "priority":
                directive.priority = value.uppercased()
            default:
                return .failure(.unknownAttribute(word))
            }
        }
        return .success(directive)
    }

    /// The text between `docgen:` and `-->` of an HTML comment, or nil.
    private static func body(of html: String) -> String? {
        let trimmed = html.trimming(.whitespacesAndNewlines)
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") else { return nil }
        let inner = trimmed.dropFirst(4).dropLast(3).trimming(.whitespacesAndNewlines)
        guard inner.lowercased().hasPrefix("docgen:") else { return nil }
        return String(inner.dropFirst("docgen:".count))
    }
}
