import Foundation
import Testing
@testable import DocgenKit

/// The Foundation-free text helpers answer what Foundation does: `trimming(_:)` and `consists(of:)` as
/// `trimmingCharacters(in:)`, `NormativeClassifier.normalise` as `replacingOccurrences(of: "’", with: "'")`.
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

    @Test func collapsingSpacesOnScalarsEqualsTheCharacterLoop() throws {
        // `collapseSpacesOnCharacters` is the definition: runs of `Character.isWhitespace` become one space.
        var texts = Self.hostile + ["a — b", "“quoted”  text", "x \u{200D}y", "\u{0600} a", "\u{0600}  a", "a \u{1F3FB}b",
                                    "a \u{FE0F} b", "ก \u{0E33}", "tab\t\u{301}x", "\r\n\u{301}", "é  ü", "a\u{00A0} b",
                                    "emoji 👩‍💻  here", "end \u{20DD}"]
        for url in Fixtures.contentFiles {
            let text = try String(contentsOf: url, encoding: .utf8)
            texts += text.components(separatedBy: "\n\n") + [text]
        }
        var fast = 0
        for text in texts {
            let onCharacters = InlineMarkdown.collapseSpacesOnCharacters(text)
            if let onScalars = InlineMarkdown.collapseSpacesOnScalars(text) {
                fast += 1
                #expect(onScalars == onCharacters, "\(text.prefix(80).debugDescription)")
            }
            #expect(InlineMarkdown.collapseSpaces(text) == onCharacters)
        }
        #expect(fast > texts.count / 2)  // most text takes the scalar path
    }

    @Test func fastCharacterClassesEqualTheStandardOnes() {
        for value in 0..<0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            #expect(character.isLetterFast == character.isLetter)
            #expect(character.isWhitespaceFast == character.isWhitespace)
            #expect(scalar.isWhitespaceFast == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
        #expect(Character("\r\n").isWhitespaceFast)
    }

    @Test func curlyApostrophesAreStraightenedAsFoundationDoes() throws {
        var lines = Self.hostile + ["don’t", "’’", "it’\u{301}s", "’ leading", "trailing ’", "mixed ’ and — dash"]
        for url in Fixtures.contentFiles {
            lines += try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        }
        #expect(lines.contains { $0.contains("’") })
        for line in lines {
            let foundation = line.replacingOccurrences(of: "’", with: "'").trimmingCharacters(in: .whitespacesAndNewlines)
            let ours = NormativeClassifier.normalise(line)
            // `normalise` trims Character white space, which equals the Unicode set on text without odd marks.
            if !line.unicodeScalars.contains(where: { $0.properties.generalCategory == .nonspacingMark }) {
                #expect(ours == foundation, "\(line.debugDescription)")
            }
        }
        #expect(NormativeClassifier.normalise(" don’t ") == "don't")
        #expect(NormativeClassifier.normalise("it’\u{301}s") == "it’\u{301}s".replacingOccurrences(of: "’", with: "'"))
    }
}
