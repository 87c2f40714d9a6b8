// MARK: - The search index of a site

/// Writes the search index that `Theme/assets/search.js` queries: `search-index.js`, plus, for large
/// sites, shards under `search/` that the script loads only when a query needs them.
///
/// The index is JavaScript, not JSON, so that it loads with a `<script>` element from `file://` too
/// (browsers refuse `fetch` there). `search-index.js` assigns one object to `window.docgenSearchIndex`:
///
/// | Key | Value |
/// | --- | --- |
/// | `v` | format version, `1` |
/// | `d` | the documents: `[title, page]` (page relative to the site root) |
/// | `s` | stop words: not indexed, dropped from queries |
/// | `k` | term shard keys (see `SearchShardPlanner.TermShard`); `[""]` when the index is not split |
/// | `c` | first entry number of each record chunk, then the number of entries |
/// | `t` | only when not split: the term shards, in the order of `k` |
/// | `r` | only when not split: the record chunks, in the order of `c` |
///
/// A split index stores term shard `i` in `search/t<i>.js` and record chunk `i` in `search/r<i>.js`; each
/// file adds its value to `window.docgenSearchShards` under the name `t<i>` or `r<i>`. A term shard is
/// `{"t": terms, "p": postings}` (see `SearchTermDictionary`); a record chunk is `{"p": paths, "e": records}`
/// with one record `[kind, document, title, text, anchor, path, detail]` per entry (see `SearchRecordChunk`
/// and `SearchEntry`).
public enum SearchIndexBuilder {
    /// Name of the file the pages load first.
    public static let indexPath = "search-index.js"
    /// Folder of the shards of a split index.
    public static let shardFolder = "search/"

    /// The files of the search index of `documents` and their `rules`.
    public static func files(documents: [Document], rules: RuleCatalog,
                             options: SearchIndexOptions = SearchIndexOptions()) -> [OutputFile] {
        build(documents: documents, rules: rules, options: options).files
    }

    /// The search index with its statistics.
    public static func build(documents: [Document], rules: RuleCatalog,
                             options: SearchIndexOptions = SearchIndexOptions()) -> SearchIndex {
        let entries = SearchEntryCollector.entries(documents: documents, rules: rules, options: options).flatMap { $0 }
        return assemble(entries, dictionary: SearchTermDictionary(entries: entries), documents: documents, options: options,
                        deliver: { $0 })
    }

    /// The files of the search index of entries already collected (numbered in order; each entry's
    /// `document` is a position in `documents`). Shards go through `deliver` a batch at a time as they are
    /// encoded (`docgen build` writes them and keeps only their paths: 50 MB of shards on 2,000 documents).
    static func files(entries: [SearchEntry], documents: [Document], options: SearchIndexOptions,
                      deliver: ([OutputFile]) throws -> [OutputFile] = { $0 }) rethrows -> [OutputFile] {
        try assemble(entries, dictionary: SearchTermDictionary(entries: entries), documents: documents, options: options,
                     deliver: deliver).files
    }

    /// The files of the search index of `records` whose terms are already in `dictionary` (`SearchTermDictionary.Builder`,
    /// entries added in the order of `records`): a build adds each document's entries as they are collected and keeps
    /// only what the records show (their `terms` may be empty).
    static func files(records: [SearchEntry], dictionary: SearchTermDictionary, documents: [Document], options: SearchIndexOptions,
                      deliver: ([OutputFile]) throws -> [OutputFile] = { $0 }) rethrows -> [OutputFile] {
        try assemble(records, dictionary: dictionary, documents: documents, options: options, deliver: deliver).files
    }

    /// The index of `entries` (numbered in order) with the dictionary of their terms.
    private static func assemble(_ entries: [SearchEntry], dictionary: SearchTermDictionary, documents: [Document],
                                 options: SearchIndexOptions,
                                 deliver: ([OutputFile]) throws -> [OutputFile] = { $0 }) rethrows -> SearchIndex {
        let documentList = SearchJSON.list(documents.map { SearchJSON.array([$0.title, $0.outputPath]) })
        let stopWords = SearchJSON.array(SearchTokenizer.stopWords.sorted())

        // Small sites: everything in one file (not even tried when the records are far too large:
        // the estimate may exceed their encoded size, which shortens anchors, but never twice over).
        let estimatedRecords = entries.reduce(0) { $0 + SearchRecordChunk.estimatedSize($1) }
        if estimatedRecords / 2 <= options.inlineLimit {
            let inlineManifest = SearchJSON.object([
                ("v", "1"), ("d", documentList), ("s", stopWords), ("k", SearchJSON.array([""])),
                ("c", SearchJSON.array([0, entries.count])),
                ("t", SearchJSON.list([SearchTermDictionary.shardJSON(dictionary.terms[...])])),
                ("r", SearchJSON.list([SearchRecordChunk.json(entries[...])])),
            ])
            let inline = script(assigning: "window.docgenSearchIndex", inlineManifest)
            if inline.utf8.count <= options.inlineLimit {
                return SearchIndex(files: try deliver([OutputFile(path: indexPath, text: inline)]), entryCount: entries.count,
                                   termCount: dictionary.terms.count, termShardCount: 0, recordChunkCount: 0)
            }
        }

        // Large sites: a manifest, term shards and record chunks.
        let shards = SearchShardPlanner.termShards(dictionary.terms, size: options.shardSize,
                                                   maximumKeyLength: options.maximumShardKeyLength)
        let chunks = SearchShardPlanner.recordChunks(sizes: entries.map(SearchRecordChunk.estimatedSize),
                                                     documents: entries.map(\.document), size: options.recordChunkSize)
        let manifest = SearchJSON.object([
            ("v", "1"), ("d", documentList), ("s", stopWords), ("k", SearchJSON.array(shards.map(\.key))),
            ("c", SearchJSON.array(chunks)),
        ])
        // The shards and chunks are encoded in parallel (on large sites they are most of this step), a batch
        // at a time, each delivered before the next is made.
        var files = try deliver([OutputFile(path: indexPath, text: script(assigning: "window.docgenSearchIndex", manifest))])
        let batchSize = 64
        for start in stride(from: 0, to: shards.count, by: batchSize) {
            files += try deliver(Array(start..<min(start + batchSize, shards.count)).concurrentMap { number in
                shardFile("t\(number)", SearchTermDictionary.shardJSON(dictionary.terms[shards[number].range]))
            })
        }
        for start in stride(from: 0, to: chunks.count - 1, by: batchSize) {
            files += try deliver(Array(start..<min(start + batchSize, chunks.count - 1)).concurrentMap { number in
                shardFile("r\(number)", SearchRecordChunk.json(entries[chunks[number]..<chunks[number + 1]]))
            })
        }
        return SearchIndex(files: files, entryCount: entries.count, termCount: dictionary.terms.count,
                           termShardCount: shards.count, recordChunkCount: chunks.count - 1)
    }

    // MARK: - Encoding

    private static func script(assigning variable: String, _ json: String) -> String {
        "/* docgen search index: see SearchIndexBuilder.swift */\n\(variable)=\(json);\n"
    }

    private static func shardFile(_ name: String, _ json: String) -> OutputFile {
        OutputFile(path: shardFolder + name + ".js",
                   text: "(window.docgenSearchShards=window.docgenSearchShards||{})[\"\(name)\"]=\(json);\n")
    }
}
