import Foundation

// MARK: - Rule ids

/// Readable, stable rule ids: `<document>.<section>.<short-text>`, e.g.
/// `swift-conventions.controllers.always-observable-mainactor-final`.
///
/// The section part is the innermost heading without numbering, parentheses or priority tag (first
/// three words); the text part is the first four meaningful words of the statement. An id depends only
/// on its own rule's text and section, so editing one rule never renames another — unless two rules of
/// a document get the same id, in which case the later ones get `-1`, `-2` in document order (as GitHub does for headings).
/// Ids always contain a `.`, so they never collide with heading ids (GitHub slugs drop dots).
public enum RuleIdentifier {
    /// Words left out of id slugs.
    static let stopWords: Set<String> = [
        "a", "an", "the", "of", "for", "to", "in", "on", "with", "and", "or", "is", "are", "be", "by", "as", "at",
        "it", "its", "this", "that", "these", "those", "via", "from", "into", "all", "any", "each", "every", "only",
        "your", "you", "their", "them", "they", "we", "our", "if", "when", "than", "then", "so", "also", "etc", "e",
        "g", "i", "ie", "eg", "there",
    ]

    /// The document part of ids: the slug with `/` turned into `.`.
    public static func documentPart(_ slug: String) -> String {
        slug.replacingOccurrences(of: "/", with: ".")
    }

    /// The section part: `3. Controllers (Observable Classes)` → `controllers`; no heading → `top`.
    public static func sectionPart(_ heading: String?) -> String {
        guard let heading else { return "top" }
        var text = RuleWalker.normalisedHeading(heading)
        text = removeParentheses(text)
        let words = slugWords(text, dropStopWords: true)
        return words.isEmpty ? "top" : words.prefix(3).joined(separator: "-")
    }

    /// The text part: the first four meaningful words of the statement.
    public static func textPart(_ statement: String) -> String {
        var words: [String] = []
        var length = 0
        for word in slugWords(statement, dropStopWords: true) {
            if words.count == 4 || (length + word.count > 40 && !words.isEmpty) { break }
            words.append(word)
            length += word.count + 1
        }
        return words.isEmpty ? "rule" : words.joined(separator: "-")
    }

    /// The id of a rule without an explicit id.
    public static func id(document: String, section: String?, statement: String) -> String {
        "\(documentPart(document)).\(sectionPart(section)).\(textPart(statement))"
    }

    /// An explicit id as written (`id=…`): used as is if it contains a `.`, else prefixed with the document.
    public static func explicitID(_ id: String, document: String) -> String {
        id.contains(".") ? id : "\(documentPart(document)).\(id)"
    }

    // MARK: - Helpers

    /// Lower-case ASCII-ish words: letters and digits; apostrophes dropped (`don't` → `dont`).
    static func slugWords(_ text: String, dropStopWords: Bool) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character == "'" || character == "’" { continue }
            if character.isLetterOrNumber {
                current.append(character)
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return dropStopWords ? words.filter { !stopWords.contains($0) } : words
    }

    private static func removeParentheses(_ text: String) -> String {
        var result = ""
        var depth = 0
        for character in text {
            if character == "(" { depth += 1; continue }
            if character == ")" { depth = max(depth - 1, 0); continue }
            if depth == 0 { result.append(character) }
        }
        return result
    }
}
