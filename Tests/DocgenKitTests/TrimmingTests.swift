import Foundation
import Testing
@testable import DocgenKit

/// `trimming(_:)` and `consists(of:)` answer what Foundation's `trimmingCharacters(in:)` does.
@Suite struct TrimmingTests {
    static let sets: [CharacterSet] = [.whitespaces, .whitespacesAndNewlines, CharacterSet(charactersIn: ": "),
                                       CharacterSet(charactersIn: "\"'"), CharacterSet(charactersIn: "` ").union(.whitespaces)]

    static let hostile = ["", " ", "\t\n", "  a  ", "\u{A0}x\u{3000}", "\u{2028}line\u{2029}", " e\u{301} ", "👩‍💻 ",
                          " \u{301}", "'quoted'", "\"", ": label :", "`code` ", "\u{85}next\u{85}", "\r\n", "\u{FEFF} bom"]

    @Test func trimmingEqualsFoundationOnEveryLineOfTheContentAndOddText() throws {
        var lines = Self.hostile
        for url in Fixtures.contentFiles {
            lines += try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        }
        #expect(lines.count > 500)
        for set in Self.sets {
            for line in lines {
                #expect(line.trimming(set) == line.trimmingCharacters(in: set), "\(line.debugDescription)")
                #expect(line.dropFirst().trimming(set) == line.dropFirst().trimmingCharacters(in: set))
                #expect(line.consists(of: set) == line.trimmingCharacters(in: set).isEmpty)
            }
        }
    }
}
