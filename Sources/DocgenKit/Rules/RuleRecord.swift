// MARK: - rules.json

/// The schema of `rules.json` and of `docgen rules --format json`.
public struct RuleRecord: Sendable, Hashable, Codable {
    /// See `Rule.id`.
    public var id: String
    /// Inline Markdown.
    public var text: String
    /// Text without markup.
    public var plainText: String
    /// Document slug.
    public var document: String
    /// Heading chain, outermost first.
    public var section: [String]
    /// 1-based line of the statement.
    public var line: Int
    /// `required`, `recommended`, `optional`, `discouraged` or `prohibited`.
    public var strength: String
    /// `P1`, `P2`… or null.
    public var priority: String?
    /// Normalised terms.
    public var terms: [String]
    /// Snippets of the rule's section with their polarity.
    public var examples: [RuleExample]
    /// Ids of related rules in other documents.
    public var related: [String]
    /// Ids of conflicting rules in other documents.
    public var conflicts: [String]

    private enum CodingKeys: String, CodingKey {
        case id, text, plainText, document, section, line, strength, priority, terms, examples, related, conflicts
    }

    /// Creates a record.
    public init(id: String, text: String, plainText: String, document: String, section: [String], line: Int,
                strength: String, priority: String?, terms: [String], examples: [RuleExample],
                related: [String], conflicts: [String]) {
        self.id = id
        self.text = text
        self.plainText = plainText
        self.document = document
        self.section = section
        self.line = line
        self.strength = strength
        self.priority = priority
        self.terms = terms
        self.examples = examples
        self.related = related
        self.conflicts = conflicts
    }

    /// Encodes `priority: null` explicitly (the synthesised encoder would omit the key).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(text, forKey: .text)
        try container.encode(plainText, forKey: .plainText)
        try container.encode(document, forKey: .document)
        try container.encode(section, forKey: .section)
        try container.encode(line, forKey: .line)
        try container.encode(strength, forKey: .strength)
        try container.encode(priority, forKey: .priority)
        try container.encode(terms, forKey: .terms)
        try container.encode(examples, forKey: .examples)
        try container.encode(related, forKey: .related)
        try container.encode(conflicts, forKey: .conflicts)
    }
}
