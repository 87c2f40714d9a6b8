// MARK: - Search index options

/// Limits that keep the search index compact.
public struct SearchIndexOptions: Sendable, Hashable {
    /// Characters of a section's text whose words are indexed (cut at a word boundary).
    public var indexedCharacters: Int
    /// Characters of a section's text kept for display under the result.
    public var excerptCharacters: Int
    /// Characters of a rule's text kept for display (all of it is indexed).
    public var ruleCharacters: Int
    /// Identifiers of an example kept for display (all of them are indexed).
    public var shownIdentifiers: Int
    /// Below this many bytes the whole index goes into `search-index.js`; above, it is split into
    /// shards that the search script loads when a query needs them.
    public var inlineLimit: Int
    /// Target size in bytes of one term shard of a split index.
    public var shardSize: Int
    /// Target size in bytes of one record chunk of a split index (a query loads the chunks of its best
    /// results only, so chunks are smaller than term shards).
    public var recordChunkSize: Int
    /// Longest term prefix a term shard is keyed by (`s`, then `se`, `sea` when a letter is too big).
    public var maximumShardKeyLength: Int

    /// Creates options; the defaults suit sites from one to thousands of documents.
    public init(indexedCharacters: Int = 2_000, excerptCharacters: Int = 160, ruleCharacters: Int = 280,
                shownIdentifiers: Int = 16, inlineLimit: Int = 64 * 1024, shardSize: Int = 24 * 1024,
                recordChunkSize: Int = 8 * 1024, maximumShardKeyLength: Int = 3) {
        self.indexedCharacters = indexedCharacters
        self.excerptCharacters = excerptCharacters
        self.ruleCharacters = ruleCharacters
        self.shownIdentifiers = shownIdentifiers
        self.inlineLimit = inlineLimit
        self.shardSize = shardSize
        self.recordChunkSize = recordChunkSize
        self.maximumShardKeyLength = maximumShardKeyLength
    }
}
