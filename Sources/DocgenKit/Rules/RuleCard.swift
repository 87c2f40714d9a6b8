import Mustache

// MARK: - Rule card

/// A rule as the rule templates see it (`RulePageContext.rule(_:root:)`): each value looked up by name when a
/// template asks for it, instead of a dictionary of every value made for every rule.
///
/// The lists of links (terms, examples, related and conflicting rules) come pre-rendered as `termsHTML`,
/// `examplesHTML`, `relatedHTML` and `conflictsHTML`, with every value escaped; the arrays behind them (`terms`,
/// `examples`, `related`, `conflicts`) are there for themes that want their own markup, made only when asked
/// for. The built-in theme never asks: making them for each of the 35,000 rules of a 500-document site was
/// most of the time spent building the rules pages' values.
struct RuleCard: MustacheParent {
    /// A rule this one links to (related or conflicting).
    struct LinkedRule {
        var id: String
        var href: String
        var document: String
        var strength: String
    }

    /// An example of the rule.
    struct Example {
        var id: String
        var polarity: String
        var href: String
    }

    let rule: Rule
    let documentTitle: String
    let textHTML: String
    let badgeHTML: String
    let termHrefs: [String]
    let examples: [Example]
    let related: [LinkedRule]
    let conflicts: [LinkedRule]
    let termsHTML: String
    let examplesHTML: String
    let relatedHTML: String
    let conflictsHTML: String

    // MARK: - MustacheParent

    /// The value named `name`, as the dictionary this card replaced held it; nil for any other name (a
    /// template then looks further up its context stack, as it did).
    func child(named name: String) -> Any? {
        switch name {
        case "id": rule.id
        case "href": rule.href
        case "textHTML": textHTML
        case "plainText": rule.plainText
        case "strength": rule.strength.rawValue
        case "priority": rule.priority ?? ""
        case "hasPriority": rule.priority != nil
        case "document": rule.document
        case "documentTitle": documentTitle
        case "file": rule.file
        case "line": rule.line
        case "sectionPath": Rule.shownSection(rule.section).joined(separator: " › ")
        case "sectionHref": rule.sectionHref
        case "badgeHTML": badgeHTML
        case "terms": zip(rule.terms, termHrefs).map { ["term": $0, "href": $1] }
        case "termsHTML": termsHTML
        case "termsData": rule.terms.joined(separator: "|")
        case "hasTerms": !rule.terms.isEmpty
        case "related": related.map(Self.values)
        case "relatedHTML": relatedHTML
        case "hasRelated": !related.isEmpty
        case "conflicts": conflicts.map(Self.values)
        case "conflictsHTML": conflictsHTML
        case "hasConflicts": !conflicts.isEmpty
        case "examples": examples.map { ["id": $0.id, "polarity": $0.polarity, "href": $0.href] }
        case "examplesHTML": examplesHTML
        case "hasExamples": !examples.isEmpty
        default: nil
        }
    }

    private static func values(_ linked: LinkedRule) -> [String: Any] {
        ["id": linked.id, "href": linked.href, "document": linked.document, "strength": linked.strength]
    }
}
