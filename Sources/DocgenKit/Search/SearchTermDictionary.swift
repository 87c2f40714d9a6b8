// MARK: - Terms and postings

/// The inverted index: every term, sorted, with the entries it occurs in.
///
/// Encoding (read by `Theme/assets/search.js`):
/// - **terms** are front-coded in one string: each term is one base-36 digit giving the number of
///   UTF-16 code units it shares with the previous term, then the rest of the term; terms are separated
///   by `,` (which no term contains). Terms are sorted by UTF-16 code units, as JavaScript compares strings.
/// - **postings** of a term are base-36 numbers separated by `,`; each is `gap * 4 + fields`, where `gap`
///   is the entry number minus the previous entry number of the list (the first is the entry number
///   itself) and `fields` is 1 (title), 2 (body) or 3 (both). The lists of the terms are separated by `;`.
struct SearchTermDictionary: Sendable {
    /// One term with its encoded postings.
    struct Term: Sendable, Hashable {
        /// The term.
        var text: String
        /// Its postings, encoded.
        var postings: String
    }

    /// Every term in UTF-16 order.
    var terms: [Term]

    /// Builds the dictionary of `entries`, numbered from 0 in the order given.
    init(entries: [SearchEntry]) {
        var builder = Builder()
        for entry in entries { builder.add(entry) }
        self = builder.dictionary()
    }

    /// Collects the postings of entries added one after the other (numbered from 0 in that order), so that a
    /// build need not keep every entry's terms until the dictionary is made: on 2,000 documents the entries
    /// with their terms were a quarter of a build's memory, their postings are a tenth of that.
    struct Builder {
        /// Each term's postings in entry order (`PostingList`).
        private var lists: [String: PostingList] = [:]
        /// The number the next entry gets.
        private(set) var entryCount = 0

        /// Adds the terms of the next entry. An index holds fewer than 2³⁰ entries (`search.js` reads each posting
        /// with `>> 2`, a 32-bit operation; a billion entries would not fit in memory anyway).
        mutating func add(_ entry: SearchEntry) {
            precondition(entryCount < 1 << 30, "a search index holds fewer than 2^30 entries")
            let number = entryCount
            for (term, fields) in entry.terms {
                lists[term, default: PostingList()].append(entry: number, fields: fields & 3)
            }
            entryCount += 1
        }

        /// The dictionary of the entries added.
        consuming func dictionary() -> SearchTermDictionary {
            var terms: [Term] = []
            terms.reserveCapacity(lists.count)
            for (term, list) in lists {
                // The numbers in base 36, comma-separated, written as bytes (a String per number cost more than the rest).
                var bytes: [UInt8] = []
                bytes.reserveCapacity(list.bytes.count * 2)
                list.forEachValue { value in
                    if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
                    SearchTermDictionary.appendBase36(value, to: &bytes)
                }
                terms.append(Term(text: term, postings: String(decoding: bytes, as: UTF8.self)))
            }
            lists = [:]
            terms.sort { SearchTermDictionary.precedes($0.text, $1.text) }
            return SearchTermDictionary(sortedTerms: terms)
        }
    }

    /// One term's postings as they are written, `gap * 4 + fields` (see the type's documentation), each stored as a
    /// LEB128 varint (`BinaryWriter.unsigned`): most gaps take one byte instead of the four of a 32-bit number. On
    /// 2,000 documents the postings of every entry were 25 MB as 32-bit numbers, held for the whole search step.
    struct PostingList {
        private var writer = BinaryWriter()
        /// The entry number of the last posting.
        private var last = 0

        /// The encoded values.
        var bytes: [UInt8] { writer.bytes }

        /// Appends the posting of `entry` (not before the last one appended) found in `fields` (1, 2 or 3).
        mutating func append(entry: Int, fields: Int) {
            writer.unsigned(UInt64((entry - last) * 4 + fields))
            last = entry
        }

        /// Calls `body` with each value, in order.
        func forEachValue(_ body: (Int) -> Void) {
            var reader = BinaryReader(writer.bytes)
            // Its own writer's whole numbers: a read never fails, and `try?` only ends the loop if one did.
            while !reader.isAtEnd, let value = try? reader.unsigned() {
                body(Int(value))
            }
        }
    }

    private static let base36Digits = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    /// `String(value, radix: 36)` (lowercase digits) appended as bytes; `value` is not negative.
    static func appendBase36(_ value: Int, to bytes: inout [UInt8]) {
        var remaining = value
        let start = bytes.count
        repeat {
            bytes.append(base36Digits[remaining % 36])
            remaining /= 36
        } while remaining > 0
        bytes[start...].reverse()
    }

    /// Creates a dictionary from terms already in order.
    init(sortedTerms: [Term]) {
        terms = sortedTerms
    }

    /// The shard object `{"t":"<front-coded terms>","p":"<postings>"}` of `terms`.
    static func shardJSON(_ terms: ArraySlice<Term>) -> String {
        SearchJSON.object([
            ("t", SearchJSON.string(frontCoded(terms.map(\.text)))),
            ("p", SearchJSON.string(terms.map(\.postings).joined(separator: ";"))),
        ])
    }

    /// Front-codes sorted terms (see the type's documentation).
    static func frontCoded(_ terms: [String]) -> String {
        var parts: [String] = []
        parts.reserveCapacity(terms.count)
        var previous = ""
        for term in terms {
            let (shared, rest) = commonPrefix(previous, term)
            parts.append(String(min(shared, 35), radix: 36) + rest)
            previous = term
        }
        return parts.joined(separator: ",")
    }

    /// Reverses `frontCoded` (for tests and tools).
    static func decodeFrontCoded(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var terms: [String] = []
        var previous: [UInt16] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let digit = part.first, let shared = Int(String(digit), radix: 36) else { continue }
            let units = Array(previous.prefix(shared)) + Array(part.dropFirst().utf16)
            terms.append(String(decoding: units, as: UTF16.self))
            previous = units
        }
        return terms
    }

    /// Whether `lhs` sorts before `rhs` by UTF-16 code units (JavaScript's order).
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
    }

    /// The length in UTF-16 units of the common prefix of whole scalars (capped at 35 by the caller),
    /// and the rest of `term` after the part that will be taken from the previous term.
    private static func commonPrefix(_ previous: String, _ term: String) -> (Int, String) {
        var shared = 0
        var scalarsShared = 0
        for (left, right) in zip(previous.unicodeScalars, term.unicodeScalars) {
            guard left == right else { break }
            let width = UTF16.width(right)
            if shared + width > 35 { break }
            shared += width
            scalarsShared += 1
        }
        var rest = String.UnicodeScalarView()
        rest.append(contentsOf: term.unicodeScalars.dropFirst(scalarsShared))
        return (shared, String(rest))
    }
}
