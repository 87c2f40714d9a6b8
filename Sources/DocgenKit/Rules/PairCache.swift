import Foundation

// MARK: - Rule pairs, kept between builds

/// The related and conflicting pairs of the last build's rules (`RuleLinker.pairsInParallel`), kept in one
/// file so that a build whose rules pair exactly as before (most edits change prose or examples, not rules)
/// does not pair them again.
///
/// Pairing compares every rule with the rules sharing its rarer words, across the whole catalogue: it was
/// the largest step of a build after one document changed. Its result depends only on the rules, in order,
/// and of each only on what `RuleLinker` reads: id, document, plain text, terms, strength, subject and
/// claims. The key hashes exactly those. The file is a `BlobCacheFile` with one entry (tied to the docgen
/// binary that wrote it; damaged or foreign means empty).
struct PairCache: Sendable {
    static let kind = BlobCacheFile.Kind(magic: "docgen-pair-cache", format: 1)

    /// The key of the pairs of `rules`.
    static func key(_ rules: [Rule]) -> String {
        var hasher = StableHasher()
        hasher.combine(rules.count)
        for rule in rules {
            for part in [rule.id, rule.document, rule.plainText, rule.strength.rawValue] { hasher.combine(part) }
            hasher.combine(strings: rule.terms)
            hasher.combine(rule.subject)
            hasher.combine(rule.claims.count)
            for claim in rule.claims {
                hasher.combine(claim.direction)
                hasher.combine(strings: claim.terms.sorted())
            }
        }
        return hasher.hex
    }

    /// The pairs stored at `url` under `key`; nil when the file has other pairs, or none, or cannot be read.
    static func pairs(at url: URL, key: String, stamp: String = BuildManifest.executableStamp) -> [RulePair]? {
        guard var reader = BlobCacheFile(contentsOf: url, kind: kind, stamp: stamp).reader(for: key) else { return nil }
        return try? decode(&reader)
    }

    /// Writes `pairs` under `key` to `url` atomically (replacing the pairs stored before).
    static func write(_ pairs: [RulePair], key: String, to url: URL, stamp: String = BuildManifest.executableStamp) throws {
        try BlobCacheFile.write([(key, encode(pairs))], to: url, kind: kind, stamp: stamp)
    }

    // MARK: - Encoding

    static func encode(_ pairs: [RulePair]) -> ArraySlice<UInt8> {
        var writer = BinaryWriter()
        writer.int(pairs.count)
        for pair in pairs {
            writer.string(pair.first)
            writer.string(pair.second)
            writer.bool(pair.kind == .conflict)
            writer.int(Int(Int64(bitPattern: pair.similarity.bitPattern)))
            writer.strings(pair.sharedTerms)
            writer.string(pair.reason)
        }
        return writer.bytes[...]
    }

    private static func decode(_ reader: inout BinaryReader) throws -> [RulePair] {
        let count = try reader.int()
        guard count >= 0 else { throw BinaryReader.Failure.truncated }
        var pairs: [RulePair] = []
        pairs.reserveCapacity(min(count, 1_000_000))
        for _ in 0..<count {
            let (first, second) = (try reader.string(), try reader.string())
            let kind: RulePair.Kind = try reader.bool() ? .conflict : .related
            let similarity = Double(bitPattern: UInt64(bitPattern: Int64(try reader.int())))
            pairs.append(RulePair(first: first, second: second, kind: kind, similarity: similarity,
                                  sharedTerms: try reader.strings(), reason: try reader.string()))
        }
        return pairs
    }
}
