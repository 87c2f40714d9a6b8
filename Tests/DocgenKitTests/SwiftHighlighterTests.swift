import Foundation
import Testing
@testable import DocgenKit

@Suite struct SwiftHighlighterTests {
    /// Removes tags and unescapes entities: what a reader sees.
    func visibleText(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test func classifiesTokens() {
        let html = SwiftHighlighter.highlight("@MainActor final class A { let s = \"x\" // note\n}\n")
        #expect(html.contains("<span class=\"hl-attribute\">MainActor</span>") || html.contains("<span class=\"hl-attribute\">@MainActor</span>"))
        #expect(html.contains("<span class=\"hl-keyword\">final</span>"))
        #expect(html.contains("<span class=\"hl-keyword\">class</span>"))
        #expect(html.contains("<span class=\"hl-string\">"))
        #expect(html.contains("<span class=\"hl-comment\">// note</span>"))
    }

    @Test func keepsEveryCharacterAndEscapes() throws {
        for url in Fixtures.contentFiles {
            let text = try String(contentsOf: url, encoding: .utf8)
            let (document, _) = DocumentAnalyzer.analyze(SourceFile(relativePath: url.lastPathComponent, displayPath: url.lastPathComponent, text: text))
            for snippet in document.snippets {
                let html = SwiftHighlighter.highlight(snippet.code)
                #expect(visibleText(html) == snippet.code, "\(snippet.id) lost text")
                #expect(!html.contains("<Content"), "unescaped generic in \(snippet.id)")
            }
        }
    }
}
