import Foundation
import Testing
@testable import DocgenKit

/// `TreeRemover` deletes a folder and everything in it, and nothing a symbolic link inside points to.
@Suite struct TreeRemoverTests {
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
