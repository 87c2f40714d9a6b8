import Foundation

// MARK: - Analysed documents, kept between builds without their trees

/// What `DocumentAnalyzer.analyze(_:)` found in each document (title, summary, front matter, headings,
/// snippets, links, word count and diagnostics), kept in one file between `docgen build` runs, so that a build
/// does not parse and walk again the documents whose text did not change.
///
/// A document taken from here has no Markdown tree (`root` is an empty document node). Only three steps
/// read the tree: rule extraction and search entry collection, which have their own caches, and rendering
/// the document's page, which a build does only when something the page shows changed; those analyse the
/// document again (`BuildSession.fullDocument`). Keyed like `RuleCache` (the document's paths and text); the
/// file is a `BlobCacheFile` (tied to the docgen binary that wrote it; damaged or foreign means empty).
struct DocumentCache: BlobCache {
    static let kind = BlobCacheFile.Kind(magic: "docgen-document-cache", format: 1)

    /// One document as analysed, without its tree.
    struct Entry: Sendable {
        var document: Document
        var diagnostics: [Diagnostic]
    }

    let file: BlobCacheFile

    init(file: BlobCacheFile) {
        self.file = file
    }

    /// The tree every document taken from the cache has: an empty document.
    static let emptyRoot = MarkdownNode(kind: .document, range: SourceRange(start: SourcePosition(line: 0, column: 0),
                                                                            end: SourcePosition(line: 0, column: 0)))

    /// The analysis of `source` stored under `key`, decoded; nil when there is none or it cannot be decoded.
    func entry(for key: String, source: SourceFile) -> Entry? {
        guard var reader = file.reader(for: key) else { return nil }
        return try? Self.decode(&reader, source: source)
    }

    // MARK: - Writing

    /// One document's analysis, encoded (its source and tree are not stored).
    static func encode(_ document: Document, diagnostics: [Diagnostic]) -> ArraySlice<UInt8> {
        var writer = BinaryWriter()
        writer.bool(document.frontMatter != nil)
        if let frontMatter = document.frontMatter {
            writer.int(frontMatter.lineCount)
            writer.strings(frontMatter.entries.map(\.key))
            writer.strings(frontMatter.entries.map(\.value))
        }
        writer.string(document.title)
        writer.string(document.summary)
        writer.int(document.wordCount)
        writer.int(document.headings.count)
        for heading in document.headings {
            writer.int(heading.level)
            for text in [heading.id, heading.text, heading.html] { writer.string(text) }
            encode(heading.range, into: &writer)
            writer.optionalString(heading.priority)
        }
        writer.int(document.snippets.count)
        for snippet in document.snippets { encode(snippet, into: &writer) }
        writer.int(document.links.count)
        for link in document.links {
            writer.string(link.destination)
            writer.string(link.text)
            encode(link.range, into: &writer)
            writer.bool(link.isImage)
        }
        writer.diagnostics(diagnostics)
        return writer.bytes[...]
    }

    private static func encode(_ range: SourceRange, into writer: inout BinaryWriter) {
        for number in [range.start.line, range.start.column, range.end.line, range.end.column] { writer.int(number) }
    }

    private static func encode(_ snippet: Snippet, into writer: inout BinaryWriter) {
        for text in [snippet.id, snippet.anchor, snippet.document, snippet.file, snippet.sectionID, snippet.info, snippet.code,
                     snippet.polarity.rawValue] {
            writer.string(text)
        }
        writer.strings(snippet.sectionPath)
        for number in [snippet.ordinal, snippet.ordinalInSection, snippet.fenceLine, snippet.firstLine, snippet.lastLine,
                       snippet.indentation] {
            writer.int(number)
        }
        writer.optionalString(snippet.label)
        writer.bool(snippet.attributes.ignore)
        writer.bool(snippet.attributes.expectError)
        writer.optionalString(snippet.attributes.expectedMessage)
        writer.optionalString(snippet.attributes.polarity?.rawValue)
        writer.strings(snippet.attributes.unknown)
    }

    // MARK: - Reading

    private static func decode(_ reader: inout BinaryReader, source: SourceFile) throws -> Entry {
        var frontMatter: FrontMatter?
        if try reader.bool() {
            let lineCount = try reader.int()
            let keys = try reader.strings(), values = try reader.strings()
            guard keys.count == values.count else { throw BinaryReader.Failure.truncated }
            frontMatter = FrontMatter(entries: Array(zip(keys, values)).map { (key: $0.0, value: $0.1) }, lineCount: lineCount)
        }
        let title = try reader.string(), summary = try reader.string()
        let wordCount = try reader.int()
        var headings: [Heading] = []
        for _ in 0..<max(try reader.int(), 0) {
            let level = try reader.int()
            let (id, text, html) = (try reader.string(), try reader.string(), try reader.string())
            headings.append(Heading(level: level, id: id, text: text, html: html, range: try decodeRange(&reader),
                                    priority: try reader.optionalString()))
        }
        var snippets: [Snippet] = []
        for _ in 0..<max(try reader.int(), 0) { snippets.append(try decodeSnippet(&reader)) }
        var links: [LinkReference] = []
        for _ in 0..<max(try reader.int(), 0) {
            let (destination, text) = (try reader.string(), try reader.string())
            links.append(LinkReference(destination: destination, text: text, range: try decodeRange(&reader), isImage: try reader.bool()))
        }
        let diagnostics = try reader.diagnostics()
        let document = Document(source: source, frontMatter: frontMatter, root: emptyRoot, title: title, summary: summary,
                                headings: headings, snippets: snippets, links: links, wordCount: wordCount)
        return Entry(document: document, diagnostics: diagnostics)
    }

    private static func decodeRange(_ reader: inout BinaryReader) throws -> SourceRange {
        let start = SourcePosition(line: try reader.int(), column: try reader.int())
        return SourceRange(start: start, end: SourcePosition(line: try reader.int(), column: try reader.int()))
    }

    private static func decodeSnippet(_ reader: inout BinaryReader) throws -> Snippet {
        let (id, anchor, document, file) = (try reader.string(), try reader.string(), try reader.string(), try reader.string())
        let (sectionID, info, code) = (try reader.string(), try reader.string(), try reader.string())
        guard let polarity = Snippet.Polarity(rawValue: try reader.string()) else { throw BinaryReader.Failure.truncated }
        let sectionPath = try reader.strings()
        let (ordinal, ordinalInSection, fenceLine) = (try reader.int(), try reader.int(), try reader.int())
        let (firstLine, lastLine, indentation) = (try reader.int(), try reader.int(), try reader.int())
        let label = try reader.optionalString()
        var attributes = SnippetAttributes()
        attributes.ignore = try reader.bool()
        attributes.expectError = try reader.bool()
        attributes.expectedMessage = try reader.optionalString()
        if let explicit = try reader.optionalString() {
            guard let value = Snippet.Polarity(rawValue: explicit) else { throw BinaryReader.Failure.truncated }
            attributes.polarity = value
        }
        attributes.unknown = try reader.strings()
        return Snippet(id: id, anchor: anchor, document: document, file: file, sectionPath: sectionPath, sectionID: sectionID,
                       ordinal: ordinal, ordinalInSection: ordinalInSection, fenceLine: fenceLine, firstLine: firstLine,
                       lastLine: lastLine, indentation: indentation, info: info, attributes: attributes, code: code,
                       polarity: polarity, label: label)
    }
}
