// MARK: - docgen's decorations of a document page

/// The documented differences between a docgen page body and plain cmark-gfm output:
/// heading ids with self-links, highlighted Swift examples with permalink and download link,
/// `.md` links rewritten to pages, and analysers' block annotations (rule anchors and badges).
struct DocumentDecorator: HTMLDecorator {
    let document: Document
    let resolver: LinkResolver
    let annotations: [SourcePosition: BlockAnnotation]
    /// Relative prefix from this page to the site root (`""` or `"../"`…).
    let root: String
    private let headingIDs: [SourcePosition: String]
    private let snippets: [Int: Snippet]

    init(document: Document, resolver: LinkResolver, annotations: [SourcePosition: BlockAnnotation], root: String) {
        self.document = document
        self.resolver = resolver
        self.annotations = annotations
        self.root = root
        var headingIDs: [SourcePosition: String] = [:]
        for heading in document.headings { headingIDs[heading.range.start] = heading.id }
        self.headingIDs = headingIDs
        var snippets: [Int: Snippet] = [:]
        for snippet in document.snippets { snippets[snippet.fenceLine] = snippet }
        self.snippets = snippets
    }

    func attributes(for node: MarkdownNode) -> String {
        if case .heading = node.kind, let id = headingIDs[node.range.start] {
            return " id=\"\(HTMLEscaping.escape(id))\""
        }
        // A list starts where its first item starts: annotations belong to the item.
        if case .list = node.kind { return "" }
        guard let annotation = annotations[node.range.start] else { return "" }
        var attributes = ""
        if let id = annotation.id { attributes += " id=\"\(HTMLEscaping.escape(id))\"" }
        if !annotation.classes.isEmpty {
            attributes += " class=\"\(HTMLEscaping.escape(annotation.classes.joined(separator: " ")))\""
        }
        return attributes
    }

    func prefix(for node: MarkdownNode) -> String {
        if case .heading = node.kind { return "" }
        return annotations[node.range.start]?.prefixHTML ?? ""
    }

    func suffix(for node: MarkdownNode) -> String {
        if case .heading = node.kind, let id = headingIDs[node.range.start] {
            let href = HTMLEscaping.escape(HTMLEscaping.escapeHref("#" + id))
            return "<a class=\"heading-anchor\" href=\"\(href)\" aria-label=\"Permalink to this section\">#</a>"
        }
        return annotations[node.range.start]?.suffixHTML ?? ""
    }

    func codeBlock(_ node: MarkdownNode, info: String, literal: String) -> String? {
        guard let snippet = snippets[node.range.start.line] else { return nil }
        let anchor = HTMLEscaping.escape(snippet.anchor)
        var html = "<figure class=\"codeblock polarity-\(snippet.polarity.rawValue)\" id=\"\(anchor)\" data-language=\"swift\" data-snippet=\"\(HTMLEscaping.escape(snippet.id))\">\n"
        html += "<figcaption class=\"codeblock-bar\"><span class=\"codeblock-lang\">swift</span>"
        switch snippet.polarity {
        case .good: html += "<span class=\"polarity polarity-good\">✅ Good</span>"
        case .bad: html += "<span class=\"polarity polarity-bad\">❌ Bad</span>"
        case .neutral: break
        }
        if snippet.attributes.expectError {
            html += "<span class=\"snippet-status\" title=\"This example is meant not to compile\">does not compile (intended)</span>"
        } else if snippet.attributes.ignore {
            html += "<span class=\"snippet-status\" title=\"Not compile-checked\">not checked</span>"
        }
        html += "<a class=\"codeblock-permalink\" href=\"#\(anchor)\" aria-label=\"Permalink to this example\">#</a>"
        html += "<a class=\"codeblock-download\" href=\"\(HTMLEscaping.escape(root + snippet.publishedPath))\" download>Download</a>"
        html += "</figcaption>\n"
        let language = info.split(separator: " ").first.map(String.init) ?? "swift"
        html += "<pre><code class=\"language-\(HTMLEscaping.escape(language))\">\(SwiftHighlighter.highlight(literal))</code></pre>\n"
        html += "</figure>\n"
        return html
    }

    func linkDestination(_ destination: String) -> String {
        resolver.siteDestination(destination, from: document.slug)
    }
}
