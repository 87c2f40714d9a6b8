import Foundation
import Testing
@testable import DocgenKit

/// Bad input gets a clear message naming the file (and line), never a crash.
@Suite struct BadInputTests {
    func content(_ files: [String: Data]) throws -> (temp: URL, content: URL) {
        let temp = try Fixtures.temporaryDirectory()
        let content = temp.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: content.appendingPathComponent(name)) }
        return (temp, content)
    }

    func diagnostics(_ content: URL) async throws -> [Diagnostic] {
        let output = content.deletingLastPathComponent().appendingPathComponent("_site")
        do {
            return try await SiteBuilder(options: BuildOptions(contentDirectory: content, outputDirectory: output, themeDirectory: Fixtures.theme)).build().diagnostics
        } catch SiteBuilder.Failure.invalidInput(let diagnostics, _) {
            #expect(!FileManager.default.fileExists(atPath: output.path), "a failed build wrote a site")
            return diagnostics
        }
    }

    @Test func missingContentFolder() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let options = BuildOptions(contentDirectory: temp.appendingPathComponent("Content"), outputDirectory: temp.appendingPathComponent("_site"))
        await #expect(throws: ContentLoader.Failure.self) { _ = try await SiteBuilder(options: options).build() }
        let message = ContentLoader.Failure.missingDirectory("Content").errorDescription ?? ""
        #expect(message.contains("'Content' does not exist") && message.contains("--content"))
    }

    @Test func invalidUTF8IsAnErrorWithItsByteOffset() async throws {
        let (temp, content) = try content(["bad.md": Data("# Title\n\nCaf".utf8) + Data([0xE9]) + Data(" au lait\n".utf8)])
        defer { try? FileManager.default.removeItem(at: temp) }
        let found = try await diagnostics(content)
        let error = try #require(found.first { $0.id == "content.encoding" })
        #expect(error.severity == .error)
        #expect(error.message.contains("invalid UTF-8 at byte offset 12"))
        #expect(error.formatted.hasPrefix("Content/bad.md:3:4: error:") || error.file.hasSuffix("Content/bad.md"))
        #expect(error.range?.start == SourcePosition(line: 3, column: 4))
    }

    @Test func utf16FilesAreRejectedWithAHint() async throws {
        let utf16 = Data([0xFF, 0xFE]) + "# Hi\n".data(using: .utf16LittleEndian)!
        let (temp, content) = try content(["wide.md": utf16])
        defer { try? FileManager.default.removeItem(at: temp) }
        let found = try await diagnostics(content)
        #expect(found.first { $0.id == "content.encoding" }?.message.contains("UTF-16") == true)
    }

    @Test func nulBytesAreRejected() async throws {
        let (temp, content) = try content(["nul.md": Data("# A\nx".utf8) + Data([0]) + Data("y\n".utf8)])
        defer { try? FileManager.default.removeItem(at: temp) }
        let error = try #require(try await diagnostics(content).first { $0.id == "content.encoding" })
        #expect(error.range?.start == SourcePosition(line: 2, column: 2))
        #expect(error.message.contains("NUL"))
    }

    @Test func emptyDocumentsAreSkippedWithAWarning() async throws {
        let (temp, content) = try content(["empty.md": Data(), "ok.md": Data("# OK\n".utf8)])
        defer { try? FileManager.default.removeItem(at: temp) }
        let found = try await diagnostics(content)
        #expect(found.map(\.id) == ["content.empty"])
        #expect(found.first?.severity == .warning)
        #expect(!FileManager.default.fileExists(atPath: temp.appendingPathComponent("_site/empty.html").path))
    }

    @Test func nonMarkdownFilesAreSkippedWithAWarning() async throws {
        let (temp, content) = try content(["notes.txt": Data("hi".utf8), "ok.md": Data("# OK\n".utf8)])
        defer { try? FileManager.default.removeItem(at: temp) }
        let found = try await diagnostics(content)
        #expect(found.map(\.id) == ["content.not-markdown"])
        #expect(found.first?.file.hasSuffix("notes.txt") == true)
    }

    @Test func malformedFrontMatterFailsTheBuildAtItsLine() async throws {
        let (temp, content) = try content(["fm.md": Data("---\ntitle: ok\nlist: [a, b\n---\n# T\n".utf8)])
        defer { try? FileManager.default.removeItem(at: temp) }
        let error = try #require(try await diagnostics(content).first)
        #expect(error.id == "front-matter.invalid")
        #expect(error.severity == .error)
        #expect((error.range?.start.line ?? 0) >= 3)
    }

    @Test(.enabled(if: getuid() != 0, "root can read any file, so permissions cannot make one unreadable"))
    func unreadableFilesAreErrors() async throws {
        let (temp, content) = try content(["secret.md": Data("# S\n".utf8)])
        defer { try? FileManager.default.removeItem(at: temp) }
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: content.appendingPathComponent("secret.md").path)
        let found = try await diagnostics(content)
        #expect(found.first?.id == "content.unreadable")
    }

    @Test func aPipeNamedLikeMarkdownIsSkippedNotRead() async throws {
        let (temp, content) = try content(["ok.md": Data("# OK\n".utf8)])
        defer { try? FileManager.default.removeItem(at: temp) }
        #expect(mkfifo(content.appendingPathComponent("pipe.md").path, 0o644) == 0)
        let found = try await diagnostics(content)
        #expect(found.map(\.id) == ["content.not-regular-file"])
    }

    @Test func symlinksLeadingOutsideAreNotFollowed() async throws {
        let (temp, content) = try content(["ok.md": Data("# OK\n".utf8)])
        defer { try? FileManager.default.removeItem(at: temp) }
        try "# Outside\n".write(to: temp.appendingPathComponent("outside.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("link.md").path,
                                                   withDestinationPath: temp.appendingPathComponent("outside.md").path)
        let found = try await diagnostics(content)
        #expect(found.map(\.id) == ["content.symlink-outside"])
    }

    @Test func aSymlinkLoopDoesNotHang() async throws {
        let (temp, content) = try content(["ok.md": Data("# OK\n".utf8)])
        defer { try? FileManager.default.removeItem(at: temp) }
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("loop").path, withDestinationPath: content.path)
        let found = try await diagnostics(content)
        #expect(!found.containsErrors)
    }
}
