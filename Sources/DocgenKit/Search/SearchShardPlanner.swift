// MARK: - Splitting a large index

/// Decides how a split index is cut: term shards keyed by a prefix, and record chunks of whole entries.
enum SearchShardPlanner {
    /// A term shard: the terms starting with `key` (or, for a shard left over after its key was split
    /// further, the terms equal to `key`). A query word needs every shard whose key starts with the word
    /// or that the word starts with.
    struct TermShard: Sendable, Hashable {
        /// The common prefix of the shard's terms.
        var key: String
        /// Positions in the dictionary's term list (contiguous, since terms are sorted).
        var range: Range<Int>
    }

    /// Cuts sorted `terms` into shards of about `size` bytes: one per first character, and a first
    /// character whose terms are too many is cut again by its first two characters, and so on up to
    /// `maximumKeyLength` characters.
    static func termShards(_ terms: [SearchTermDictionary.Term], size: Int, maximumKeyLength: Int) -> [TermShard] {
        var shards: [TermShard] = []
        split(terms, range: 0..<terms.count, prefixLength: 0, size: size, maximumKeyLength: maximumKeyLength, into: &shards)
        return shards
    }

    /// Cuts the entries of each document into chunks of about `size` bytes (never across documents, and
    /// never inside an entry), given each entry's size. Returns the first entry number of each chunk and
    /// the number of entries at the end.
    static func recordChunks(sizes: [Int], documents: [Int], size: Int) -> [Int] {
        var starts: [Int] = []
        var bytes = 0
        for (number, entrySize) in sizes.enumerated() {
            let newDocument = number == 0 || documents[number] != documents[number - 1]
            if newDocument || bytes + entrySize > size {
                starts.append(number)
                bytes = 0
            }
            bytes += entrySize
        }
        starts.append(sizes.count)
        return starts
    }

    // MARK: - Helpers

    private static func split(_ terms: [SearchTermDictionary.Term], range: Range<Int>, prefixLength: Int, size: Int,
                              maximumKeyLength: Int, into shards: inout [TermShard]) {
        guard !range.isEmpty else { return }
        let bytes = terms[range].reduce(0) { $0 + $1.text.utf8.count + $1.postings.utf8.count + 2 }
        if prefixLength > 0, bytes <= size || prefixLength >= maximumKeyLength {
            shards.append(TermShard(key: prefix(terms[range.lowerBound].text, prefixLength), range: range))
            return
        }
        // Terms as long as the prefix itself sort first and stay in a shard keyed by the prefix.
        var start = range.lowerBound
        if prefixLength > 0 {
            var end = start
            while end < range.upperBound, terms[end].text.count <= prefixLength { end += 1 }
            if end > start {
                shards.append(TermShard(key: prefix(terms[start].text, prefixLength), range: start..<end))
            }
            start = end
        }
        while start < range.upperBound {
            let key = prefix(terms[start].text, prefixLength + 1)
            var end = start + 1
            while end < range.upperBound, prefix(terms[end].text, prefixLength + 1) == key { end += 1 }
            split(terms, range: start..<end, prefixLength: prefixLength + 1, size: size,
                  maximumKeyLength: maximumKeyLength, into: &shards)
            start = end
        }
    }

    private static func prefix(_ text: String, _ length: Int) -> String {
        String(text.prefix(length))
    }
}
