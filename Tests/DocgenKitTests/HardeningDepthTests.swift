import Foundation
import Testing
@testable import DocgenKit

/// Deeply nested input must not exhaust the stack anywhere: not in the tree copy, not in the analysers
/// (rule extraction walks blocks recursively), not in rendering, and not when Swift frees the tree.
/// Nesting deeper than `MarkdownParser.maximumNesting` is flattened with a warning.
@Suite struct HardeningDepthTests {
    static let limit = MarkdownParser.maximumNesting

    @Test func tenThousandNestedBlockQuotesBuildWithAWarning() async throws {
        // Before the nesting limit, rule extraction recursed once per block quote and crashed (SIGSEGV).
        let text = "# Quotes\n\n" + String(repeating: "> ", count: 10_000) + "deep\n"
        let snapshot = try await HardeningSupport.buildInMemory(["quotes.md": text])
        let warning = try #require(snapshot.diagnostics.first { $0.id == "markdown.too-deep" })
        #expect(warning.severity == .warning)
        #expect(warning.formatted == "Content/quotes.md:3:\(2 * Self.limit + 1): warning: block quotes, lists or emphasis are nested more than \(Self.limit) levels deep here; the deeper levels are flattened into level \(Self.limit)")
        let page = HardeningSupport.page("quotes.html", in: snapshot)
        #expect(page.components(separatedBy: "<blockquote>").count - 1 == Self.limit)
        #expect(page.contains("deep"))
        let root = try #require(snapshot.documents.first?.root)
        // 256 quotes; the paragraph (level 257) is left out and its text goes into the last quote.
        #expect(HardeningSupport.depth(of: root) == Self.limit + 1)
    }

    @Test func tenThousandNestedListsStopAtCmarkGFMsOwnListDepth() async throws {
        // cmark-gfm 0.29.0.gfm.13 starts no list deeper than 100 levels (MAX_LIST_DEPTH in blocks.c); the
        // markers past it stay text. List and item nodes then nest 200 deep, under docgen's limit: no warning.
        let markers = (0..<10_000).map { $0 % 2 == 0 ? "- " : "1. " }.joined()
        let text = "# Lists\n\n" + markers + "item\n"
        let snapshot = try await HardeningSupport.buildInMemory(["lists.md": text])
        #expect(snapshot.diagnostics.isEmpty)
        let root = try #require(snapshot.documents.first?.root)
        #expect(HardeningSupport.depth(of: root) <= Self.limit + 1)
        #expect(root.plainText.hasSuffix("item"))
        let page = HardeningSupport.page("lists.html", in: snapshot)
        let lists = page.components(separatedBy: "<ul>").count + page.components(separatedBy: "<ol>").count - 2
        #expect(lists < 101)
        #expect(HTMLRenderer.render(root, decorator: PlainHTMLDecorator()) == MarkdownParser.referenceHTML(text))
    }

    @Test func thirtyThousandLevelsOfEmphasisBuildWithAWarning() async throws {
        // cmark's "nested strong emphasis" pathological case: 30,000 levels of inline nesting.
        let line = String(repeating: "*a **a ", count: 10_000) + "b" + String(repeating: " a** a*", count: 10_000)
        let snapshot = try await HardeningSupport.buildInMemory(["storm.md": "# Storm\n\nStorm follows: " + line + "\n"])
        #expect(snapshot.diagnostics.map(\.id) == ["markdown.too-deep"])
        let root = try #require(snapshot.documents.first?.root)
        #expect(HardeningSupport.depth(of: root) <= Self.limit + 1)
        #expect(root.plainText.filter { $0 == "a" }.count == 40_000)  // flattened, not lost
    }

    @Test func nestingUpToTheLimitIsKeptExactlyAsCmarkGFMRendersIt() throws {
        // 255 quotes and their paragraph: 256 levels below the document.
        let text = String(repeating: "> ", count: Self.limit - 1) + "deep\n"
        let (root, flattenedAt) = MarkdownParser.parseLimitingNesting(text)
        #expect(flattenedAt == nil)
        #expect(HTMLRenderer.render(root, decorator: PlainHTMLDecorator()) == MarkdownParser.referenceHTML(text))
        // One more quote: the paragraph would be level 257.
        let deeper = MarkdownParser.parseLimitingNesting(String(repeating: "> ", count: Self.limit) + "deep\n")
        #expect(deeper.flattenedAt == SourcePosition(line: 1, column: 2 * Self.limit + 1))
        #expect(deeper.root.plainText == "deep")
    }

    @Test func twentyThousandLabelsInARowBeforeAListAreLeadIns() async throws {
        // A paragraph is a lead-in when it ends with ':' before a list, or before another label that is one.
        // This was decided by recursion from each label to the next: 20,000 labels overflowed the stack.
        let labels = String(repeating: "**Rules:**\n\n", count: 20_000)
        let text = "# Guide\n\n## Views\n\n" + labels + "- Views must be small.\n- Views must not fetch data.\n"
        let snapshot = try await HardeningSupport.buildInMemory(["guide.md": text])
        let rules = snapshot.rules.rules.map(\.text)
        #expect(rules == ["Views must be small.", "Views must not fetch data."])
    }
}
