import Foundation
import Testing
@testable import DocgenKit

/// `TreeRemover` deletes a folder and everything in it, and nothing a symbolic link inside points to.
@Suite struct TreeRemoverTests {
    @Test func aFolderOfManyNamesOfEveryLengthIsReadExactly() throws {
        // `readdir` packs records as long as their names into one buffer (32 KB in glibc): the last record of a full
        // buffer ends near its end, where reading a whole 256-byte name field overran it (AddressSanitizer, in CI).
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        var expected: Set<String> = []
        for index in 0..<1_500 {
            let name = String(index) + "-" + String(repeating: index % 3 == 0 ? "é" : "x", count: index % 120)
            try Data().write(to: temp.appendingPathComponent(name))
            expected.insert(name)
        }
        try FileManager.default.createDirectory(at: temp.appendingPathComponent("folder"), withIntermediateDirectories: true)
        let entries = try #require(DirectoryEntries.read(temp.path))
        #expect(Set(entries.filter { !$0.isDirectory }.map(\.name)) == expected)
        #expect(entries.filter(\.isDirectory).map(\.name) == ["folder"])
        #expect(entries.count == expected.count + 1)
    }

    @Test func aFolderGoesWithEverythingInItButNotWhatItsLinksPointTo() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let outside = temp.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "keep".write(to: outside.appendingPathComponent("kept.txt"), atomically: true, encoding: .utf8)

        let site = temp.appendingPathComponent("site")
        for folder in ["a/b/c", "empty", "snippets/dóc 👩‍💻"] {
            try FileManager.default.createDirectory(at: site.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for (index, file) in ["index.html", "a/b/c/deep.txt", "snippets/dóc 👩‍💻/x.swift", ".hidden"].enumerated() {
            try "\(index)".write(to: site.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(at: site.appendingPathComponent("a/to-outside"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: site.appendingPathComponent("to-file"),
                                                   withDestinationURL: outside.appendingPathComponent("kept.txt"))
        try TreeRemover.remove(site.path)
        #expect(!FileManager.default.fileExists(atPath: site.path))
        #expect(try String(contentsOf: outside.appendingPathComponent("kept.txt"), encoding: .utf8) == "keep")
        // Gone already: not an error. A single file or link goes too.
        try TreeRemover.remove(site.path)
        let link = temp.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
        try TreeRemover.remove(link.path)
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("kept.txt").path))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil)
    }
}
