// MARK: - Documents

/// A heading of a document with its unique, GitHub-compatible id.
public struct Heading: Sendable, Hashable, Codable {
    /// 1 to 6.
    public var level: Int
    /// Unique id within the page (GitHub slug, `-1`, `-2` for repeats).
    public var id: String
    /// The heading's text without markup.
    public var text: String
    /// The heading's inline content rendered as HTML.
    public var html: String
    /// Where the heading is.
    public var range: SourceRange
    /// Priority tag such as `P1` from a heading like `## View structure - P1`, if any.
    public var priority: String?
}

/// A link or image written in a document.
public struct LinkReference: Sendable, Hashable, Codable {
    /// The destination as written.
    public var destination: String
    /// The link text without markup.
    public var text: String
    /// Where the link is (the enclosing block's position when cmark gives none).
    public var range: SourceRange
    /// Whether this is an image.
    public var isImage: Bool
}

/// A parsed and analysed Markdown document.
public struct Document: Sendable {
    /// The file it came from.
    public var source: SourceFile
    /// Front matter, if the file has it.
    public var frontMatter: FrontMatter?
    /// The Markdown tree (positions are in the original file).
    public var root: MarkdownNode
    /// Page title: front matter `title` or `name`, else the first `#` heading, else the file name.
    public var title: String
    /// Summary: front matter `description`, else the first paragraph.
    public var summary: String
    /// All headings in order.
    public var headings: [Heading]
    /// Swift snippets in order.
    public var snippets: [Snippet]
    /// Links and images in order.
    public var links: [LinkReference]
    /// Number of words of prose.
    public var wordCount: Int

    /// The document's slug (relative path without `.md`).
    public var slug: String { source.slug }
    /// The page the document becomes, relative to the site root.
    public var outputPath: String { slug + ".html" }
    /// Whether the body's first block is a level-1 heading (the page shows it as the title).
    public var startsWithTitle: Bool {
        if case .heading(level: 1)? = root.children.first?.kind { return true }
        return false
    }
}
