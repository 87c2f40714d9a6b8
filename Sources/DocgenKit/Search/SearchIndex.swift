import Foundation

// MARK: - A built search index

/// The files of a search index and what they hold.
public struct SearchIndex: Sendable {
    /// `search-index.js`, then the shards of a split index.
    public var files: [OutputFile]
    /// Documents, sections, rules and examples indexed.
    public var entryCount: Int
    /// Distinct terms.
    public var termCount: Int
    /// Term shards under `search/` (0 when everything is in `search-index.js`).
    public var termShardCount: Int
    /// Record chunks under `search/` (0 when everything is in `search-index.js`).
    public var recordChunkCount: Int

    /// Whether the index is split into shards.
    public var isSplit: Bool { termShardCount > 0 }

    /// Bytes of all files together.
    public var totalBytes: Int { files.reduce(0) { $0 + $1.data.count } }

    /// Bytes of `search-index.js`, the part every search loads.
    public var manifestBytes: Int { files.first?.data.count ?? 0 }
}
