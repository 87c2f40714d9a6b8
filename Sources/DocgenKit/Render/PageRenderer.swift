import Foundation

// MARK: - Pages

/// An entry of the site navigation.
public struct NavigationEntry: Sendable, Hashable {
    /// Link text.
    public var title: String
    /// Path relative to the site root.
    public var href: String

    /// Creates an entry.
    public init(title: String, href: String) {
        self.title = title
        self.href = href
    }
}

/// Builds template contexts and renders the pages of a site through the theme.
public struct PageRenderer: Sendable {
    /// The theme.
    public var theme: Theme
    /// The site's title.
    public var siteTitle: String
    /// The site's description (index page).
    public var siteDescription: String
    /// Documents in navigation order.
    public let navigation: [NavigationEntry]
    /// Generated pages listed after the documents (Rules, Index, …).
    public var extraNavigation: [NavigationEntry]
    /// HTML appended to every page (the preview server's live-reload script); empty for `build`.
    public var reloadScript: String

    /// docgen's version, shown in page footers.
    public static let version = "0.1.0"

    /// Creates a renderer.
    public init(theme: Theme, siteTitle: String, siteDescription: String = "", navigation: [NavigationEntry],
                extraNavigation: [NavigationEntry] = [], reloadScript: String = "") {
        self.theme = theme
        self.siteTitle = siteTitle
        self.siteDescription = siteDescription
        self.navigation = navigation
        self.extraNavigation = extraNavigation
        self.reloadScript = reloadScript
        escapedNavigation = navigation.map { entry in
            (path: entry.href, href: HTMLEscaping.escapeHref(entry.href), title: HTMLEscaping.escape(entry.title))
        }
    }

    /// `navigation` with its hrefs and titles escaped once.
    private var escapedNavigation: [(path: String, href: String, title: String)]

    /// The relative prefix from a page at `path` to the site root.
    public static func root(for path: String) -> String {
        String(repeating: "../", count: max(path.split(separator: "/").count - 1, 0))
    }

    /// The context every page shares: `site`, `page` (with `page.navHTML`, the document list's items),
    /// `extraNav`.
    public func baseContext(path: String, title: String, description: String, root: String? = nil) -> [String: Any] {
        let root = root ?? Self.root(for: path)
        let entry: (NavigationEntry) -> [String: Any] = { entry in
            ["title": entry.title, "href": entry.href, "isCurrent": entry.href == path]
        }
        return [
            "site": ["title": siteTitle, "description": siteDescription, "version": Self.version],
            "page": ["title": title, "description": description, "path": path, "root": root,
                     "reloadScript": reloadScript, "navHTML": navigationHTML(root: root, current: path)],
            "extraNav": extraNavigation.map(entry),
            "hasExtraNav": !extraNavigation.isEmpty,
        ]
    }

    /// The `<li>` items of the document list for a page at `root` whose path is `current`.
    ///
    /// Every page lists every document, so on a site of N documents this is N × N items: they are
    /// written here, with escaped titles and hrefs, rather than through the template engine.
    ///
    /// Above `fullNavigationLimit` documents that would make the site quadratic in size (2,000 pages of
    /// 2,000 links), so each page lists the documents around it (`navigationWindow` on each side) and
    /// links to the home page, which lists them all.
    public func navigationHTML(root: String, current: String) -> String {
        var html = ""
        let escapedRoot = HTMLEscaping.escapeHref(root)
        var entries = escapedNavigation[...]
        if escapedNavigation.count > Self.fullNavigationLimit {
            let position = escapedNavigation.firstIndex { $0.path == current } ?? 0
            let lower = max(0, min(position - Self.navigationWindow, escapedNavigation.count - 2 * Self.navigationWindow - 1))
            entries = escapedNavigation[lower..<min(escapedNavigation.count, lower + 2 * Self.navigationWindow + 1)]
        }
        html.reserveCapacity(entries.count * 64 + 128)
        for entry in entries {
            html += "<li><a href=\""
            html += escapedRoot
            html += entry.href
            html += entry.path == current ? "\" aria-current=\"page\">" : "\">"
            html += entry.title
            html += "</a></li>"
        }
        if entries.count < escapedNavigation.count {
            html += "<li class=\"nav-more\"><a href=\"\(escapedRoot)index.html\">All \(escapedNavigation.count) documents</a></li>"
        }
        return html
    }

    /// Sites with more documents than this list only the documents around each page in its sidebar.
    public static let fullNavigationLimit = 150
    /// Documents listed on each side of the current one when the sidebar is a window.
    public static let navigationWindow = 10

    /// Renders `template` for the page at `path`, merging `values` into the base context.
    public func page(_ template: String, path: String, title: String, description: String = "",
                     root: String? = nil, values: [String: Any]) throws -> OutputFile {
        var context = baseContext(path: path, title: title, description: description, root: root)
        context.merge(values) { _, new in new }
        return OutputFile(path: path, text: try theme.render(template, context))
    }

    // MARK: - Document pages

    /// Renders one document page.
    public func documentPage(
        _ document: Document, resolver: LinkResolver, annotations: [SourcePosition: BlockAnnotation],
        counts: DocumentCounts, previous: NavigationEntry?, next: NavigationEntry?
    ) throws -> OutputFile {
        let path = document.outputPath
        let root = Self.root(for: path)
        let decorator = DocumentDecorator(document: document, resolver: resolver, annotations: annotations, root: root)
        let body = HTMLRenderer.render(document.root, decorator: decorator)
        let toc = document.headings.filter { $0.level >= 2 && $0.level <= 4 }.map { heading -> [String: Any] in
            ["level": heading.level, "id": heading.id, "titleHTML": heading.html, "title": heading.text]
        }
        let link: (NavigationEntry?) -> Any? = { entry in
            entry.map { ["title": $0.title, "href": root + $0.href] }
        }
        var documentContext: [String: Any] = [
            "title": document.title,
            "summary": document.summary,
            "slug": document.slug,
            "sourcePath": document.source.displayPath,
            "bodyHTML": body,
            "bodyStartsWithTitle": document.startsWithTitle,
            "toc": toc,
            "hasTOC": !toc.isEmpty,
            "counts": counts.context,
            "frontMatter": (document.frontMatter?.entries ?? []).map { ["key": $0.key, "value": $0.value] },
        ]
        if let previous = link(previous) { documentContext["previous"] = previous }
        if let next = link(next) { documentContext["next"] = next }
        return try page("document", path: path, title: document.title, description: document.summary,
                        values: ["document": documentContext])
    }

    /// Renders the home page listing every document.
    public func indexPage(_ documents: [Document], counts: [String: DocumentCounts]) throws -> OutputFile {
        var totals = DocumentCounts()
        let entries = documents.map { document -> [String: Any] in
            let count = counts[document.slug] ?? DocumentCounts()
            totals.sections += count.sections
            totals.snippets += count.snippets
            totals.rules += count.rules
            return ["title": document.title, "summary": document.summary, "href": document.outputPath,
                    "sections": count.sections, "snippets": count.snippets, "rules": count.rules,
                    "words": document.wordCount]
        }
        var totalsContext = totals.context
        totalsContext["documents"] = documents.count
        return try page("index", path: "index.html", title: "Home", description: siteDescription,
                        values: ["documents": entries, "totals": totalsContext])
    }

    /// Renders the not-found page. Its links are rooted at `/`, since a server may show it at any depth.
    public func notFoundPage() throws -> OutputFile {
        try page("404", path: "404.html", title: "Page not found", root: "/", values: [:])
    }
}

/// Counts shown for a document on the home page and in its header.
public struct DocumentCounts: Sendable, Hashable {
    /// Headings.
    public var sections = 0
    /// Swift snippets.
    public var snippets = 0
    /// Rules extracted.
    public var rules = 0

    /// Creates counts.
    public init(sections: Int = 0, snippets: Int = 0, rules: Int = 0) {
        self.sections = sections
        self.snippets = snippets
        self.rules = rules
    }

    /// The counts of `document` (sections are headings of level 2 and below) with `rules` rules.
    init(_ document: Document, rules: Int) {
        self.init(sections: document.headings.filter { $0.level >= 2 }.count, snippets: document.snippets.count, rules: rules)
    }

    var context: [String: Any] { ["sections": sections, "snippets": snippets, "rules": rules] }
}
