import Foundation

// MARK: - Rule pages, badges and rules.json

/// Everything the rule knowledge base adds to a site: anchors and badges in document pages, the
/// Rules, Index and Conflicts pages, and `rules.json`.
///
/// Scale: the Rules page groups rules by document (each group has the anchor `rules-<slug>`) and by
/// section. Above `splitThreshold` rules it becomes an overview and each document's rules get their
/// own page, `rules/<slug>.html`, rendered from the same template.
public enum RulePages {
    /// The pages added to the navigation, after the documents.
    public static let navigation = [
        NavigationEntry(title: "Rules", href: "rules.html"),
        NavigationEntry(title: "Index", href: "terms.html"),
        NavigationEntry(title: "Conflicts & duplicates", href: "conflicts.html"),
    ]

    /// Above this many rules, the Rules page is split into one page per document.
    public static let defaultSplitThreshold = 1500

    // MARK: - Document pages

    /// Anchor and badge of every rule, by document slug and block position.
    public static func annotations(for rules: [Rule]) -> [String: [SourcePosition: BlockAnnotation]] {
        var result: [String: [SourcePosition: BlockAnnotation]] = [:]
        for rule in rules {
            let annotation = BlockAnnotation(id: rule.id, classes: ["has-rule"], prefixHTML: badgeHTML(rule))
            if let existing = result[rule.document]?[rule.position] {
                result[rule.document]?[rule.position] = existing.merged(with: annotation)
            } else {
                result[rule.document, default: [:]][rule.position] = annotation
            }
        }
        return result
    }

    /// `<span class="rule-badge strength-required" title="Rule x.y.z: required, P1"><a href="#x.y.z">required · P1</a></span>`.
    public static func badgeHTML(_ rule: Rule) -> String {
        let label = rule.strength.rawValue + (rule.priority.map { " · " + $0 } ?? "")
        let title = "Rule \(rule.id): \(rule.strength.rawValue)" + (rule.priority.map { ", " + $0 } ?? "")
        return "<span class=\"rule-badge strength-\(rule.strength.rawValue)\" title=\"\(HTMLEscaping.escape(title))\">"
            + "<a href=\"\(HTMLEscaping.escape(HTMLEscaping.escapeHref("#" + rule.id)))\">\(HTMLEscaping.escape(label))</a></span>"
    }

    // MARK: - Site pages

    /// `rules.html` (or an overview plus `rules/<slug>.html`), `terms.html`, `conflicts.html` and `rules.json`.
    public static func pages(
        catalog: RuleCatalog, documents: [Document], renderer: PageRenderer,
        splitThreshold: Int = defaultSplitThreshold
    ) throws -> [OutputFile] {
        let index = RuleIndex(rules: catalog.rules, documents: documents)
        let context = RulePageContext(catalog: catalog, documents: documents, termAnchors: index.anchors)
        var files: [OutputFile] = []
        let groups = context.documentGroups()
        let filters = context.filterValues(index: index)
        if catalog.rules.count > splitThreshold {
            var overview = groups
            for position in overview.indices { overview[position]["sections"] = [] }
            files.append(try renderer.page("rules", path: "rules.html", title: "Rules",
                description: "Every rule of every document.",
                values: ["documents": overview, "isOverview": true, "total": catalog.rules.count, "filters": filters]))
            for group in groups {
                guard let slug = group["slug"] as? String else { continue }
                files.append(try renderer.page("rules", path: "rules/\(slug).html", title: "Rules · \(group["title"] ?? slug)",
                    values: ["documents": [group], "isOverview": false, "total": group["count"] ?? 0, "filters": filters]))
            }
        } else {
            files.append(try renderer.page("rules", path: "rules.html", title: "Rules",
                description: "Every rule of every document, filterable by strength, priority, document and term.",
                values: ["documents": groups, "isOverview": false, "total": catalog.rules.count, "filters": filters]))
        }
        files.append(try renderer.page("terms", path: "terms.html", title: "Index",
            description: "Terms A–Z with the rules and examples that mention them.",
            values: context.indexValues(index)))
        files.append(try renderer.page("conflicts", path: "conflicts.html", title: "Conflicts & duplicates",
            description: "Rules of different documents that contradict or repeat each other.",
            values: context.conflictValues()))
        files.append(OutputFile(path: "rules.json", data: try RuleCatalog.json(catalog.rules)))
        return files
    }

    /// The HTML of a rule's inline Markdown text.
    static func html(ofText text: String) -> String {
        let root = MarkdownParser.parse(text)
        guard root.children.count == 1, let paragraph = root.children.first, case .paragraph = paragraph.kind else {
            return HTMLEscaping.escape(text)
        }
        return InlineMarkdown.html(paragraph.children)
    }
}
