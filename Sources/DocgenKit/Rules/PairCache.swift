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
///
/// A pair names its rules by position in the rules it was paired in (the key guarantees the same rules), so the
/// ids are not stored and come back sharing the rules' strings; terms and reasons are stored once each in a
/// table that pairs number into. On 500 documents (246,000 pairs) that made the file 62 MB → 13.6 MB.
struct PairCache: Sendable {
    static let kind = BlobCacheFile.Kind(magic: "docgen-pair-cache", format: 2)

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
                hasher.combine(strings: claim.terms)
            }
        }
        return hasher.hex
    }

    /// The pairs of `rules` stored at `url` under `key` (`key(rules)`); nil when the file has other pairs, or
    /// none, or cannot be read.
    static func pairs(at url: URL, key: String, rules: [Rule], stamp: String = BuildManifest.executableStamp) -> [RulePair]? {
        guard var reader = BlobCacheFile(contentsOf: url, kind: kind, stamp: stamp).reader(for: key) else { return nil }
        return try? decode(&reader, rules: rules)
    }

    /// Writes `pairs` of `rules` under `key` to `url` atomically (replacing the pairs stored before).
    static func write(_ pairs: [RulePair], of rules: [Rule], key: String, to url: URL,
                      stamp: String = BuildManifest.executableStamp) throws {
        try BlobCacheFile.write([(key, encode(pairs, of: rules))], to: url, kind: kind, stamp: stamp)
    }

    // MARK: - Encoding

    /// The table of strings, then per pair: each rule as its position, or -1 and its id when the pair carries no
    /// position of a rule with its id; kind; similarity; shared terms and reason as numbers in the table.
    static func encode(_ pairs: [RulePair], of rules: [Rule]) -> ArraySlice<UInt8> {
        var table = StringTable()
        var body = BinaryWriter()
        body.int(pairs.count)
        func rule(_ id: String, _ position: Int32) {
            let position = Int(position)
            if position >= 0, position < rules.count, rules[position].id == id {
                body.int(position)
            } else {
                body.int(-1)
                body.int(table.number(of: id))
            }
        }
        for pair in pairs {
            rule(pair.first, pair.firstPosition)
            rule(pair.second, pair.secondPosition)
            body.bool(pair.kind == .conflict)
            body.int(Int(Int64(bitPattern: pair.similarity.bitPattern)))
            body.int(pair.sharedTerms.count)
            for term in pair.sharedTerms { body.int(table.number(of: term)) }
            body.int(table.number(of: pair.reason))
        }
        var writer = BinaryWriter()
        writer.strings(table.strings)
        return (writer.bytes + body.bytes)[...]
    }

    private static func decode(_ reader: inout BinaryReader, rules: [Rule]) throws -> [RulePair] {
        let table = try reader.strings()
        func string() throws -> String {
            let number = try reader.int()
            guard table.indices.contains(number) else { throw BinaryReader.Failure.truncated }
            return table[number]
        }
        func rule() throws -> (id: String, position: Int32) {
            let position = try reader.int()
            if position == -1 { return (try string(), -1) }
            guard rules.indices.contains(position) else { throw BinaryReader.Failure.truncated }
            return (rules[position].id, Int32(position))
        }
        let count = try reader.int()
        guard count >= 0 else { throw BinaryReader.Failure.truncated }
        var pairs: [RulePair] = []
        pairs.reserveCapacity(min(count, 1_000_000))
        for _ in 0..<count {
            let (first, second) = (try rule(), try rule())
            let kind: RulePair.Kind = try reader.bool() ? .conflict : .related
            let similarity = Double(bitPattern: UInt64(bitPattern: Int64(try reader.int())))
            let termCount = try reader.int()
            guard termCount >= 0, termCount <= table.count else { throw BinaryReader.Failure.truncated }
            let terms = try (0..<termCount).map { _ in try string() }
            pairs.append(RulePair(first: first.id, second: second.id, kind: kind, similarity: similarity, sharedTerms: terms,
                                  reason: try string(), firstPosition: first.position, secondPosition: second.position))
        }
        return pairs
    }

    /// Strings numbered in the order first seen.
    private struct StringTable {
        private(set) var strings: [String] = []
        private var numbers: [UTF8Key: Int] = [:]

        mutating func number(of string: String) -> Int {
            let key = UTF8Key(string: string)
            if let known = numbers[key] { return known }
            numbers[key] = strings.count
            strings.append(string)
            return strings.count - 1
        }
    }

    /// A string compared and hashed by its UTF-8 bytes: `String`'s own hashing and comparison normalise non-ASCII text
    /// first, which for the reasons (curly quotes) made numbering the table 1.4 % of a cold build's samples on 500
    /// documents (0.7 % this way).
    private struct UTF8Key: Hashable {
        let string: String

        static func == (lhs: Self, rhs: Self) -> Bool {
            var (left, right) = (lhs.string, rhs.string)
            return left.withUTF8 { leftBytes in
                right.withUTF8 { rightBytes in
                    let count = leftBytes.count
                    guard count == rightBytes.count else { return false }
                    guard let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress else { return true }
                    return memcmp(leftStart, rightStart, count) == 0
                }
            }
        }

        func hash(into hasher: inout Hasher) {
            var string = string
            string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
}
