// MARK: - Search entries

/// One result the search can return: a document, a section, a rule or a Swift example.
public struct SearchEntry: Sendable, Hashable {
    /// What an entry is. The raw value is the number the index stores.
    public enum Kind: Int, Sendable, Hashable, CaseIterable {
        /// A whole document (title, summary and introduction).
        case document = 0
        /// A section: a heading and the text up to the next heading.
        case section = 1
        /// A rule of the knowledge base.
        case rule = 2
        /// A Swift example, found by the identifiers in its code.
        case example = 3
    }

    /// Where a term occurs in an entry; titles rank above body text.
    public enum Field: Int, Sendable, Hashable {
        /// The title: a document title, a heading, a rule's text, an example's identifiers.
        case title = 1
        /// Everything else: summaries, section text, a rule's strength.
        case body = 2
    }

    /// What the entry is.
    public var kind: Kind
    /// Index of the entry's document in the index's document list.
    public var document: Int
    /// The line shown in bold: a heading, a rule's text, an example's label.
    public var title: String
    /// The line shown below it: a section's first words, an example's identifiers.
    public var text: String
    /// The HTML id the result links to in the document page (empty for the page itself).
    public var anchor: String
    /// The headings above the entry (outermost first, the page title left out), shown as a breadcrumb.
    public var path: [String]
    /// A rule's `strength · priority`, an example's polarity (`good` / `bad`), else empty.
    public var detail: String
    /// The indexed terms and the fields they occur in, as bits (the `Field` raw values or-ed together).
    public var terms: [String: Int]

    /// Creates an entry and collects the terms of `titleText` and `bodyText`.
    public init(kind: Kind, document: Int, title: String, text: String, anchor: String, path: [String] = [],
                detail: String = "", titleText: [String], bodyText: [String]) {
        var terms: [String: Int] = [:]
        for text in titleText {
            for term in SearchTokenizer.terms(text) { terms[term, default: 0] |= Field.title.rawValue }
        }
        for text in bodyText {
            for term in SearchTokenizer.terms(text) { terms[term, default: 0] |= Field.body.rawValue }
        }
        self.init(kind: kind, document: document, title: title, text: text, anchor: anchor, path: path, detail: detail, terms: terms)
    }

    /// Creates an entry with its terms already collected (`SearchEntryCache`).
    init(kind: Kind, document: Int, title: String, text: String, anchor: String, path: [String], detail: String,
         terms: [String: Int]) {
        self.kind = kind
        self.document = document
        self.title = title
        self.text = text
        self.anchor = anchor
        self.path = path
        self.detail = detail
        self.terms = terms
    }

    /// The two field bits of `term` as stored in a posting (1 title, 2 body, 3 both; 0 when absent).
    public func fieldBits(of term: String) -> Int {
        terms[term] ?? 0
    }
}
