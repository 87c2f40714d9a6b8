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
        Dictionary(grouping: rules, by: \.document).mapValues { annotations(ofDocument: $0) }
    }

    /// Anchor and badge of each of `rules`, the rules of one document in catalogue order, by block position (rules
    /// of the same block are merged in that order). A build makes them page by page as it renders: made for every
    /// rule before rendering, they were 68 MB of a build of 2,000 documents.
    public static func annotations(ofDocument rules: some Collection<Rule>) -> [SourcePosition: BlockAnnotation] {
        var result: [SourcePosition: BlockAnnotation] = [:]
        for rule in rules {
            let annotation = BlockAnnotation(id: rule.id, classes: ["has-rule"], prefixHTML: badgeHTML(rule))
            if let existing = result[rule.position] {
                result[rule.position] = existing.merged(with: annotation)
            } else {
                result[rule.position] = annotation
            }
        }
        return result
    }

    /// `<span class="rule-badge strength-required" title="Rule x.y.z: required, P1"><a href="#x.y.z">required · P1</a></span>`;
    /// `hrefPrefix` (already escaped, e.g. `../a.html`) goes before the link's `#x.y.z`.
    public static func badgeHTML(_ rule: Rule, hrefPrefix: String = "") -> String {
        let label = rule.strength.rawValue + (rule.priority.map { " · " + $0 } ?? "")
        let title = "Rule \(rule.id): \(rule.strength.rawValue)" + (rule.priority.map { ", " + $0 } ?? "")
        return "<span class=\"rule-badge strength-\(rule.strength.rawValue)\" title=\"\(HTMLEscaping.escape(title))\">"
            + "<a href=\"\(hrefPrefix)\(HTMLEscaping.escape(HTMLEscaping.escapeHref("#" + rule.id)))\">\(HTMLEscaping.escape(label))</a></span>"
    }

    // MARK: - Site pages

    /// The pages, and the fingerprint of each per-document rules page (see `RulePageContext.pageFingerprint`).
    public struct Output: Sendable {
        /// Every page and `rules.json` (per-document pages already delivered carry only their paths).
        public var files: [OutputFile]
        /// Fingerprint of each per-document rules page, by path (empty without `reuse`), for the manifest.
        public var fingerprints: [String: String]
    }

    /// How a build reuses per-document rules pages whose fingerprint did not change.
    public struct Reuse: Sendable {
        /// Fingerprint of what every page shares: settings, theme, navigation.
        public var shared: String
        /// Fingerprint of everything the site-wide pages are made from (`siteFingerprint`).
        public var site: String
        /// The file to use instead of rendering the page at `path` with `fingerprint` (a page kept from
        /// the last build, or `OutputFile.reused`), or nil to render it.
        public var previous: @Sendable (_ path: String, _ fingerprint: String) -> OutputFile?
        /// The fingerprint the last build recorded for the page at `path`, if any.
        public var previousFingerprint: @Sendable (_ path: String) -> String?
    }

    /// Pages rendered in parallel between two times free memory is given back (`AllocatorTuning.Pacer`).
    static let pagesBetweenTrims = 10

    /// The pages every catalogue has that are made from all of it (`siteWidePaths(termAnchors:split:)` adds the
    /// others).
    static let fixedSitePaths = ["rules.html", "terms.html", "conflicts.html", "rules.json"]

    /// `rules.html` (or an overview plus `rules/<slug>.html`, rendered in parallel), `terms.html`,
    /// `conflicts.html` and `rules.json`. Each per-document page goes through `deliver` as soon as it is
    /// rendered (`docgen build` writes it there and keeps only its path), or is taken from `reuse` when
    /// everything it is made from is what the previous build made it from. `rules.json` goes through
    /// `deliverParts` (`docgen build` writes it a batch of parts at a time: on large sites it is 100 MB).
    public static func pages(
        catalog: RuleCatalog, documents: [Document], renderer: PageRenderer,
        splitThreshold: Int = defaultSplitThreshold, reuse: Reuse? = nil,
        deliver: @escaping @Sendable (OutputFile) throws -> OutputFile = { $0 },
        deliverParts: @escaping @Sendable (String, OutputParts) throws -> OutputFile = { OutputFile(path: $0, data: $1.data) }
    ) async throws -> Output {
        // When nothing any rules page is made from changed (most edits change prose, not rules), every one
        // of them is the previous build's: not even the term index is built.
        let siteFingerprint = reuse?.site
        if let reuse, let siteFingerprint,
           let output = try reusedPages(siteFingerprint, catalog: catalog, documents: documents, splitThreshold: splitThreshold,
                                        reuse: reuse, deliver: deliver) {
            return output
        }
        let index = RuleIndex(rules: catalog.rules, documents: documents)
        MemoryTrace.note("render: term index")
        let split = splitsPerDocument(catalog, threshold: splitThreshold)
        let context = RulePageContext(catalog: catalog, documents: documents, termHrefs: RulePageContext.termHrefs(index, split: split))
        MemoryTrace.note("render: rule page context")
        var files: [OutputFile] = []
        var fingerprints: [String: String] = [:]
        let documentsWithRules = documentsWithRules(documents, in: catalog)
        if split {
            // One page per document, each with the filter choices of its own rules.
            let overview = context.documentGroups(withRules: false)
            files.append(try renderer.page("rules", path: "rules.html", title: "Rules",
                description: "Every rule of every document.",
                values: ["documents": overview, "isOverview": true, "total": catalog.rules.count,
                         "filters": context.filterValues(index: index)]))
            let pacer = AllocatorTuning.Pacer(every: pagesBetweenTrims)
            let perDocument = try await documentsWithRules.concurrentMap { document -> (OutputFile, String?) in
                let rules = context.rules(of: document)
                let path = pagePath(of: document.slug), title = "Rules · \(document.title)"
                let fingerprint = reuse.map {
                    context.pageFingerprint(document, rules: rules, path: path, title: title, shared: $0.shared)
                }
                if let fingerprint, let previous = reuse?.previous(path, fingerprint) {
                    return (try deliver(previous), fingerprint)
                }
                defer { pacer.tick() }
                let group = context.documentGroup(document, rules: rules, root: PageRenderer.root(for: path))
                let values: [String: Any] = ["documents": [group], "isOverview": false, "total": rules.count,
                                             "filters": context.filterValues(rules: rules, documents: [document])]
                return (try deliver(try renderer.page("rules", path: path, title: title, values: values)), fingerprint)
            }
            files += perDocument.map(\.0)
            MemoryTrace.note("render: rules pages")
            for (file, fingerprint) in perDocument { fingerprints[file.path] = fingerprint }
        } else {
            files.append(try renderer.page("rules", path: "rules.html", title: "Rules",
                description: "Every rule of every document, filterable by strength, priority, document and term.",
                values: ["documents": context.documentGroups(withRules: true), "isOverview": false,
                         "total": catalog.rules.count, "filters": context.filterValues(index: index)]))
        }
        files.append(try renderer.page("terms", path: "terms.html", title: "Index",
            description: "Terms A–Z with the rules and examples that mention them.",
            values: context.indexValues(index, split: split)))
        if split {
            let pacer = AllocatorTuning.Pacer(every: pagesBetweenTrims)
            files += try await index.entries.concurrentMap { entry in
                defer { pacer.tick() }
                return try deliver(try renderer.page("term", path: RuleIndex.pagePath(ofAnchor: entry.anchor),
                                                     title: "Index · \(entry.term)", values: context.termPageValues(entry, index: index)))
            }
        }
        AllocatorTuning.releaseFreeMemory()
        MemoryTrace.note("render: terms page")
        files.append(try renderer.page("conflicts", path: "conflicts.html", title: "Conflicts & duplicates",
            description: "Rules of different documents that contradict or repeat each other.",
            values: context.conflictValues()))
        AllocatorTuning.releaseFreeMemory()
        MemoryTrace.note("render: conflicts page")
        files.append(try deliverParts("rules.json", RuleCatalog.jsonParts(catalog.rules)))
        // Each document's rules as JSON too: what a rule card links to for the related and conflicting rules it
        // does not list (on 2,000 documents `rules.json` is 115 MB; a document's own file is tens of kilobytes).
        files += try await documentsWithRules.concurrentMap { document in
            try deliver(OutputFile(path: jsonPath(of: document.slug), data: RuleJSONWriter.data(context.rules(of: document))))
        }
        if let siteFingerprint {
            let paths = siteWidePaths(termAnchors: index.entries.map(\.anchor), split: split)
            for path in paths + documentsWithRules.map({ jsonPath(of: $0.slug) }) { fingerprints[path] = siteFingerprint }
        }
        return Output(files: files, fingerprints: fingerprints)
    }

    /// Whether `catalog` has more rules than `threshold`, so that each document's rules get their own page and each term
    /// of the Index its own page.
    static func splitsPerDocument(_ catalog: RuleCatalog, threshold: Int) -> Bool {
        catalog.rules.count > threshold
    }

    /// Every page made from the whole catalogue, which `siteFingerprint` covers: `fixedSitePaths`, and the term pages
    /// of a split catalogue (`termAnchors`, in index order).
    static func siteWidePaths(termAnchors: [String], split: Bool) -> [String] {
        fixedSitePaths + (split ? termAnchors.map(RuleIndex.pagePath(ofAnchor:)) : [])
    }

    /// The documents with at least one rule in `catalog`, in the order given: those with a rules page of their own
    /// (when split) and a `rules/<slug>.json`.
    static func documentsWithRules(_ documents: [Document], in catalog: RuleCatalog) -> [Document] {
        let withRules = Set(catalog.rules.map(\.document))
        return documents.filter { withRules.contains($0.slug) }
    }

    /// `rules/<slug>.html`: the rules page of the document `slug` when the catalogue is split per document.
    public static func pagePath(of slug: String) -> String {
        "rules/\(slug).html"
    }

    /// `rules/<slug>.json`: the entries of `rules.json` for the rules of the document `slug`, in the same
    /// format. Like `rules.json`, it is made from the whole catalogue (a rule's related and conflicting rules),
    /// so it is covered by `siteFingerprint`.
    public static func jsonPath(of slug: String) -> String {
        "rules/\(slug).json"
    }

    /// A fingerprint of everything the rules pages are made from: what every page shares (`shared`: settings
    /// with the docgen binary, theme, navigation), the split threshold, each document's slug, title and
    /// output path, the digest of its rules as extracted and of its snippets (`digests`, the term index lists
    /// the examples that mention a term; `StableHasher.digest`), and every rule's final id. Rule pairs (related,
    /// conflicts) are made by the binary from exactly these rules and ids, so they need no hashing; nor does any
    /// rule field again, which was a tenth of a rebuild after one change on 500 documents.
    public static func siteFingerprint(documents: [Document], digests: [(rules: String, snippets: String)],
                                       ruleIDs: [String], splitThreshold: Int, shared: String) -> String {
        var hasher = StableHasher()
        hasher.combine(shared)
        hasher.combine(splitThreshold)
        hasher.combine(documents.count)
        for (document, digest) in zip(documents, digests) {
            for part in [document.slug, document.title, document.outputPath, digest.rules, digest.snippets] { hasher.combine(part) }
        }
        hasher.combine(StableHasher.hex(ofChunks: ruleIDs, chunkSize: 4096) { $0.combine($1) })
        return hasher.hex
    }

    /// Every rules page taken from the previous build, when it recorded `siteFingerprint` for the site-wide
    /// pages and has every per-document page; nil otherwise (nothing is delivered then).
    private static func reusedPages(
        _ siteFingerprint: String, catalog: RuleCatalog, documents: [Document], splitThreshold: Int, reuse: Reuse,
        deliver: @Sendable (OutputFile) throws -> OutputFile
    ) throws -> Output? {
        var files: [OutputFile] = []
        var fingerprints: [String: String] = [:]
        let split = splitsPerDocument(catalog, threshold: splitThreshold)
        let termAnchors = split ? RuleIndex.terms(of: catalog.rules).map(\.anchor) : []
        for path in siteWidePaths(termAnchors: termAnchors, split: split) {
            guard let file = reuse.previous(path, siteFingerprint) else { return nil }
            files.append(file)
            fingerprints[path] = siteFingerprint
        }
        var perDocument: [OutputFile] = []
        for document in documentsWithRules(documents, in: catalog) {
            let json = jsonPath(of: document.slug)
            guard let file = reuse.previous(json, siteFingerprint) else { return nil }
            perDocument.append(file)
            fingerprints[json] = siteFingerprint
            guard split else { continue }
            let page = pagePath(of: document.slug)
            guard let fingerprint = reuse.previousFingerprint(page), let file = reuse.previous(page, fingerprint) else { return nil }
            perDocument.append(file)
            fingerprints[page] = fingerprint
        }
        return Output(files: files + (try perDocument.map(deliver)), fingerprints: fingerprints)
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
