import Foundation
import Testing
@testable import DocgenKit

/// docgen's Swift renderer must produce exactly cmark-gfm's HTML when no decorations are applied.
@Suite struct HTMLFidelityTests {
    static let examples: [SpecExample] = {
        ["spec.txt", "extensions.txt", "regression.txt"].flatMap { (try? SpecExample.load($0)) ?? [] }
    }()

    @Test func specFilesAreComplete() {
        // 673 + 28 + 19 examples ship in Tests/Fixtures/gfm-spec.
        #expect(Self.examples.count == 720)
    }

    @Test(arguments: examples)
    func rendersLikeCmarkGFM(_ example: SpecExample) {
        let ours = HTMLRenderer.render(MarkdownParser.parse(example.markdown), decorator: PlainHTMLDecorator())
        let reference = MarkdownParser.referenceHTML(example.markdown)
        #expect(ours == reference)
    }

    @Test func matchesTheSpecWhereCmarkGFMDoes() {
        // Ours must agree with the spec's expected HTML on every example where cmark-gfm itself agrees.
        var cmarkPasses = 0, ourPasses = 0
        for example in Self.examples {
            let reference = MarkdownParser.referenceHTML(example.markdown)
            let ours = HTMLRenderer.render(MarkdownParser.parse(example.markdown), decorator: PlainHTMLDecorator())
            if reference == example.html { cmarkPasses += 1 }
            if ours == example.html { ourPasses += 1 }
        }
        #expect(cmarkPasses > 600)
        #expect(ourPasses == cmarkPasses)
    }

    @Test(arguments: Fixtures.contentFiles)
    func realDocumentsRenderLikeCmarkGFM(_ file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let ours = HTMLRenderer.render(MarkdownParser.parse(text), decorator: PlainHTMLDecorator())
        #expect(ours == MarkdownParser.referenceHTML(text))
    }
}
