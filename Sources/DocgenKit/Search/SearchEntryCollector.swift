import Foundation

// MARK: - Collecting search entries

/// Turns documents and rules into search entries: per document, the document itself, then its
/// sections, its rules and its Swift examples.
public enum SearchEntryCollector {
    /// The entries of every document, grouped by document (in the order of `documents`).
    public static func entries(documents: [Document], rules: RuleCatalog,
                               options: SearchIndexOptions = SearchIndexOptions()) -> [[SearchEntry]] {
        let rulesByDocument = rules.rulesByDocument
        return documents.enumerated().map { index, document in
            entries(for: document, at: index, rules: rulesByDocument[document.slug] ?? [], options: options)
        }
    }

    /// The entries of one document.
    public static func entries(for document: Document, at index: Int, rules: ArraySlice<Rule>,
                               options: SearchIndexOptions = SearchIndexOptions()) -> [SearchEntry] {
        let texts = SectionTextCollector.collect(document)
        var entries: [SearchEntry] = []
        let titleHeading = document.headings.firstIndex { $0.level == 1 && $0.text == document.title }
        var intro = texts.intro
        if let titleHeading { intro = join(intro, texts.sections[titleHeading]) }
        entries.append(SearchEntry(
            kind: .document, document: index, title: document.title,
            text: excerpt(document.summary.isEmpty ? intro : document.summary, limit: options.excerptCharacters),
            anchor: "", titleText: [document.title],
            bodyText: [document.summary, truncate(intro, limit: options.indexedCharacters)]))

        var stack: [Heading] = []
        for (position, heading) in document.headings.enumerated() {
            while let last = stack.last, last.level >= heading.level { stack.removeLast() }
            defer { stack.append(heading) }
            guard position != titleHeading else { continue }
            let text = texts.sections[position]
            entries.append(SearchEntry(
                kind: .section, document: index, title: heading.text,
                text: excerpt(text, limit: options.excerptCharacters), anchor: heading.id,
                path: breadcrumb(stack.map(\.text), title: document.title),
                titleText: [heading.text], bodyText: [truncate(text, limit: options.indexedCharacters)]))
        }

        for rule in rules {
            let detail = rule.strength.rawValue + (rule.priority.map { " · " + $0 } ?? "")
            entries.append(SearchEntry(
                kind: .rule, document: index, title: excerpt(rule.plainText, limit: options.ruleCharacters),
                text: "", anchor: rule.id, path: breadcrumb(rule.section, title: document.title), detail: detail,
                titleText: [rule.plainText] + rule.terms, bodyText: [rule.strength.rawValue]))
        }

        for snippet in document.snippets {
            let identifiers = SnippetIdentifiers.identifiers(in: snippet.code)
            let label = snippet.label.map(cleanLabel) ?? ""
            entries.append(SearchEntry(
                kind: .example, document: index,
                title: label.isEmpty ? "Swift example \(snippet.ordinalInSection)" : label,
                text: identifiers.prefix(options.shownIdentifiers).joined(separator: " "),
                anchor: snippet.anchor, path: breadcrumb(snippet.sectionPath, title: document.title),
                detail: snippet.polarity == .neutral ? "" : snippet.polarity.rawValue,
                titleText: identifiers, bodyText: label.isEmpty ? [] : [label]))
        }
        return entries
    }

    // MARK: - Text helpers

    /// The first `limit` characters of `text`, cut at a word boundary.
    static func truncate(_ text: String, limit: Int) -> String {
        // Walks at most `limit` characters (a section's text can be long; `count` would walk all of it).
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex else {
            return text
        }
        let cut = text[..<end]
        guard let space = cut.lastIndex(where: \.isWhitespace) else { return String(cut) }
        return String(cut[..<space])
    }

    /// Like `truncate`, with an ellipsis when something was cut.
    static func excerpt(_ text: String, limit: Int) -> String {
        let short = truncate(text, limit: limit)
        // `short` is `text` or a prefix of it.
        return short.utf8.count < text.utf8.count ? short + "…" : short
    }

    /// The heading chain without the page title (shown separately as the document).
    static func breadcrumb(_ headings: [String], title: String) -> [String] {
        var path = headings
        if path.first == title { path.removeFirst() }
        return path
    }

    /// `✅ Good (@Observable):` → `✅ Good (@Observable)`.
    static func cleanLabel(_ label: String) -> String {
        var text = label.trimming(.whitespaces)
        while text.hasSuffix(":") { text.removeLast() }
        return text.trimming(.whitespaces)
    }

    private static func join(_ first: String, _ second: String) -> String {
        first.isEmpty ? second : second.isEmpty ? first : first + " " + second
    }
}
