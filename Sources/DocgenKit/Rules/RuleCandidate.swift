// MARK: - A statement found in a document, before it becomes a `Rule`

/// A statement the walker decided is a rule.
struct RuleCandidate {
    /// The statement's inline nodes (marker and directive comments removed).
    var nodes: [MarkdownNode]
    /// First paragraphs of nested items that qualify it.
    var details: [[MarkdownNode]]
    /// All sentences of the statement (for claims).
    var sentences: [[MarkdownNode]]
    var line: Int
    var position: SourcePosition
    var strength: RuleStrength
    var explicitID: String?
    var priority: String?
    var sectionPath: [String]
    var sectionID: String?
    /// Texts that may name the rule's subject, most specific first (item label, lead-in, headings).
    var subjectHints: [String]
}
