import Testing
@testable import DocgenKit

/// The cmark-gfm wrapper: source positions, extension nodes, front-matter line offsets.
@Suite struct MarkdownParserTests {
    /// First node of the given kind in document order.
    func first(_ root: MarkdownNode, where predicate: (MarkdownNode.Kind) -> Bool) -> MarkdownNode? {
        var found: MarkdownNode?
        root.forEachDescendant { node, _ in
            if found == nil, predicate(node.kind) { found = node }
        }
        return found
    }

    @Test func blocksKeepTheirSourcePositions() throws {
        let root = MarkdownParser.parse("# Title\n\nSome *text*.\n\n- one\n- two\n\n```swift\nlet x = 1\n```\n")
        let heading = try #require(first(root) { if case .heading = $0 { return true }; return false })
        #expect(heading.range.start == SourcePosition(line: 1, column: 1))
        let list = try #require(first(root) { if case .list = $0 { return true }; return false })
        #expect(list.range.start.line == 5)
        #expect(list.children.count == 2)
        #expect(list.children[1].range.start == SourcePosition(line: 6, column: 1))
        let code = try #require(first(root) { if case .codeBlock = $0 { return true }; return false })
        #expect(code.range.start.line == 8)
        guard case .codeBlock(let info, let literal, let fenced) = code.kind else { return }
        #expect(info == "swift")
        #expect(literal == "let x = 1\n")
        #expect(fenced)
    }

    @Test func inlineLinksHaveColumns() throws {
        let root = MarkdownParser.parse("Intro line\nsee [the guide](guide.md#x) now\n")
        let link = try #require(first(root) { if case .link = $0 { return true }; return false })
        #expect(link.range.start == SourcePosition(line: 2, column: 5))
        #expect(link.kind == .link(destination: "guide.md#x", title: ""))
        #expect(link.plainText == "the guide")
    }

    @Test func lineOffsetShiftsEveryPosition() throws {
        let root = MarkdownParser.parse("## Heading\n", lineOffset: 4)
        let heading = try #require(first(root) { if case .heading = $0 { return true }; return false })
        #expect(heading.range.start.line == 5)
    }

    @Test func tablesKeepAlignmentsAndHeaderRows() throws {
        let root = MarkdownParser.parse("| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n")
        let table = try #require(first(root) { if case .table = $0 { return true }; return false })
        #expect(table.kind == .table(alignments: [.left, .center, .right]))
        #expect(table.children.first?.kind == .tableRow(isHeader: true))
        #expect(table.children.last?.kind == .tableRow(isHeader: false))
        #expect(table.children.first?.children.count == 3)
    }

    @Test func extensionsAreEnabled() throws {
        let root = MarkdownParser.parse("- [x] done\n- [ ] todo\n\n~~gone~~ www.example.com\n")
        let items = root.children.first?.children ?? []
        #expect(items.map(\.kind) == [.item(task: true), .item(task: false)])
        #expect(first(root) { $0 == .strikethrough } != nil)
        let autolink = try #require(first(root) { if case .link = $0 { return true }; return false })
        #expect(autolink.kind == .link(destination: "http://www.example.com", title: ""))
    }

    @Test func deeplyNestedInputDoesNotExhaustTheStack() {
        // The tree is copied and walked without recursion; nesting deeper than `maximumNesting` is flattened
        // (so that recursive analysers and Swift's freeing of the tree cannot overflow the stack either).
        let depth = 5_000
        let markdown = String(repeating: ">", count: depth) + " deep\n"
        let root = MarkdownParser.parse(markdown)
        var quotes = 0
        root.forEachDescendant { node, _ in if node.kind == .blockQuote { quotes += 1 } }
        #expect(quotes == MarkdownParser.maximumNesting)
        let html = HTMLRenderer.render(root, decorator: PlainHTMLDecorator())
        #expect(html.contains("deep"))
        let kept = String(repeating: ">", count: MarkdownParser.maximumNesting - 1) + " deep\n"
        #expect(HTMLRenderer.render(MarkdownParser.parse(kept), decorator: PlainHTMLDecorator()) == MarkdownParser.referenceHTML(kept))
    }

    @Test func rawHTMLIsFilteredLikeGitHub() {
        let html = HTMLRenderer.render(MarkdownParser.parse("<div>ok</div>\n\n<script>alert(1)</script>\n"),
                                       decorator: PlainHTMLDecorator())
        #expect(html.contains("<div>ok</div>"))
        #expect(html.contains("&lt;script>alert(1)&lt;/script>"))
        #expect(!html.contains("<script>"))
    }
}
