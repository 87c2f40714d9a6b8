import Foundation

// MARK: - Search entries, kept between builds

/// The search entries of each document (`SearchEntryCollector.entries(for:at:rules:options:)`), kept in one
/// file between `docgen build` runs so that a build tokenizes again only the documents whose entries can
/// have changed.
///
/// Collecting entries (section texts, tokenizing, camel-case splitting) was the largest step of a build
/// after one document changed: every document's entries were made again. A document's entries depend on
/// its paths and text, on the rules it has in the catalogue (their ids can change when another document
/// gains a rule with the same id) and on the collector's limits; the key hashes all of them. The entry's
/// document number is not stored: it is the document's position in this build. The file is a
/// `BlobCacheFile` (tied to the docgen binary that wrote it; damaged or foreign means empty).
struct SearchEntryCache: BlobCache {
    static let kind = BlobCacheFile.Kind(magic: "docgen-search-cache", format: 1)

    let file: BlobCacheFile

    init(file: BlobCacheFile) {
        self.file = file
    }

    /// The key of one document's entries: `documentKey` (its paths and text, `RuleCache.key`), every field of
    /// its rules the collector reads, and the collector's limits.
    static func key(documentKey: String, rules: ArraySlice<Rule>, options: SearchIndexOptions) -> String {
        var hasher = StableHasher()
        hasher.combine(documentKey)
        for limit in [options.indexedCharacters, options.excerptCharacters, options.ruleCharacters, options.shownIdentifiers] {
            hasher.combine(limit)
        }
        hasher.combine(rules.count)
        for rule in rules {
            hasher.combine(rule.id)
            hasher.combine(rule.plainText)
            hasher.combine(rule.strength.rawValue)
            hasher.combine(rule.priority)
            hasher.combine(rule.terms.count)
            for term in rule.terms { hasher.combine(term) }
            hasher.combine(rule.section.count)
            for heading in rule.section { hasher.combine(heading) }
        }
        return hasher.hex
    }

    /// The entries stored under `key`, numbered as document `document`; nil when there are none or they
    /// cannot be decoded.
    func entries(for key: String, document: Int) -> [SearchEntry]? {
        guard var reader = file.reader(for: key) else { return nil }
        return try? Self.decode(&reader, document: document)
    }

    // MARK: - Writing

    /// One document's entries, encoded.
    static func encode(_ entries: [SearchEntry]) -> ArraySlice<UInt8> {
        var writer = BinaryWriter()
        writer.int(entries.count)
        for entry in entries {
            writer.int(entry.kind.rawValue)
            for text in [entry.title, entry.text, entry.anchor] { writer.string(text) }
            writer.strings(entry.path)
            writer.string(entry.detail)
            writer.int(entry.terms.count)
            for (term, fields) in entry.terms {
                writer.string(term)
                writer.int(fields)
            }
        }
        return writer.bytes[...]
    }

    private static func decode(_ reader: inout BinaryReader, document: Int) throws -> [SearchEntry] {
        let count = try reader.int()
        guard count >= 0 else { throw BinaryReader.Failure.truncated }
        var entries: [SearchEntry] = []
        entries.reserveCapacity(min(count, 100_000))
        for _ in 0..<count {
            guard let kind = SearchEntry.Kind(rawValue: try reader.int()) else { throw BinaryReader.Failure.truncated }
            let (title, text, anchor) = (try reader.string(), try reader.string(), try reader.string())
            let path = try reader.strings()
            let detail = try reader.string()
            let termCount = try reader.int()
            guard termCount >= 0 else { throw BinaryReader.Failure.truncated }
            var terms: [String: Int] = [:]
            terms.reserveCapacity(min(termCount, 100_000))
            for _ in 0..<termCount {
                let term = try reader.string()
                terms[term] = try reader.int()
            }
            entries.append(SearchEntry(kind: kind, document: document, title: title, text: text, anchor: anchor,
                                       path: path, detail: detail, terms: terms))
        }
        return entries
    }
}
