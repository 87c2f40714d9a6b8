import Foundation
@testable import DocgenKit

/// Builds documents from Markdown text for rule tests.
enum RuleTestSupport {
    /// A document analysed from `markdown`, as if read from `Content/<slug>.md`.
    static func document(_ markdown: String, slug: String = "doc") -> Document {
        DocumentAnalyzer.analyze(SourceFile(relativePath: slug + ".md", displayPath: "Content/\(slug).md", text: markdown)).0
    }

    /// The rules of one Markdown text.
    static func rules(_ markdown: String, slug: String = "doc") -> [Rule] {
        RuleExtractor.extract([document(markdown, slug: slug)]).rules
    }

    /// The rule whose statement contains `text`, if exactly one does.
    static func rule(_ rules: [Rule], containing text: String) -> Rule? {
        let matches = rules.filter { $0.statement.contains(text) }
        return matches.count == 1 ? matches.first : nil
    }
}
