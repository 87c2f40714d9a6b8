import Foundation

// MARK: - Publishing snippets as files

/// Turns snippets into standalone `.swift` files (with a header naming their source) and a `snippets.json`.
public enum SnippetExporter {
    /// `<document>/<id>.swift` for every snippet plus `snippets.json`, paths relative to `prefix`.
    public static func files(for documents: [Document], prefix: String = "") -> [OutputFile] {
        documents.flatMap { snippetFiles(for: $0, prefix: prefix) } + [index(for: documents, prefix: prefix)]
    }

    /// The `<document>/<id>.swift` files of one document.
    public static func snippetFiles(for document: Document, prefix: String = "") -> [OutputFile] {
        document.snippets.map { OutputFile(path: prefix + path(of: $0), text: source(of: $0)) }
    }

    /// `snippets.json`: every snippet with its source position, section, polarity and code.
    public static func index(for documents: [Document], prefix: String = "") -> OutputFile {
        OutputFile(path: prefix + indexName, data: indexParts(for: documents, prefix: prefix).data)
    }

    /// The name of the index file (after the prefix).
    public static let indexName = "snippets.json"

    /// `snippets.json` in parts of 500 records, each encoded when asked for (`OutputParts`): byte for byte what
    /// `JSONEncoder` with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` makes of the array of
    /// `SnippetRecord`s (`PrettyJSONWriter`; 36 MB on 2,000 documents).
    public static func indexParts(for documents: [Document], prefix: String = "") -> OutputParts {
        let snippets = documents.flatMap(\.snippets)
        return PrettyJSONWriter.arrayParts(count: snippets.count, partSize: 500, bytesPerRecord: 1_500, ending: "") { index, writer in
            SnippetRecord(snippet: snippets[index], path: prefix + path(of: snippets[index])).write(to: &writer)
        }
    }

    /// Where `snippetFiles(for:prefix:)` puts the file of `snippet`, relative to `prefix`.
    static func path(of snippet: Snippet) -> String {
        "\(snippet.document)/\(snippet.fileName)"
    }

    /// A fingerprint of everything `index(for:prefix:)` is made from (every field of every snippet).
    static func indexFingerprint(snippetDigests: [String], prefix: String = "") -> String {
        var hasher = StableHasher()
        hasher.combine(prefix)
        hasher.combine(strings: snippetDigests)
        return hasher.hex
    }

    /// The snippet's code preceded by a header comment naming its source and polarity.
    public static func source(of snippet: Snippet) -> String {
        var header = "// \(snippet.file):\(snippet.firstLine)"
        if !snippet.sectionPath.isEmpty { header += " — \(snippet.sectionPath.joined(separator: " › "))" }
        header += "\n// id: \(snippet.id) · polarity: \(snippet.polarity.rawValue)"
        if snippet.attributes.expectError { header += " · expect-error" }
        if snippet.attributes.ignore { header += " · ignore" }
        return header + "\n" + snippet.code
    }

    /// One entry of `snippets.json`.
    struct SnippetRecord: Encodable {
        let id: String
        let document: String
        let file: String
        let line: Int
        let endLine: Int
        let fenceLine: Int
        let section: [String]
        let polarity: String
        let label: String?
        let attributes: [String]
        let path: String
        let code: String

        init(snippet: Snippet, path: String) {
            id = snippet.id
            document = snippet.document
            file = snippet.file
            line = snippet.firstLine
            endLine = snippet.lastLine
            fenceLine = snippet.fenceLine
            section = snippet.sectionPath
            polarity = snippet.polarity.rawValue
            label = snippet.label
            var attributes: [String] = []
            if snippet.attributes.ignore { attributes.append("ignore") }
            if snippet.attributes.expectError { attributes.append("expect-error") }
            attributes += snippet.attributes.unknown
            self.attributes = attributes
            self.path = path
            code = snippet.code
        }

        /// The record at array level 1, keys in UTF-8 order, `label` left out when there is none (as `Encodable`
        /// leaves out a nil optional).
        func write(to writer: inout PrettyJSONWriter) {
            writer.raw("  {\n")
            writer.stringArray("attributes", attributes, level: 2)
            writer.string("code", code, level: 2)
            writer.string("document", document, level: 2)
            writer.int("endLine", endLine, level: 2)
            writer.int("fenceLine", fenceLine, level: 2)
            writer.string("file", file, level: 2)
            writer.string("id", id, level: 2)
            if let label { writer.string("label", label, level: 2) }
            writer.int("line", line, level: 2)
            writer.string("path", path, level: 2)
            writer.string("polarity", polarity, level: 2)
            writer.stringArray("section", section, level: 2, last: true)
            writer.raw("  }")
        }
    }
}
