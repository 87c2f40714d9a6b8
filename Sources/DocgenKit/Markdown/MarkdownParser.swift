import CCmarkGFM
import Foundation

// MARK: - cmark-gfm wrapper
//
// The only file that talks to the C library. It parses with the GFM extensions, copies the C tree
// into `MarkdownNode` values (with source ranges) and frees every C allocation before returning.

/// Parses GitHub Flavored Markdown with cmark-gfm and its extensions.
public enum MarkdownParser {
    /// The GFM extensions docgen enables, in the order `cmark-gfm -e …` takes them.
    public static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// cmark options: raw HTML passes through (filtered by tagfilter), as on GitHub.
    static let options = CMARK_OPT_UNSAFE

    /// The cmark-gfm version built in, e.g. `0.29.0.gfm.13` (vendored in Sources/CCmarkGFM).
    public static var libraryVersion: String {
        guard let version = cmark_version_string() else { return "unknown" }
        return String(cString: version)
    }

    private static let registration: Void = {
        cmark_gfm_core_extensions_ensure_registered()
    }()

    /// cmark-gfm keeps the inline parser's special characters in a process-wide table that each
    /// parse adds the extensions' characters to and removes them from when it finishes
    /// (github/cmark-gfm#221), so two parses at once corrupt each other (autolinks go missing).
    /// Parsing is therefore serialised; copying, analysis and rendering stay parallel. The lock is an
    /// `NSLock`, not a `Synchronization.Mutex`: cmark is compiled with the package, so ThreadSanitizer checks
    /// that table, and it cannot see a contended `Mutex` being taken (see `Locked`).
    private static let parseLock = NSLock()

    // MARK: - Parsing

    /// The deepest nesting of nodes kept (the document is level 0). Containers nested deeper — block
    /// quotes, lists, emphasis inside each other — are left out and their contents go to their ancestor at
    /// this level, so that no code walking the tree recursively (nor Swift freeing it) can exhaust the stack.
    public static let maximumNesting = 256

    /// Parses `markdown` and returns the document node (nesting deeper than `maximumNesting` flattened).
    ///
    /// - Parameter lineOffset: added to every line number (for text that followed stripped front matter).
    public static func parse(_ markdown: String, lineOffset: Int = 0) -> MarkdownNode {
        parseLimitingNesting(markdown, lineOffset: lineOffset).root
    }

    /// Parses `markdown`; also returns where the nesting first went deeper than `maximumNesting`
    /// (nil when it never did), so that the caller can warn that the deeper levels were flattened.
    public static func parseLimitingNesting(_ markdown: String, lineOffset: Int = 0) -> (root: MarkdownNode, flattenedAt: SourcePosition?) {
        withParser(markdown) { parser, document in
            copyTree(document, lineOffset: lineOffset)
        }
    }

    /// Renders `markdown` with cmark-gfm's own HTML renderer: the reference output docgen must match.
    public static func referenceHTML(_ markdown: String) -> String {
        withParser(markdown) { parser, document in
            guard let html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
                return ""
            }
            defer { free(html) }
            return String(cString: html)
        }
    }

    /// Creates a parser with the extensions attached, feeds it, and frees parser and tree afterwards.
    private static func withParser<T>(
        _ markdown: String,
        _ body: (OpaquePointer, OpaquePointer) -> T
    ) -> T {
        _ = registration
        var text = markdown
        let (parser, document) = parseLock.withLock { () -> (OpaquePointer, OpaquePointer) in
            guard let parser = cmark_parser_new(options) else {
                preconditionFailure("cmark_parser_new failed: out of memory")
            }
            for name in extensionNames {
                if let ext = cmark_find_syntax_extension(name) {
                    cmark_parser_attach_syntax_extension(parser, ext)
                }
            }
            text.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    if let base = chars.baseAddress {
                        cmark_parser_feed(parser, base, chars.count)
                    }
                }
            }
            guard let document = cmark_parser_finish(parser) else {
                preconditionFailure("cmark_parser_finish failed: out of memory")
            }
            return (parser, document)
        }
        defer {
            cmark_node_free(document)
            cmark_parser_free(parser)
        }
        return body(parser, document)
    }

    // MARK: - Copying the C tree

    /// Copies the tree iteratively (no recursion: nesting depth is unbounded in Markdown), leaving out
    /// containers deeper than `maximumNesting` (their children go to the deepest kept ancestor).
    private static func copyTree(_ root: OpaquePointer, lineOffset: Int) -> (root: MarkdownNode, flattenedAt: SourcePosition?) {
        guard let iterator = cmark_iter_new(root) else {
            preconditionFailure("cmark_iter_new failed: out of memory")
        }
        defer { cmark_iter_free(iterator) }
        var stack: [MarkdownNode] = []
        var result = MarkdownNode(kind: .document, range: SourceRange(line: 1))
        /// Containers entered beyond the limit and not yet left (their EXIT events come before their ancestors').
        var leftOut = 0
        var flattenedAt: SourcePosition?
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let cNode = cmark_iter_get_node(iterator) else { continue }
            switch event {
            case CMARK_EVENT_ENTER:
                let node = MarkdownNode(kind: kind(of: cNode), range: range(of: cNode, lineOffset: lineOffset))
                if isLeaf(cNode) {
                    if stack.isEmpty { result = node } else { stack[stack.count - 1].children.append(node) }
                } else if stack.count > maximumNesting {
                    leftOut += 1
                    if flattenedAt == nil {
                        flattenedAt = node.range.isKnown ? node.range.start : stack.last(where: { $0.range.isKnown })?.range.start
                    }
                } else {
                    stack.append(node)
                }
            case CMARK_EVENT_EXIT:
                if leftOut > 0 {
                    leftOut -= 1
                    continue
                }
                guard let finished = stack.popLast() else { continue }
                if stack.isEmpty { result = finished } else { stack[stack.count - 1].children.append(finished) }
            default:
                continue
            }
        }
        return (result, flattenedAt)
    }

    /// Leaf nodes get only an ENTER event from `cmark_iter`.
    private static func isLeaf(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_TEXT,
             CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
            return true
        default:
            return false
        }
    }

    private static func range(of node: OpaquePointer, lineOffset: Int) -> SourceRange {
        let startLine = Int(cmark_node_get_start_line(node))
        let endLine = Int(cmark_node_get_end_line(node))
        return SourceRange(
            start: SourcePosition(line: startLine > 0 ? startLine + lineOffset : 0,
                                  column: Int(cmark_node_get_start_column(node))),
            end: SourcePosition(line: endLine > 0 ? endLine + lineOffset : 0,
                                column: Int(cmark_node_get_end_column(node)))
        )
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(MarkdownNode.ListInfo(
                isOrdered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)),
                isTight: cmark_node_get_list_tight(node) != 0))
        case CMARK_NODE_ITEM:
            if string(cmark_node_get_type_string(node)) == "tasklist" {
                return .item(task: cmark_gfm_extensions_get_tasklist_item_checked(node))
            }
            return .item(task: nil)
        case CMARK_NODE_CODE_BLOCK:
            return .codeBlock(info: string(cmark_node_get_fence_info(node)),
                              literal: string(cmark_node_get_literal(node)),
                              fenced: isFenced(node))
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock(string(cmark_node_get_literal(node)))
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text(string(cmark_node_get_literal(node)))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code(string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_INLINE: return .htmlInline(string(cmark_node_get_literal(node)))
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK:
            return .link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE:
            return .image(source: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        default:
            return extensionKind(of: node)
        }
    }

    /// Extension nodes have no type constants in the headers: identify them by their type string.
    private static func extensionKind(of node: OpaquePointer) -> MarkdownNode.Kind {
        let typeString = string(cmark_node_get_type_string(node))
        switch typeString {
        case "table":
            let columns = Int(cmark_gfm_extensions_get_table_columns(node))
            var alignments: [MarkdownNode.TableAlignment] = []
            if let raw = cmark_gfm_extensions_get_table_alignments(node) {
                for index in 0..<columns {
                    switch UInt8(raw[index]) {
                    case UInt8(ascii: "l"): alignments.append(.left)
                    case UInt8(ascii: "c"): alignments.append(.center)
                    case UInt8(ascii: "r"): alignments.append(.right)
                    default: alignments.append(.none)
                    }
                }
            }
            return .table(alignments: alignments)
        case "table_row", "table_header":
            return .tableRow(isHeader: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
        case "table_cell": return .tableCell
        case "strikethrough": return .strikethrough
        default: return .other(typeString)
        }
    }

    private static func isFenced(_ node: OpaquePointer) -> Bool {
        // Pass real pointers: cmark_node_get_fenced dereferences them.
        var length: Int32 = 0
        var offset: Int32 = 0
        var character: CChar = 0
        return cmark_node_get_fenced(node, &length, &offset, &character) != 0
    }
}
