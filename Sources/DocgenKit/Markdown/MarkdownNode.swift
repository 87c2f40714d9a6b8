// MARK: - Markdown tree

/// One node of a parsed Markdown document: a Swift value copied from cmark-gfm's C tree.
///
/// Every node keeps its source range in the original file (front matter included in the line count).
public struct MarkdownNode: Sendable, Hashable {
    /// What the node is, with its payload.
    public var kind: Kind
    /// Where the node is in the source file.
    public var range: SourceRange
    /// Child nodes in document order.
    public var children: [MarkdownNode]

    /// Creates a node.
    public init(kind: Kind, range: SourceRange, children: [MarkdownNode] = []) {
        self.kind = kind
        self.range = range
        self.children = children
    }

    /// The node kinds of CommonMark plus the GFM extensions.
    public enum Kind: Sendable, Hashable {
        case document
        case blockQuote
        case list(ListInfo)
        /// A list item; `task` is nil for an ordinary item, else whether the task box is checked.
        case item(task: Bool?)
        case codeBlock(info: String, literal: String, fenced: Bool)
        case htmlBlock(String)
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case table(alignments: [TableAlignment])
        case tableRow(isHeader: Bool)
        case tableCell
        case text(String)
        case softBreak
        case lineBreak
        case code(String)
        case htmlInline(String)
        case emphasis
        case strong
        case strikethrough
        case link(destination: String, title: String)
        case image(source: String, title: String)
        /// A node type docgen does not model (for instance a footnote); its children are kept.
        case other(String)

        /// Whether the node can have no children (cmark's leaf nodes, plus images whose alt text we flatten).
        public var isLeaf: Bool {
            switch self {
            case .codeBlock, .htmlBlock, .thematicBreak, .text, .softBreak, .lineBreak, .code, .htmlInline:
                return true
            default:
                return false
            }
        }

        /// Whether this is a block-level node.
        public var isBlock: Bool {
            switch self {
            case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .paragraph, .heading,
                 .thematicBreak, .table, .tableRow, .tableCell:
                return true
            default:
                return false
            }
        }
    }

    /// Attributes of a list.
    public struct ListInfo: Sendable, Hashable {
        /// Ordered (`1.`) or bullet (`-`).
        public var isOrdered: Bool
        /// The start number of an ordered list.
        public var start: Int
        /// Tight lists render their paragraphs without `<p>`.
        public var isTight: Bool

        /// Creates list attributes.
        public init(isOrdered: Bool, start: Int, isTight: Bool) {
            self.isOrdered = isOrdered
            self.start = start
            self.isTight = isTight
        }
    }

    /// Column alignment in a GFM table.
    public enum TableAlignment: Sendable, Hashable {
        case none, left, center, right
    }
}

// MARK: - Walking

extension MarkdownNode {
    /// An event of a depth-first walk: entering a node (with its parent chain) or leaving it.
    public enum WalkEvent {
        case enter
        case exit
    }

    /// Walks the tree depth-first without recursion (deeply nested input cannot exhaust the stack).
    ///
    /// - Parameter visit: called with each node, the event, and the chain of ancestors (root first).
    ///   Return `false` on `.enter` to skip the node's children (its `.exit` is still delivered).
    public func walk(_ visit: (MarkdownNode, WalkEvent, [MarkdownNode]) -> Bool) {
        var stack: [(node: MarkdownNode, next: Int)] = [(self, 0)]
        var ancestors: [MarkdownNode] = []
        if !visit(self, .enter, ancestors) {
            stack[0].next = children.count
        }
        while let top = stack.last {
            if top.next < top.node.children.count {
                let child = top.node.children[top.next]
                stack[stack.count - 1].next += 1
                ancestors.append(top.node)
                let descend = visit(child, .enter, ancestors)
                stack.append((child, descend ? 0 : child.children.count))
            } else {
                stack.removeLast()
                _ = visit(top.node, .exit, ancestors)
                if !ancestors.isEmpty { ancestors.removeLast() }
            }
        }
    }

    /// Visits every node depth-first in document order (pre-order), without recursion.
    public func forEachDescendant(_ body: (MarkdownNode, [MarkdownNode]) -> Void) {
        walk { node, event, ancestors in
            if event == .enter { body(node, ancestors) }
            return true
        }
    }

    /// The node's text content with markup removed: text, code spans, and breaks as spaces.
    public var plainText: String {
        var result = ""
        walk { node, event, _ in
            guard event == .enter else { return true }
            switch node.kind {
            case .text(let text), .code(let text): result += text
            case .softBreak, .lineBreak: result += " "
            default: break
            }
            return true
        }
        return result
    }
}
