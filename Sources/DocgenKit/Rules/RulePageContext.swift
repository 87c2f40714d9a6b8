import Foundation

// MARK: - Template contexts

/// Builds the mustache contexts of the rule pages. Every `href` is relative to the site root
/// (templates prefix `{{page.root}}`).
struct RulePageContext {
    let catalog: RuleCatalog
    let documents: [Document]
    let termAnchors: [String: String]
    private let rulesByID: [String: Rule]
    private let html: [String: String]
    private let documentsBySlug: [String: Document]
    private let snippetAnchors: [String: String]

    init(catalog: RuleCatalog, documents: [Document], termAnchors: [String: String]) {
        self.catalog = catalog
        self.documents = documents
        self.termAnchors = termAnchors
        rulesByID = catalog.byID
        documentsBySlug = Dictionary(documents.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        snippetAnchors = Dictionary(documents.flatMap(\.snippets).map { ($0.id, $0.anchor) }, uniquingKeysWith: { first, _ in first })
        var html: [String: String] = [:]
        for rule in catalog.rules { html[rule.id] = RulePages.html(ofText: rule.text) }
        self.html = html
    }

    /// A rule for templates.
    func rule(_ rule: Rule) -> [String: Any] {
        let link = { (id: String) -> [String: Any]? in
            guard let other = rulesByID[id] else { return nil }
            return ["id": id, "href": other.href, "document": other.document, "strength": other.strength.rawValue]
        }
        let document = documentsBySlug[rule.document]
        return [
            "id": rule.id,
            "href": rule.href,
            "textHTML": html[rule.id] ?? HTMLEscaping.escape(rule.plainText),
            "plainText": rule.plainText,
            "strength": rule.strength.rawValue,
            "priority": rule.priority ?? "",
            "hasPriority": rule.priority != nil,
            "document": rule.document,
            "documentTitle": document?.title ?? rule.document,
            "file": rule.file,
            "line": rule.line,
            "sectionPath": (rule.section.count > 1 ? Array(rule.section.dropFirst()) : rule.section).joined(separator: " › "),
            "sectionHref": rule.pagePath + (rule.sectionID.map { "#" + $0 } ?? ""),
            "badgeHTML": RulePages.badgeHTML(rule).replacingOccurrences(of: "href=\"#", with: "href=\"\(rule.pagePath)#"),
            "terms": rule.terms.map { term in ["term": term, "href": "terms.html#" + (termAnchors[term] ?? "")] },
            "termsData": rule.terms.joined(separator: "|"),
            "hasTerms": !rule.terms.isEmpty,
            "related": rule.related.compactMap(link),
            "hasRelated": !rule.related.isEmpty,
            "conflicts": rule.conflicts.compactMap(link),
            "hasConflicts": !rule.conflicts.isEmpty,
            "examples": rule.examples.map { example -> [String: Any] in
                let anchor = snippetAnchors[example.id] ?? ""
                return ["id": example.id, "polarity": example.polarity.rawValue, "href": rule.pagePath + "#" + anchor]
            },
            "hasExamples": !rule.examples.isEmpty,
        ]
    }

    /// Documents with their sections and rules, in catalogue order.
    func documentGroups() -> [[String: Any]] {
        var groups: [[String: Any]] = []
        let byDocument = Dictionary(grouping: catalog.rules, by: \.document)
        for document in documents {
            guard let rules = byDocument[document.slug], !rules.isEmpty else { continue }
            var sections: [[String: Any]] = []
            var current: (path: [String], rules: [[String: Any]], href: String)?
            for rule in rules {
                if current?.path != rule.section {
                    if let current { sections.append(section(current)) }
                    current = (rule.section, [], rule.pagePath + (rule.sectionID.map { "#" + $0 } ?? ""))
                }
                current?.rules.append(self.rule(rule))
            }
            if let current { sections.append(section(current)) }
            groups.append([
                "slug": document.slug, "title": document.title, "href": document.outputPath,
                "anchor": "rules-" + document.slug.replacingOccurrences(of: "/", with: "-"),
                "pageHref": "rules/\(document.slug).html",
                "count": rules.count, "sections": sections,
            ])
        }
        return groups
    }

    private func section(_ value: (path: [String], rules: [[String: Any]], href: String)) -> [String: Any] {
        let titled = value.path.count > 1 ? Array(value.path.dropFirst()) : value.path
        return ["title": titled.last ?? "Introduction", "path": titled.joined(separator: " › "), "href": value.href,
                "rules": value.rules, "count": value.rules.count]
    }

    /// Choices of the filter form.
    func filterValues(index: RuleIndex) -> [String: Any] {
        let counts = catalog.countsByStrength
        let priorities = Set(catalog.rules.compactMap(\.priority)).sorted()
        return [
            "strengths": RuleStrength.allCases.filter { counts[$0] != nil }.map { ["value": $0.rawValue, "count": counts[$0] ?? 0] },
            "priorities": priorities.map { priority in
                ["value": priority, "count": catalog.rules.filter { $0.priority == priority }.count] },
            "documents": documents.filter { !catalog.rules(inDocument: $0.slug).isEmpty }.map { ["value": $0.slug, "title": $0.title] },
            "terms": index.entries.map { ["value": $0.term, "count": $0.rules.count] },
        ]
    }

    /// The index page: letters and entries.
    /// Rules and examples listed under one term of the Index page; the rest are a link away.
    static let termRuleLimit = 40
    static let termSnippetLimit = 20

    func indexValues(_ index: RuleIndex) -> [String: Any] {
        let groups = index.groups.map { group -> [String: Any] in
            let anchor = group.letter == "#" ? "letter-symbols" : "letter-" + group.letter.lowercased()
            return [
                "letter": group.letter, "anchor": anchor,
                "entries": group.entries.map { entry -> [String: Any] in
                    var values: [String: Any] = [
                        "term": entry.term, "anchor": entry.anchor, "isCode": entry.isCode,
                        "rules": entry.rules.prefix(Self.termRuleLimit).compactMap { id -> [String: Any]? in
                            guard let rule = rulesByID[id] else { return nil }
                            return ["id": id, "href": rule.href, "document": rule.document, "strength": rule.strength.rawValue,
                                    "plainText": rule.plainText.count > 90 ? String(rule.plainText.prefix(87)) + "…" : rule.plainText]
                        },
                        "snippets": entry.snippets.prefix(Self.termSnippetLimit).map {
                            ["id": $0.id, "href": $0.document + ".html#" + $0.anchor, "polarity": $0.polarity.rawValue]
                        },
                        "hasSnippets": !entry.snippets.isEmpty,
                    ]
                    // On large sites a common term would list thousands of rules: show the first ones
                    // and link to the Rules page filtered by the term.
                    if entry.rules.count > Self.termRuleLimit {
                        let query = entry.term.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? entry.term
                        values["more"] = ["count": entry.rules.count - Self.termRuleLimit, "href": "rules.html?term=" + query]
                    }
                    return values
                },
            ]
        }
        return ["letters": groups.map { ["letter": $0["letter"] ?? "", "anchor": $0["anchor"] ?? ""] }, "groups": groups,
                "termCount": index.entries.count]
    }

    /// Conflicting and related pairs shown on the Conflicts page, each (the most similar first when cut).
    static let relatedPairLimit = 300

    /// The conflicts page: conflicting pairs, then related pairs.
    func conflictValues() -> [String: Any] {
        let pairs = catalog.pairs
        let pair = { (pair: RulePair) -> [String: Any]? in
            guard let first = rulesByID[pair.first], let second = rulesByID[pair.second] else { return nil }
            return ["first": self.rule(first), "second": self.rule(second), "reason": pair.reason,
                    "similarity": Int((pair.similarity * 100).rounded()),
                    "terms": pair.sharedTerms.map { ["term": $0, "href": "terms.html#" + (termAnchors[$0] ?? "")] }]
        }
        let allConflicts = pairs.filter { $0.kind == .conflict }
        let conflicts = allConflicts.count <= Self.relatedPairLimit
            ? allConflicts.compactMap(pair)
            : allConflicts.sorted { $0.similarity > $1.similarity }.prefix(Self.relatedPairLimit).compactMap(pair)
        let allRelated = pairs.filter { $0.kind == .related }
        // The closest pairs only: on large sites the full list would be a page nobody reads.
        let related = allRelated.sorted { $0.similarity > $1.similarity }.prefix(Self.relatedPairLimit).compactMap(pair)
        return ["conflicts": conflicts, "hasConflicts": !conflicts.isEmpty, "conflictCount": allConflicts.count,
                "related": related, "hasRelated": !related.isEmpty, "relatedCount": allRelated.count]
    }
}
