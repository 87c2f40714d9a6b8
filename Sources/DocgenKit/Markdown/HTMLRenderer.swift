// MARK: - HTML rendering

/// Decorations docgen adds on top of cmark-gfm's HTML. Every hook's default leaves the output
/// byte-identical to `cmark-gfm -e table -e strikethrough -e autolink -e tagfilter -e tasklist`.
public protocol HTMLDecorator {
    /// Attributes (with a leading space) added to the opening tag of a block: `<h2 id="…">`, `<li id="…">`.
    func attributes(for node: MarkdownNode) -> String
    /// HTML inserted right after a block's opening tag (a rule badge, for instance).
    func prefix(for node: MarkdownNode) -> String
    /// HTML inserted right before a block's closing tag (a heading's self-link, for instance).
    func suffix(for node: MarkdownNode) -> String
    /// A replacement for a whole code block, or nil to render it as cmark-gfm does.
    func codeBlock(_ node: MarkdownNode, info: String, literal: String) -> String?
    /// The destination to write for a link (before escaping); rewrites `.md` links to pages.
    func linkDestination(_ destination: String) -> String
}

extension HTMLDecorator {
    public func attributes(for node: MarkdownNode) -> String { "" }
    public func prefix(for node: MarkdownNode) -> String { "" }
    public func suffix(for node: MarkdownNode) -> String { "" }
    public func codeBlock(_ node: MarkdownNode, info: String, literal: String) -> String? { nil }
    public func linkDestination(_ destination: String) -> String { destination }
}

/// The decorator that changes nothing: plain cmark-gfm output.
public struct PlainHTMLDecorator: HTMLDecorator {
    /// Creates the identity decorator.
    public init() {}
}

/// Renders a `MarkdownNode` tree to HTML exactly as cmark-gfm's `html.c` and extensions do,
/// with docgen's decorations applied through an `HTMLDecorator`.
public struct HTMLRenderer<Decorator: HTMLDecorator> {
    private let decorator: Decorator
    private var html = ""
    /// Whether the next table row opens `<tbody>` (mirrors cmark's table state).
    private var needsClosingTableBody = false
    private var inTableHeader = false
    /// Index of the next cell in the current table row.
    private var cellIndex = 0

    /// Creates a renderer with the given decorations.
    public init(decorator: Decorator) {
        self.decorator = decorator
    }

    /// Renders a node and its descendants.
    public static func render(_ node: MarkdownNode, decorator: Decorator) -> String {
        var renderer = HTMLRenderer(decorator: decorator)
        // About 64 bytes of HTML per source line. The string keeps what is reserved: a fixed 4 KB, kept by the
        // HTML of every heading a document holds on to, was 92 MB of a build of 2,000 documents.
        let lines = max(1, node.range.end.line - node.range.start.line + 1)
        renderer.html.reserveCapacity(min(lines, 16_384) * 64)
        node.walk { node, event, ancestors in
            renderer.visit(node, entering: event == .enter, ancestors: ancestors)
        }
        return renderer.html
    }

    // MARK: - Nodes

    /// Emits the HTML for one walk event; returns whether to descend into children.
    private mutating func visit(_ node: MarkdownNode, entering: Bool, ancestors: [MarkdownNode]) -> Bool {
        if !entering, node.kind.isLeaf { return true }
        switch node.kind {
        case .document:
            break
        case .blockQuote:
            if entering {
                cr(); html += "<blockquote\(decorator.attributes(for: node))>\n"
            } else {
                cr(); html += "</blockquote>\n"
            }
        case .list(let info):
            if entering {
                cr()
                let attributes = decorator.attributes(for: node)
                if !info.isOrdered {
                    html += "<ul\(attributes)>\n"
                } else if info.start == 1 {
                    html += "<ol\(attributes)>\n"
                } else {
                    html += "<ol start=\"\(info.start)\"\(attributes)>\n"
                }
            } else {
                html += info.isOrdered ? "</ol>\n" : "</ul>\n"
            }
        case .item(let task):
            if entering {
                cr()
                html += "<li\(decorator.attributes(for: node))>"
                if let checked = task {
                    html += checked
                        ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "
                        : "<input type=\"checkbox\" disabled=\"\" /> "
                }
                html += decorator.prefix(for: node)
            } else {
                html += decorator.suffix(for: node)
                html += "</li>\n"
            }
        case .heading(let level):
            if entering {
                cr(); html += "<h\(level)\(decorator.attributes(for: node))>"
                html += decorator.prefix(for: node)
            } else {
                html += decorator.suffix(for: node)
                html += "</h\(level)>\n"
            }
        case .codeBlock(let info, let literal, _):
            cr()
            if let replacement = decorator.codeBlock(node, info: info, literal: literal) {
                html += replacement
                cr()
                return false
            }
            html += Self.plainCodeBlock(info: info, literal: literal)
        case .htmlBlock(let literal):
            cr(); html += HTMLEscaping.tagfilter(literal); cr()
        case .thematicBreak:
            cr(); html += "<hr />\n"
        case .paragraph:
            let isTight: Bool
            if ancestors.count >= 2, case .list(let info) = ancestors[ancestors.count - 2].kind {
                isTight = info.isTight
            } else {
                isTight = false
            }
            if !isTight {
                if entering {
                    cr(); html += "<p\(decorator.attributes(for: node))>"
                    html += decorator.prefix(for: node)
                } else {
                    html += decorator.suffix(for: node)
                    html += "</p>\n"
                }
            }
        case .table:
            visitTable(entering: entering)
        case .tableRow(let isHeader):
            visitTableRow(isHeader: isHeader, entering: entering)
        case .tableCell:
            visitTableCell(entering: entering, ancestors: ancestors)
        case .text(let literal):
            html += HTMLEscaping.escape(literal)
        case .softBreak:
            html += "\n"
        case .lineBreak:
            html += "<br />\n"
        case .code(let literal):
            html += "<code>\(HTMLEscaping.escape(literal))</code>"
        case .htmlInline(let literal):
            html += HTMLEscaping.tagfilter(literal)
        case .emphasis:
            html += entering ? "<em>" : "</em>"
        case .strong:
            // cmark-gfm 0.29.0.gfm.13 (unlike the spec and gfm.6) writes no tags for strong emphasis directly
            // inside strong emphasis: `**foo, **bar**, baz**` → one `<strong>`.
            if let parent = ancestors.last, case .strong = parent.kind { break }
            html += entering ? "<strong>" : "</strong>"
        case .strikethrough:
            html += entering ? "<del>" : "</del>"
        case .link(let destination, let title):
            if entering {
                html += "<a href=\"\(HTMLEscaping.escapeHref(decorator.linkDestination(destination)))\""
                if !title.isEmpty { html += " title=\"\(HTMLEscaping.escape(title))\"" }
                html += ">"
            } else {
                html += "</a>"
            }
        case .image(let source, let title):
            guard entering else { return true }
            html += "<img src=\"\(HTMLEscaping.escapeHref(source))\" alt=\""
            html += Self.altText(node)
            html += "\""
            if !title.isEmpty { html += " title=\"\(HTMLEscaping.escape(title))\"" }
            html += " />"
            return false
        case .other:
            break
        }
        return true
    }

    /// A code block as cmark-gfm writes it: `<pre><code class="language-x">…</code></pre>`.
    public static func plainCodeBlock(info: String, literal: String) -> String {
        let language = info.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if language.isEmpty {
            return "<pre><code>\(HTMLEscaping.escape(literal))</code></pre>\n"
        }
        return "<pre><code class=\"language-\(HTMLEscaping.escape(language))\">\(HTMLEscaping.escape(literal))</code></pre>\n"
    }

    /// An image's alt text: its inline content as escaped plain text (cmark's "plain" mode).
    private static func altText(_ image: MarkdownNode) -> String {
        var alt = ""
        image.walk { node, event, _ in
            guard event == .enter else { return true }
            switch node.kind {
            case .text(let literal), .code(let literal), .htmlInline(let literal):
                alt += HTMLEscaping.escape(literal)
            case .softBreak, .lineBreak:
                alt += " "
            default:
                break
            }
            return true
        }
        return alt
    }

    // MARK: - Tables (mirrors extensions/table.c)

    private mutating func visitTable(entering: Bool) {
        if entering {
            cr(); html += "<table>"
            needsClosingTableBody = false
        } else {
            if needsClosingTableBody {
                cr(); html += "</tbody>"; cr()
            }
            needsClosingTableBody = false
            cr(); html += "</table>"; cr()
        }
    }

    private mutating func visitTableRow(isHeader: Bool, entering: Bool) {
        if entering {
            cr()
            cellIndex = 0
            if isHeader {
                inTableHeader = true
                html += "<thead>"; cr()
            } else if !needsClosingTableBody {
                html += "<tbody>"; cr()
                needsClosingTableBody = true
            }
            html += "<tr>"
        } else {
            cr(); html += "</tr>"
            if isHeader {
                cr(); html += "</thead>"
                inTableHeader = false
            }
        }
    }

    private mutating func visitTableCell(entering: Bool, ancestors: [MarkdownNode]) {
        guard entering else {
            html += inTableHeader ? "</th>" : "</td>"
            cellIndex += 1
            return
        }
        cr()
        html += inTableHeader ? "<th" : "<td"
        if ancestors.count >= 2, case .table(let alignments) = ancestors[ancestors.count - 2].kind,
           cellIndex < alignments.count {
            switch alignments[cellIndex] {
            case .left: html += " align=\"left\""
            case .center: html += " align=\"center\""
            case .right: html += " align=\"right\""
            case .none: break
            }
        }
        html += ">"
    }

    // MARK: - Helpers

    /// Starts a new line unless the output already ends with one (cmark's `cr`).
    private mutating func cr() {
        if let last = html.utf8.last, last != UInt8(ascii: "\n") {
            html += "\n"
        }
    }
}
