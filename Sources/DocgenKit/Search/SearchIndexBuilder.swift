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
        return index(of: entries, documents: documents, options: options, deliver: { $0 })
    }

    /// The files of the search index of entries already collected (numbered in order; each entry's
    /// `document` is a position in `documents`). Shards go through `deliver` a batch at a time as they are
    /// encoded (`docgen build` writes them and keeps only their paths: 50 MB of shards on 2,000 documents).
    static func files(entries: [SearchEntry], documents: [Document], options: SearchIndexOptions,
                      deliver: ([OutputFile]) throws -> [OutputFile] = { $0 }) rethrows -> [OutputFile] {
        try index(of: entries, documents: documents, options: options, deliver: deliver).files
    }

    /// The index of entries all collected (one `Stream` fed everything at once).
    private static func index(of entries: [SearchEntry], documents: [Document], options: SearchIndexOptions,
                              deliver: ([OutputFile]) throws -> [OutputFile]) rethrows -> SearchIndex {
        var stream = Stream(documents: documents, options: options)
        try stream.add(entries, deliver: deliver)
        return try stream.finish(deliver: deliver)
    }

    // MARK: - Building from the entries of document after document

    /// Makes the index from the entries of one batch of whole documents after another, so that a build never holds
    /// every entry: terms go into the postings as they come, and records are kept only while the index may still be
    /// one file (small sites); once it cannot be, each batch's records are written as record chunks at once (a record
    /// chunk never spans two documents, so each batch's chunks are those of the whole index). On 2,000 documents the
    /// records of every entry were 74 MB.
    struct Stream {
        private let documents: [Document]
        private let options: SearchIndexOptions
        private var postings = SearchTermDictionary.Builder()
        /// Records not yet written to a chunk: every record while the index may be one file, else the last batch's.
        private var pending: [SearchEntry] = []
        private var pendingSize = 0
        /// Whether records go into chunk files (the index is too large for `search-index.js` alone).
        private var isSplit = false
        /// First entry number of each chunk written, and the files.
        private var chunkStarts: [Int] = []
        private var chunkFiles: [OutputFile] = []
        /// Entries in the chunks written.
        private var written = 0

        /// A stream for an index of `documents` (entries' `document` numbers are positions in it).
        init(documents: [Document], options: SearchIndexOptions) {
            self.documents = documents
            self.options = options
        }

        /// Adds the entries of one or more whole documents, following those added before; record chunks that can
        /// be made go through `deliver`.
        mutating func add(_ entries: [SearchEntry], deliver: ([OutputFile]) throws -> [OutputFile]) rethrows {
            for var entry in entries {
                postings.add(entry)
                entry.terms = [:]
                pendingSize += SearchRecordChunk.estimatedSize(entry)
                pending.append(entry)
            }
            // Small sites: everything in one file; not even tried when the records are far too large (the estimate
            // may exceed their encoded size, which shortens anchors, but never twice over).
            if !isSplit, pendingSize / 2 > options.inlineLimit { isSplit = true }
            if isSplit { try writeChunks(deliver: deliver) }
        }

        /// The index: `search-index.js` alone for small sites, else a manifest with term shards and record chunks.
        mutating func finish(deliver: ([OutputFile]) throws -> [OutputFile]) rethrows -> SearchIndex {
            let dictionary = postings.dictionary()
            // Making the dictionary freed every posting list.
            AllocatorTuning.releaseFreeMemory()
            let documentList = SearchJSON.list(documents.map { SearchJSON.array([$0.title, $0.outputPath]) })
            let stopWords = SearchJSON.array(SearchTokenizer.stopWords.sorted())
            if !isSplit {
                let inlineManifest = SearchJSON.object([
                    ("v", "1"), ("d", documentList), ("s", stopWords), ("k", SearchJSON.array([""])),
                    ("c", SearchJSON.array([0, pending.count])),
                    ("t", SearchJSON.list([SearchTermDictionary.shardJSON(dictionary.terms[...])])),
                    ("r", SearchJSON.list([SearchRecordChunk.json(pending[...])])),
                ])
                let inline = SearchIndexBuilder.script(assigning: "window.docgenSearchIndex", inlineManifest)
                if inline.utf8.count <= options.inlineLimit {
                    return SearchIndex(files: try deliver([OutputFile(path: indexPath, text: inline)]), entryCount: pending.count,
                                       termCount: dictionary.terms.count, termShardCount: 0, recordChunkCount: 0)
                }
                isSplit = true
            }
            try writeChunks(deliver: deliver)

            let shards = SearchShardPlanner.termShards(dictionary.terms, size: options.shardSize,
                                                       maximumKeyLength: options.maximumShardKeyLength)
            let manifest = SearchJSON.object([
                ("v", "1"), ("d", documentList), ("s", stopWords), ("k", SearchJSON.array(shards.map(\.key))),
                ("c", SearchJSON.array(chunkStarts + [written])),
            ])
            var files = try deliver([OutputFile(path: indexPath, text: SearchIndexBuilder.script(assigning: "window.docgenSearchIndex", manifest))])
            // Term shards are encoded in parallel, a batch at a time, each delivered before the next is made; the memory
            // the batches free is given back every few batches (on 2,000 documents resident memory otherwise grew by
            // 10 MB over them, to the build's peak).
            let pacer = AllocatorTuning.Pacer(every: 4)
            for start in stride(from: 0, to: shards.count, by: Self.batchSize) {
                files += try deliver(Array(start..<min(start + Self.batchSize, shards.count)).concurrentMap { number in
                    SearchIndexBuilder.shardFile("t\(number)", SearchTermDictionary.shardJSON(dictionary.terms[shards[number].range]))
                })
                pacer.tick()
            }
            return SearchIndex(files: files + chunkFiles, entryCount: written, termCount: dictionary.terms.count,
                               termShardCount: shards.count, recordChunkCount: chunkStarts.count)
        }

        private static let batchSize = 64

        /// Writes the pending records as record chunks (encoded in parallel, a batch at a time), numbered after those
        /// written before.
        private mutating func writeChunks(deliver: ([OutputFile]) throws -> [OutputFile]) rethrows {
            let records = pending, first = chunkStarts.count
            let starts = SearchShardPlanner.recordChunks(sizes: records.map(SearchRecordChunk.estimatedSize),
                                                         documents: records.map(\.document), size: options.recordChunkSize)
            for start in stride(from: 0, to: starts.count - 1, by: Self.batchSize) {
                chunkFiles += try deliver(Array(start..<min(start + Self.batchSize, starts.count - 1)).concurrentMap { number in
                    SearchIndexBuilder.shardFile("r\(first + number)", SearchRecordChunk.json(records[starts[number]..<starts[number + 1]]))
                })
            }
            chunkStarts += starts.dropLast().map { $0 + written }
            written += records.count
            pending = []
            pendingSize = 0
        }
    }

    // MARK: - Encoding

    fileprivate static func script(assigning variable: String, _ json: String) -> String {
        "/* docgen search index: see SearchIndexBuilder.swift */\n\(variable)=\(json);\n"
    }

    fileprivate static func shardFile(_ name: String, _ json: String) -> OutputFile {
        OutputFile(path: shardFolder + name + ".js",
                   text: "(window.docgenSearchShards=window.docgenSearchShards||{})[\"\(name)\"]=\(json);\n")
    }
}
