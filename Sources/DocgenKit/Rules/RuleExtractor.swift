import Foundation

// MARK: - Extracting the rules of documents

/// Finds the normative statements of documents and turns them into `Rule`s with ids, strengths,
/// priorities, terms and examples; `RuleLinker` then adds related and conflicting rules.
///
/// What is read as a rule (see README, "Rules"):
/// - list items under a lead-in (`**Rules:**`, `**Do:**`, `**Never Compromise:**`, "… This includes:");
/// - list items marked ✅ / ❌, and list items with a normative word of their own;
/// - every item of a rule-list section (a heading with "Rules", "Requirements", "Checklist" or
///   "Standards"; a document whose introduction speaks of "these rules"; front matter `rules: all`);
/// - every item of a list of `**Label**: …` items when at least two of them are normative;
/// - normative sentences of paragraphs and block quotes after the introduction (before the first `##`).
/// Nested items qualify their parent and are part of its text. Reading lists, benefits, tables,
/// code and sections such as "References" or "When to Use This Skill" have no rules.
public enum RuleExtractor {
    /// Extracts and links the rules of all documents.
    public static func extract(_ documents: [Document]) -> RuleCatalog {
        var rules: [Rule] = []
        var diagnostics: [Diagnostic] = []
        for document in documents {
            let result = extract(document)
            rules += result.rules
            diagnostics += result.diagnostics
        }
        rules = makeIDsUnique(rules)
        return RuleCatalog.linking(rules, diagnostics: diagnostics)
    }

    /// Extracts the rules of one document (ids unique within it; not linked to other documents).
    public static func extract(_ document: Document) -> (rules: [Rule], diagnostics: [Diagnostic]) {
        var walker = RuleWalker(document: document)
        walker.run()
        let rules = RuleBuilder.build(walker.candidates, document: document)
        return (rules, walker.diagnostics)
    }

    /// Documents in the site's navigation order (front matter `order`, then path), the order of `rules.json`.
    public static func siteOrder(_ documents: [Document]) -> [Document] {
        SiteBuilder.navigationOrder(documents)
    }

    /// Explicit ids may repeat across documents: later repeats get `-1`, `-2` (and `RuleLinter` warns).
    static func makeIDsUnique(_ rules: consuming [Rule]) -> [Rule] {
        var slugger = Slugger()
        var unique = rules
        for index in unique.indices {
            let id = slugger.uniqueID(unique[index].id)
            if id != unique[index].id { unique[index].id = id }
        }
        return unique
    }
}
