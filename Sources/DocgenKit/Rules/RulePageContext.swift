import Foundation

// MARK: - Template contexts

/// Builds the mustache contexts of the rule pages. Every `href` is relative to the site root
/// (templates prefix `{{page.root}}`).
struct RulePageContext: Sendable {
    let catalog: RuleCatalog
    let documents: [Document]
    /// Where each term links, from the site root: its entry on the Index page (`terms.html#term-…`), or its own
    /// page (`terms/….html`) when the catalogue is split per document.
    let termHrefs: [String: String]
    /// Where each rule is in `catalog.rules`, by id. The catalogue's rules are not copied into dictionaries here:
    /// on 2,000 documents (141,000 rules) the copies were a fifth of a build's memory.
    private let positions: [String: Int]
    private let documentsBySlug: [String: Document]
    private let snippetAnchors: [String: String]
    private let rulesByDocument: [String: ArraySlice<Rule>]
    /// Each document's page path, escaped for an `href`, by slug: a link to a rule is its document's page path, `#`
    /// and its escaped id (`escapeHref` works byte by byte). A table of every rule's link, escaped once, was 22 MB on
    /// 2,000 documents (141,000 rules), kept while the rules pages were rendered.
    private let escapedPagePaths: [String: String]

    init(catalog: RuleCatalog, documents: [Document], termHrefs: [String: String]) {
        self.catalog = catalog
        self.documents = documents
        self.termHrefs = termHrefs
        var positions: [String: Int] = [:]
        positions.reserveCapacity(catalog.rules.count)
        for (position, rule) in catalog.rules.enumerated() where positions[rule.id] == nil { positions[rule.id] = position }
        self.positions = positions
        rulesByDocument = catalog.rulesByDocument
        var escapedPagePaths: [String: String] = [:]
        for rule in catalog.rules where escapedPagePaths[rule.document] == nil {
            escapedPagePaths[rule.document] = HTMLEscaping.escapeHref(rule.pagePath)
        }
        self.escapedPagePaths = escapedPagePaths
        documentsBySlug = Dictionary(documents.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        snippetAnchors = Dictionary(documents.flatMap(\.snippets).map { ($0.id, $0.anchor) }, uniquingKeysWith: { first, _ in first })
    }

    /// Related and conflicting rules listed with a rule on the rule pages; `rules.json` and the document's
    /// `rules/<slug>.json` have them all.
    static let linkLimit = 12

    /// A rule for templates (`RuleCard`), on a page whose path to the site root is `root`.
    func rule(_ rule: Rule, root: String = "") -> RuleCard {
        let prefix = HTMLEscaping.escapeHref(root)
        let link = { (href: String) -> String in prefix + HTMLEscaping.escapeHref(href) }
        var termsHTML = "", examplesHTML = "", relatedHTML = "", conflictsHTML = ""
        let termHrefs = rule.terms.map(href(ofTerm:))
        for (term, href) in zip(rule.terms, termHrefs) {
            termsHTML += "<a class=\"rule-term\" href=\"\(link(href))\">\(HTMLEscaping.escape(term))</a> "
        }
        let examples = rule.examples.map { example in
            RuleCard.Example(id: example.id, polarity: example.polarity.rawValue,
                             href: rule.pagePath + "#" + (snippetAnchors[example.id] ?? ""))
        }
        for example in examples {
            examplesHTML += "<a class=\"rule-example example-\(example.polarity)\" href=\"\(link(example.href))\">"
                + "\(HTMLEscaping.escape(example.id)) (\(example.polarity))</a> "
        }
        let linked = { (ids: [String], className: String, html: inout String) -> [RuleCard.LinkedRule] in
            let shown = ids.prefix(Self.linkLimit).compactMap { id -> RuleCard.LinkedRule? in
                guard let position = positions[id] else { return nil }
                let other = catalog.rules[position]
                let page = escapedPagePaths[other.document] ?? HTMLEscaping.escapeHref(other.pagePath)
                html += "<a\(className) href=\"\(prefix)\(page)#\(HTMLEscaping.escapeHref(other.id))\"><code>\(HTMLEscaping.escape(other.id))</code></a> "
                return RuleCard.LinkedRule(id: id, href: other.href, document: other.document, strength: other.strength.rawValue)
            }
            if ids.count > Self.linkLimit {
                // The rules the card does not list are in its document's JSON file.
                let jsonPath = RulePages.jsonPath(of: rule.document)
                html += "<span class=\"rule-more\">and \(ids.count - Self.linkLimit) more (all in <a href=\"\(prefix)"
                    + "\(HTMLEscaping.escapeHref(jsonPath))\">\(HTMLEscaping.escape(String(jsonPath.dropFirst("rules/".count))))</a>)</span>"
            }
            return shown
        }
        let related = linked(rule.related, "", &relatedHTML)
        let conflicts = linked(rule.conflicts, " class=\"rule-conflict\"", &conflictsHTML)
        return RuleCard(
            rule: rule, documentTitle: documentsBySlug[rule.document]?.title ?? rule.document,
            textHTML: RulePages.html(ofText: rule.text),
            badgeHTML: RulePages.badgeHTML(rule, hrefPrefix: prefix + HTMLEscaping.escapeHref(rule.pagePath)),
            termHrefs: termHrefs, examples: examples, related: related, conflicts: conflicts,
            termsHTML: termsHTML, examplesHTML: examplesHTML, relatedHTML: relatedHTML, conflictsHTML: conflictsHTML)
    }

    /// A fingerprint of everything the rules page of `document` at `path` is made from: what every page shares
    /// (`shared`: settings, theme, navigation), and each value `documentGroup(_:rules:root:)`, `rule(_:root:)`
    /// and `filterValues(rules:documents:)` read. A page whose fingerprint did not change is the same page, so
    /// a build takes it from the previous one without building its values. **Keep in step with those three.**
    func pageFingerprint(_ document: Document, rules: ArraySlice<Rule>, path: String, title: String, shared: String) -> String {
        var hasher = StableHasher()
        for part in [shared, "rules", path, title, document.slug, document.title, document.outputPath] { hasher.combine(part) }
        hasher.combine(rules.count)
        for rule in rules {
            for part in [rule.id, rule.text, rule.plainText, rule.strength.rawValue, rule.document, rule.file] { hasher.combine(part) }
            hasher.combine(rule.priority)
            hasher.combine(rule.sectionID)
            hasher.combine(rule.line)
            hasher.combine(rule.section.count)
            rule.section.forEach { hasher.combine($0) }
            hasher.combine(documentsBySlug[rule.document]?.title)
            hasher.combine(rule.terms.count)
            for term in rule.terms {
                hasher.combine(term)
                hasher.combine(termHrefs[term])
            }
            hasher.combine(rule.examples.count)
            for example in rule.examples {
                hasher.combine(example.id)
                hasher.combine(example.polarity.rawValue)
                hasher.combine(snippetAnchors[example.id])
            }
            for ids in [rule.related, rule.conflicts] {
                hasher.combine(ids.count)
                for id in ids.prefix(Self.linkLimit) {
                    let position = positions[id]
                    // The link is made of the id and the document (its page path).
                    hasher.combine(id)
                    hasher.combine(position.map { catalog.rules[$0].document })
                    hasher.combine(position.map { catalog.rules[$0].strength.rawValue })
                }
            }
        }
        return hasher.hex
    }

    /// Documents with their sections and rules (or only their counts), in catalogue order.
    func documentGroups(withRules: Bool) -> [[String: Any]] {
        documents.compactMap { document -> [String: Any]? in
            let rules = self.rules(of: document)
            guard !rules.isEmpty else { return nil }
            var group = documentGroup(document, rules: withRules ? rules : [])
            group["count"] = rules.count
            return group
        }
    }

    /// The rules of `document`, in catalogue order.
    func rules(of document: Document) -> ArraySlice<Rule> {
        rulesByDocument[document.slug] ?? []
    }

    /// One document with its sections and rules.
    func documentGroup(_ document: Document, rules: ArraySlice<Rule>, root: String = "") -> [String: Any] {
        var sections: [[String: Any]] = []
        var current: (path: [String], rules: [RuleCard], href: String)?
        for rule in rules {
            if current?.path != rule.section {
                if let current { sections.append(section(current)) }
                current = (rule.section, [], rule.sectionHref)
            }
            current?.rules.append(self.rule(rule, root: root))
        }
        if let current { sections.append(section(current)) }
        return [
            "slug": document.slug, "title": document.title, "href": document.outputPath,
            "anchor": "rules-" + document.slug.replacingOccurrences(of: "/", with: "-"),
            "pageHref": RulePages.pagePath(of: document.slug), "jsonHref": RulePages.jsonPath(of: document.slug),
            "count": rules.count, "sections": sections,
        ]
    }

    private func section(_ value: (path: [String], rules: [RuleCard], href: String)) -> [String: Any] {
        let titled = Rule.shownSection(value.path)
        return ["title": titled.last ?? "Introduction", "path": titled.joined(separator: " › "), "href": value.href,
                "rules": value.rules, "count": value.rules.count]
    }

    /// Choices of the filter form of the page listing every rule.
    func filterValues(index: RuleIndex) -> [String: Any] {
        filterValues(rules: catalog.rules, documents: documents.filter { !rules(of: $0).isEmpty },
                     terms: index.entries.map { ($0.term, $0.rules.count) })
    }

    /// Choices of the filter form of a page listing `rules` of `documents`.
    func filterValues(rules: some Collection<Rule>, documents: [Document], terms: [(term: String, count: Int)]? = nil) -> [String: Any] {
        var strengths: [RuleStrength: Int] = [:]
        var priorities: [String: Int] = [:]
        var termCounts: [String: Int] = [:]
        for rule in rules {
            strengths[rule.strength, default: 0] += 1
            if let priority = rule.priority { priorities[priority, default: 0] += 1 }
            if terms == nil { for term in rule.terms { termCounts[term, default: 0] += 1 } }
        }
        let termList = terms ?? termCounts.keys.sorted { RuleIndex.sortKey($0) < RuleIndex.sortKey($1) }
            .map { ($0, termCounts[$0] ?? 0) }
        return [
            "strengths": RuleStrength.allCases.filter { strengths[$0] != nil }.map { ["value": $0.rawValue, "count": strengths[$0] ?? 0] },
            "priorities": priorities.keys.sorted().map { ["value": $0, "count": priorities[$0] ?? 0] },
            "documents": documents.map { ["value": $0.slug, "title": $0.title] },
            "terms": termList.map { ["value": $0.term, "count": $0.count] },
        ]
    }

    // MARK: - Index of terms

    /// Where `term` links, from the site root.
    func href(ofTerm term: String) -> String {
        termHrefs[term] ?? "terms.html#"
    }

    /// Where each term of `index` links: its entry on the Index page, or (`split`) its own page.
    static func termHrefs(_ index: RuleIndex, split: Bool) -> [String: String] {
        index.anchors.mapValues { split ? RuleIndex.pagePath(ofAnchor: $0) : "terms.html#" + $0 }
    }

    /// Rules and examples listed under one term of the Index page; the rest are a link away.
    static let termRuleLimit = 40
    static let termSnippetLimit = 20

    /// The Index page: letters and entries. With `split` (a catalogue split per document), each entry is a link to
    /// the term's own page with its counts: on 2,000 documents the entries with their rules were a 1.6 MB page, and
    /// their "more" links led to an overview that cannot filter.
    func indexValues(_ index: RuleIndex, split: Bool = false) -> [String: Any] {
        let groups = index.groups.map { group -> [String: Any] in
            [
                "letter": group.letter, "anchor": Self.letterAnchor(group.letter),
                "entries": group.entries.map { entry -> [String: Any] in
                    guard !split else {
                        return ["term": entry.term, "anchor": entry.anchor, "isCode": entry.isCode,
                                "pageHref": RuleIndex.pagePath(ofAnchor: entry.anchor),
                                "ruleCount": entry.rules.count, "snippetCount": entry.snippets.count, "hasSnippets": !entry.snippets.isEmpty]
                    }
                    var values = termValues(entry, index: index)
                    // On large sites a common term would list thousands of rules: show the first ones
                    // and link to the Rules page filtered by the term.
                    if entry.rules.count > Self.termRuleLimit {
                        values["more"] = ["count": entry.rules.count - Self.termRuleLimit, "href": "rules.html?term=" + Self.query(entry.term)]
                    }
                    return values
                },
            ]
        }
        return ["letters": groups.map { ["letter": $0["letter"] ?? "", "anchor": $0["anchor"] ?? ""] }, "groups": groups,
                "termCount": index.entries.count, "isOverview": split]
    }

    /// The page of one term when the catalogue is split per document (`terms/<name>.html`): its rules, or, when
    /// there are more than `termRuleLimit`, the documents that have them, each with its count and a link to its
    /// rules page filtered by the term; and its examples.
    func termPageValues(_ entry: RuleIndex.Entry, index: RuleIndex) -> [String: Any] {
        let listsRules = entry.rules.count <= Self.termRuleLimit
        var values = termValues(entry, index: index, listsRules: listsRules)
        var counts: [String: Int] = [:]
        for id in entry.rules { if let position = positions[id] { counts[catalog.rules[position].document, default: 0] += 1 } }
        let inDocuments = documents.filter { counts[$0.slug] != nil }
        values["ruleCount"] = entry.rules.count
        values["documentCount"] = inDocuments.count
        values["snippetCount"] = entry.snippets.count
        values["letterHref"] = "terms.html#" + Self.letterAnchor(entry.letter)
        if entry.snippets.count > Self.termSnippetLimit { values["moreSnippets"] = entry.snippets.count - Self.termSnippetLimit }
        values["hasRules"] = listsRules
        values["hasDocuments"] = !listsRules
        if !listsRules {
            values["documents"] = inDocuments.map { document -> [String: Any] in
                ["title": document.title, "slug": document.slug, "count": counts[document.slug] ?? 0,
                 "href": RulePages.pagePath(of: document.slug) + "?term=" + Self.query(entry.term)]
            }
        }
        return values
    }

    /// One term with its first examples and (`listsRules`) its first rules.
    private func termValues(_ entry: RuleIndex.Entry, index: RuleIndex, listsRules: Bool = true) -> [String: Any] {
        [
            "term": entry.term, "anchor": entry.anchor, "isCode": entry.isCode,
            "rules": !listsRules ? [] : entry.rules.prefix(Self.termRuleLimit).compactMap { id -> [String: Any]? in
                positions[id].map { ruleRow(catalog.rules[$0]) }
            },
            "snippets": entry.snippets.prefix(Self.termSnippetLimit).map { position -> [String: Any] in
                let snippet = index.snippets[position]
                return ["id": snippet.id, "href": snippet.document + ".html#" + snippet.anchor, "polarity": snippet.polarity.rawValue]
            },
            "hasSnippets": !entry.snippets.isEmpty,
        ]
    }

    /// A rule in a list of links: id, link, document, strength and its text cut to 90 characters.
    private func ruleRow(_ rule: Rule) -> [String: Any] {
        ["id": rule.id, "href": rule.href, "document": rule.document, "strength": rule.strength.rawValue,
         "plainText": rule.plainText.count > 90 ? String(rule.plainText.prefix(87)) + "…" : rule.plainText]
    }

    private static func letterAnchor(_ letter: String) -> String {
        letter == "#" ? "letter-symbols" : "letter-" + letter.lowercased()
    }

    /// `term` as the value of a `?term=` query.
    private static func query(_ term: String) -> String {
        term.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? term
    }

    // MARK: - Conflicts and related pairs

    /// Conflicting and related pairs shown on the Conflicts page, each (the most similar first when cut).
    static let relatedPairLimit = 300

    /// The conflicts page: conflicting pairs, then related pairs.
    func conflictValues() -> [String: Any] {
        let pairs = catalog.pairs
        let pair = { (pair: RulePair) -> [String: Any]? in
            guard let first = positions[pair.first], let second = positions[pair.second] else { return nil }
            return ["first": self.rule(catalog.rules[first]), "second": self.rule(catalog.rules[second]), "reason": pair.reason,
                    "similarity": Int((pair.similarity * 100).rounded()),
                    "terms": pair.sharedTerms.map { ["term": $0, "href": href(ofTerm: $0)] }]
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
