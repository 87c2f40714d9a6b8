import Foundation

// MARK: - Sentences of a paragraph

/// Splits a paragraph's inline nodes into sentences without breaking code spans, links or emphasis.
///
/// A sentence ends at `.`, `!` or `?` (optionally followed by a closing quote or bracket) that is
/// followed by white space and then an upper-case letter, a code span, a quote, emphasis or a
/// symbol such as ✅ — unless the word before the period is an abbreviation (`e.g.`, `i.e.`, `vs.` …).
enum SentenceSplitter {
    /// A sentence: its inline nodes and how many line breaks of the paragraph precede it.
    struct Sentence {
        var nodes: [MarkdownNode]
        /// Soft or hard line breaks before the sentence in its paragraph (its line offset).
        var lineOffset: Int
    }

    /// Words that end with a period without ending a sentence (lower-cased, without the final period).
    static let abbreviations: Set<String> = ["e.g", "i.e", "etc", "vs", "cf", "approx", "mr", "mrs", "dr", "st", "fig", "eg", "ie"]

    /// The sentences of `inlines` (the children of a paragraph).
    static func split(_ inlines: [MarkdownNode]) -> [Sentence] {
        var sentences: [Sentence] = []
        var current: [MarkdownNode] = []
        var breaks = 0
        var currentStartBreaks = 0
        let nodes = inlines
        for (index, node) in nodes.enumerated() {
            switch node.kind {
            case .text(let text):
                var rest = Substring(text)
                while let cut = boundary(in: rest, next: nextNode(after: index, in: nodes)) {
                    let head = String(rest[..<cut.end])
                    current.append(MarkdownNode(kind: .text(head), range: node.range))
                    flush(&current, into: &sentences, lineOffset: currentStartBreaks)
                    currentStartBreaks = breaks
                    rest = rest[cut.next...]
                }
                if !rest.isEmpty { current.append(MarkdownNode(kind: .text(String(rest)), range: node.range)) }
            case .softBreak, .lineBreak:
                breaks += 1
                if current.isEmpty {
                    currentStartBreaks = breaks
                } else if endsSentence(current), startsSentence(nextNode(after: index, in: nodes)) {
                    flush(&current, into: &sentences, lineOffset: currentStartBreaks)
                    currentStartBreaks = breaks
                } else {
                    current.append(node)
                }
            default:
                current.append(node)
            }
        }
        flush(&current, into: &sentences, lineOffset: currentStartBreaks)
        return sentences
    }

    /// Splits plain text into sentences with the same rules.
    static func split(plain text: String) -> [String] {
        split([MarkdownNode(kind: .text(text), range: SourceRange(line: 0))]).map { InlineMarkdown.plain($0.nodes) }
    }

    // MARK: - Helpers

    private static func flush(_ current: inout [MarkdownNode], into sentences: inout [Sentence], lineOffset: Int) {
        defer { current = [] }
        guard !InlineMarkdown.plain(current).isEmpty else { return }
        sentences.append(Sentence(nodes: trimmed(current), lineOffset: lineOffset))
    }

    /// Removes leading and trailing white space from the first and last text nodes.
    private static func trimmed(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
        var nodes = nodes
        while let first = nodes.first, case .softBreak = first.kind { nodes.removeFirst() }
        if let first = nodes.first, case .text(let text) = first.kind {
            nodes[0].kind = .text(String(text.drop(while: \.isWhitespaceFast)))
        }
        if let last = nodes.last, case .text(let text) = last.kind {
            var text = text
            while text.last?.isWhitespaceFast == true { text.removeLast() }
            nodes[nodes.count - 1].kind = .text(text)
        }
        return nodes
    }

    private static func nextNode(after index: Int, in nodes: [MarkdownNode]) -> MarkdownNode? {
        index + 1 < nodes.count ? nodes[index + 1] : nil
    }

    /// Whether the nodes so far end with sentence punctuation.
    private static func endsSentence(_ nodes: [MarkdownNode]) -> Bool {
        guard let last = nodes.last, case .text(let text) = last.kind else { return false }
        let trimmed = text.trimming(.whitespaces)
        guard let final = trimmed.last(where: { !"\"')]”’".contains($0) }) else { return false }
        return ".!?".contains(final) && !endsWithAbbreviation(Substring(trimmed))
    }

    /// Whether a node can start a sentence (code, emphasis, links, or text starting upper-case).
    private static func startsSentence(_ node: MarkdownNode?) -> Bool {
        guard let node else { return false }
        switch node.kind {
        case .text(let text):
            guard let first = text.first(where: { !$0.isWhitespaceFast }) else { return false }
            return startsSentence(first)
        case .code, .strong, .emphasis, .link:
            return true
        default:
            return false
        }
    }

    private static func startsSentence(_ character: Character) -> Bool {
        if character.isUppercase || character.isNumber { return true }
        if "\"“'`*_[(".contains(character) { return true }
        return !character.isLetterFast && !character.isPunctuation && !character.isWhitespaceFast
    }

    /// The first sentence boundary in `text`: where the sentence ends and where the next one starts.
    private static func boundary(in text: Substring, next: MarkdownNode?) -> (end: Substring.Index, next: Substring.Index)? {
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard ".!?".contains(character) else {
                index = text.index(after: index)
                continue
            }
            var end = text.index(after: index)
            while end < text.endIndex, "\"')]”’".contains(text[end]) { end = text.index(after: end) }
            var start = end
            while start < text.endIndex, text[start].isWhitespaceFast { start = text.index(after: start) }
            let hasSpace = start > end
            if hasSpace, !(character == "." && endsWithAbbreviation(text[..<end])) {
                if start < text.endIndex {
                    if startsSentence(text[start]) { return (end, start) }
                } else if startsSentence(next) {
                    return (end, start)
                }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Whether `text` (ending with a period) ends with an abbreviation such as `e.g.`.
    private static func endsWithAbbreviation(_ text: Substring) -> Bool {
        var body = text
        while let last = body.last, "\"')]”’".contains(last) { body.removeLast() }
        guard body.hasSuffix(".") else { return false }
        body.removeLast()
        let word = body.reversed().prefix { $0.isLetterFast || $0 == "." }
        let token = String(word.reversed()).lowercased()
        if token.count == 1 { return true }  // initials: "A. Smith"
        return abbreviations.contains(token)
    }
}
