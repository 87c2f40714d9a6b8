import Foundation
import Testing
@testable import DocgenKit

/// The postings of the search index's terms are kept as variable-length numbers while the entries are added
/// (`SearchTermDictionary.PostingList`) and written in base 36 when the dictionary is made: gaps of every size,
/// up to entry numbers far beyond what the five documents have, must come out as the documented encoding.
@Suite struct SearchPostingTests {
    @Test func aPostingListGivesBackEveryGapAndFieldsWhateverTheirSize() {
        // Gaps that take 1, 2, 3 and 4 bytes (values up to 7, 14, 21 and 28 bits).
        let postings = [(0, 1), (1, 3), (31, 2), (32, 2), (4_127, 1), (4_128, 3), (600_000, 2), (30_000_000, 1)]
        var list = SearchTermDictionary.PostingList()
        for (entry, fields) in postings { list.append(entry: entry, fields: fields) }
        var values: [Int] = []
        list.forEachValue { values.append($0) }
        var previous = 0
        let expected = postings.map { entry, fields in
            defer { previous = entry }
            return (entry - previous) * 4 + fields
        }
        #expect(values == expected)
        #expect(list.bytes.count == 1 + 1 + 1 + 2 + 2 + 1 + 3 + 4)
    }

    @Test func theDictionaryWritesEachTermsPostingsInBase36() {
        // 20,000 entries: "every" is in all of them, "rare" in three, far apart, once in the title and the body.
        var builder = SearchTermDictionary.Builder()
        let rare = [0: 3, 5_000: 2, 19_999: 1]
        for number in 0..<20_000 {
            var terms = ["every": 2]
            if let fields = rare[number] { terms["rare"] = fields }
            builder.add(SearchEntry(kind: .section, document: 0, title: "", text: "", anchor: "", path: [], detail: "", terms: terms))
        }
        let terms = builder.dictionary().terms
        #expect(terms.map(\.text) == ["every", "rare"])
        let base36 = { (value: Int) in String(value, radix: 36) }
        #expect(terms[1].postings == [base36(0 * 4 + 3), base36(5_000 * 4 + 2), base36(14_999 * 4 + 1)].joined(separator: ","))
        #expect(terms[0].postings == ([base36(2)] + Array(repeating: base36(4 + 2), count: 19_999)).joined(separator: ","))
    }
}
