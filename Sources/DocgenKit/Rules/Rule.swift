// MARK: - Rules

/// One normative statement extracted from a document.
public struct Rule: Sendable, Hashable, Identifiable {
    /// Stable, readable id: `<document>.<section>.<short-text>` (or the author's explicit id).
    /// It is also the rule's anchor in its document page.
    public var id: String
    /// The rule as inline Markdown (nested qualifications appended after a colon, separated by `;`).
    public var text: String
    /// `text` without markup.
    public var plainText: String
    /// The rule's own sentence or list-item paragraph, without nested qualifications (plain text).
    public var statement: String
    /// Slug of the document.
    public var document: String
    /// The document's path as shown in diagnostics.
    public var file: String
    /// Heading chain above the rule (outermost first).
    public var section: [String]
    /// Id of the innermost heading above the rule, if any.
    public var sectionID: String?
    /// 1-based line of the statement.
    public var line: Int
    /// Start of the block (list item or paragraph) the rule's anchor and badge are attached to.
    public var position: SourcePosition
    /// How strongly the rule binds.
    public var strength: RuleStrength
    /// `P1`, `P2`… from the nearest heading tag, else nil.
    public var priority: String?
    /// Normalised subjects: code terms (`@Observable`, `private(set)`) and key nouns (`singleton`).
    public var terms: [String]
    /// Snippets of the rule's section.
    public var examples: [RuleExample]
    /// Rules in other documents stating the same or a close rule.
    public var related: [String]
    /// Rules in other documents on the same subject with the opposite strength.
    public var conflicts: [String]
    /// Whether the id was given by the author (`<!-- docgen: rule id=… -->`).
    public var hasExplicitID: Bool
    /// The layer or kind of type the rule is about (`controller`, `service`…), if recognisable.
    public var subject: String?
    /// What each sentence of the rule asks for or forbids, for the conflict finder.
    public var claims: [RuleClaim]

    /// Makes the fields that are equal to `previous`'s (the rule before it in its document), or to each other, one
    /// value: Swift shares the storage of a copied string or array, not of an equal one. Rules of one section have the
    /// same headings, examples and file, and most texts equal their plain text; on 2,000 documents each of 141,000
    /// rules had copies of its own.
    mutating func shareStorage(with previous: Rule?) {
        if text == plainText { text = plainText }
        if statement == plainText { statement = plainText }
        guard let previous else { return }
        if document == previous.document { document = previous.document }
        if file == previous.file { file = previous.file }
        if section == previous.section { section = previous.section }
        if sectionID == previous.sectionID { sectionID = previous.sectionID }
        if examples == previous.examples { examples = previous.examples }
    }

    /// Creates a rule.
    public init(
        id: String, text: String, plainText: String, statement: String, document: String, file: String,
        section: [String], sectionID: String?, line: Int, position: SourcePosition, strength: RuleStrength,
        priority: String?, terms: [String] = [], examples: [RuleExample] = [], related: [String] = [],
        conflicts: [String] = [], hasExplicitID: Bool = false, subject: String? = nil, claims: [RuleClaim] = []
    ) {
        self.id = id
        self.text = text
        self.plainText = plainText
        self.statement = statement
        self.document = document
        self.file = file
        self.section = section
        self.sectionID = sectionID
        self.line = line
        self.position = position
        self.strength = strength
        self.priority = priority
        self.terms = terms
        self.examples = examples
        self.related = related
        self.conflicts = conflicts
        self.hasExplicitID = hasExplicitID
        self.subject = subject
        self.claims = claims
    }

    /// The page holding the rule, relative to the site root.
    public var pagePath: String { document + ".html" }

    /// Link to the rule in its document page, relative to the site root.
    public var href: String { pagePath + "#" + id }

    /// Link to the rule's section in its document page, relative to the site root (the page itself when the
    /// section has no anchor).
    public var sectionHref: String { pagePath + (sectionID.map { "#" + $0 } ?? "") }

    /// The headings of a rule's `section` path as the rule pages show them: without the document's title,
    /// unless it is the only heading.
    static func shownSection(_ section: [String]) -> ArraySlice<String> {
        section.count > 1 ? section.dropFirst() : section[...]
    }

    /// The entry of `rules.json` for this rule.
    public var record: RuleRecord {
        RuleRecord(id: id, text: text, plainText: plainText, document: document, section: section, line: line,
                   strength: strength.rawValue, priority: priority, terms: terms, examples: examples,
                   related: related, conflicts: conflicts)
    }
}
