import Foundation

// MARK: - The index of terms

/// Terms A–Z, each with the rules and snippets that mention it, like the index at the back of a book.
public struct RuleIndex: Sendable {
    /// One term of the index.
    public struct Entry: Sendable, Hashable {
        /// The term as displayed (`@Observable`, `singleton`).
        public var term: String
        /// Its HTML id on the index page (`term-observable`), unique.
        public var anchor: String
        /// The letter it is filed under (`A`…`Z`, or `#` for anything else).
        public var letter: String
        /// Whether it is written as code.
        public var isCode: Bool
        /// Ids of the rules that speak of it, in catalogue order.
        public var rules: [String]
        /// The snippets whose code mentions it (code terms only), as positions in `RuleIndex.snippets`: on large
        /// sites a common identifier is in thousands of snippets, and a copy of each per term was a tenth of the
        /// memory of a build of 2,000 documents.
        public var snippets: [Int]
    }

    /// Every snippet of the documents, in document order (what `Entry.snippets` point into).
    public let snippets: [Snippet]

    /// Entries sorted alphabetically (ignoring `@`, `#`, `.` and case).
    public var entries: [Entry]

    /// The index page anchor of each term.
    public var anchors: [String: String] {
        Dictionary(entries.map { ($0.term, $0.anchor) }, uniquingKeysWith: { first, _ in first })
    }

    /// Builds the index of the rules' terms; snippets of `documents` are matched against code terms.
    public init(rules: [Rule], documents: [Document]) {
        let snippets = documents.flatMap(\.snippets)
        self.snippets = snippets
        let terms = Self.terms(of: rules)
        let identifiers = IdentifierIndex(snippets.map(\.code), for: terms.map(\.term).filter(Self.isCode))
        entries = terms.map { term in
            let isCode = Self.isCode(term.term)
            return Entry(
                term: term.term, anchor: term.anchor, letter: Self.letter(of: term.term), isCode: isCode, rules: term.rules,
                snippets: isCode ? identifiers.snippets(mentioning: term.term, in: snippets) : [])
        }
    }

    /// The terms of `rules` in index order, each with its anchor and the ids of the rules that speak of it (in
    /// catalogue order): the index without its snippets, which are the costly part. A build that reuses every rules
    /// page needs only the anchors, for the paths of the term pages (`pagePath(ofAnchor:)`).
    static func terms(of rules: some Sequence<Rule>) -> [(term: String, anchor: String, rules: [String])] {
        var byTerm: [String: [String]] = [:]
        var order: [String] = []
        for rule in rules {
            for term in rule.terms {
                if byTerm[term] == nil { order.append(term) }
                byTerm[term, default: []].append(rule.id)
            }
        }
        var slugger = Slugger()
        return order.sorted { Self.sortKey($0) < Self.sortKey($1) }.map { term in
            let slug = Slugger.slug(term)
            return (term, slugger.uniqueID("term-" + (slug.isEmpty ? "symbol" : slug)), byTerm[term] ?? [])
        }
    }

    /// `terms/<name>.html`: the page of the term whose anchor is `term-<name>`, when the rules pages are split per
    /// document (a large catalogue's index lists its terms and gives each one a page).
    public static func pagePath(ofAnchor anchor: String) -> String {
        "terms/" + (anchor.hasPrefix("term-") ? String(anchor.dropFirst("term-".count)) : anchor) + ".html"
    }

    /// Which snippets contain which identifiers of the terms, so that a code term is searched for only in the
    /// snippets that contain its identifiers (every identifier of a term that `code(_:mentions:)`
    /// finds is a whole identifier of the code too).
    ///
    /// Only the identifiers of the terms it is made for are listed (so it answers for those terms only): listing
    /// every identifier of every snippet kept 20–25 MB more resident after the index was made, on 2,000 documents
    /// (39,000 snippets).
    struct IdentifierIndex {
        private var postings: [Substring: [Int]] = [:]
        private let count: Int

        /// The index of `codes` for `terms`.
        init(_ codes: [String], for terms: [String]) {
            count = codes.count
            let wanted = Set(terms.flatMap { IdentifierIndex.identifiers(in: $0) })
            // Splitting the snippets is the costly part: done several at a time.
            let found = codes.concurrentMap { code -> [Substring] in
                var found: Set<Substring> = []
                for identifier in IdentifierIndex.identifiers(in: code) where wanted.contains(identifier) { found.insert(identifier) }
                return Array(found)
            }
            for (index, identifiers) in found.enumerated() {
                for identifier in identifiers { postings[identifier, default: []].append(index) }
            }
        }

        /// The positions of the snippets whose code mentions `term` (`RuleIndex.code(_:mentions:)`), in order.
        ///
        /// When the term is one whole identifier, the snippets listed under it are exactly those: the index
        /// holds the maximal runs of identifier characters, which is what `code(_:mentions:)` looks for
        /// (same `isIdentifier`, same `Character` comparison). Other terms are checked snippet by snippet.
        func snippets(mentioning term: String, in snippets: [Snippet]) -> [Int] {
            let parts = IdentifierIndex.identifiers(in: term)
            if parts.count == 1, parts[0] == term[...] {
                return postings[parts[0]] ?? []
            }
            return candidates(for: term).filter { RuleIndex.code(snippets[$0].code, mentions: term) }
        }

        /// Indices of the codes that may mention `term`, in order (all of them when it has no identifier).
        func candidates(for term: String) -> [Int] {
            let parts = IdentifierIndex.identifiers(in: term)
            guard !parts.isEmpty else { return Array(0..<count) }
            return parts.map { postings[$0] ?? [] }.min { $0.count < $1.count } ?? []
        }

        static func identifiers(in text: String) -> [Substring] {
            text.split { !RuleIndex.isIdentifier($0) }
        }
    }

    /// Entries grouped by letter, in order.
    public var groups: [(letter: String, entries: [Entry])] {
        var groups: [(letter: String, entries: [Entry])] = []
        for entry in entries {
            if groups.last?.letter == entry.letter {
                groups[groups.count - 1].entries.append(entry)
            } else {
                groups.append((entry.letter, [entry]))
            }
        }
        return groups
    }

    // MARK: - Helpers

    /// Code terms: everything found in code spans or camel-case words, and the lexicon entries that are
    /// Swift spellings (`Task`, `actor`, `@MainActor`); plain nouns such as "singleton" are not code.
    static func isCode(_ term: String) -> Bool {
        guard TermExtractor.lexicon.contains(where: { $0.canonical == term }) else { return true }
        return term.hasPrefix("@") || ["Task", "Sendable", "actor", "struct", "class", "enum", "extension", "deinit", "async"].contains(term)
    }

    static func sortKey(_ term: String) -> String {
        String(term.drop { !$0.isLetter && !$0.isNumber }).lowercased() + "\u{0}" + term
    }

    static func letter(of term: String) -> String {
        guard let first = term.first(where: { $0.isLetter || $0.isNumber }), first.isASCII, first.isLetter else { return "#" }
        return String(first).uppercased()
    }

    /// Whether `code` contains `term` as a whole identifier (`Task` is not in `loadTask`).
    static func code(_ code: String, mentions term: String) -> Bool {
        var searchStart = code.startIndex
        while let range = code[searchStart...].firstRange(of: term) {
            let beforeOK = range.lowerBound == code.startIndex || !isIdentifier(code[code.index(before: range.lowerBound)])
            let afterOK = range.upperBound == code.endIndex || !isIdentifier(code[range.upperBound])
                || term.last.map { !isIdentifier($0) } == true
            if beforeOK, afterOK { return true }
            searchStart = code.index(after: range.lowerBound)
        }
        return false
    }

    static func isIdentifier(_ character: Character) -> Bool {
        character.isLetterOrNumber || character == "_"
    }
}
