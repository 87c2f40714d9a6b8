// MARK: - The text of each section

/// The plain text of a document split at its headings: the text before the first heading, then one
/// text per entry of `Document.headings` (the blocks between that heading and the next one).
///
/// Code blocks and raw HTML are left out (examples are indexed by their identifiers instead); block
/// boundaries and line breaks become spaces.
public enum SectionTextCollector {
    /// The texts of `document`: `sections.count == document.headings.count`.
    public static func collect(_ document: Document) -> (intro: String, sections: [String]) {
        var intro = ""
        var sections: [String] = []
        document.root.walk { node, event, _ in
            func append(_ text: String) {
                if sections.isEmpty { intro += text } else { sections[sections.count - 1] += text }
            }
            switch (node.kind, event) {
            case (.heading, .enter):
                sections.append("")
                return false
            case (.codeBlock, _), (.htmlBlock, _), (.htmlInline, _):
                return false
            case (.text(let text), .enter), (.code(let text), .enter):
                append(text)
            case (.softBreak, .enter), (.lineBreak, .enter):
                append(" ")
            case (let kind, .exit) where kind.isBlock:
                append(" ")
            default:
                break
            }
            return true
        }
        // Headings the walk did not reach as headings cannot occur, but keep the promise of the count.
        while sections.count < document.headings.count { sections.append("") }
        return (collapse(intro), sections.prefix(document.headings.count).map(collapse))
    }

    /// Collapses runs of white space into one space and trims the ends.
    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespaceFast).joined(separator: " ")
    }
}
