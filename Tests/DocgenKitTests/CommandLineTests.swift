import Foundation
import Testing

/// Runs the built `docgen` binary as a user would: exit codes, messages, and a copy of the binary
/// elsewhere that still has its theme.
@Suite(.serialized) struct CommandLineTests {
    /// The `docgen` executable next to the test bundle (built by `swift build`/`swift test`).
    static var binary: URL { DocgenBinary.url }

    typealias Output = DocgenBinary.Output

    func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Output {
        try DocgenBinary.run(executable, arguments, in: directory)
    }

    @Test func theBinaryExists() {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build docgen first: swift build")
    }

    @Test func buildSucceedsAndACopiedBinaryCarriesItsTheme() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        // A folder with only Content/ (no Theme/) and the binary copied elsewhere.
        try FileManager.default.copyItem(at: Fixtures.content, to: temp.appendingPathComponent("Content"))
        let copy = temp.appendingPathComponent("bin/docgen")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.binary, to: copy)
        let result = try run(copy, ["build"], in: temp)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Built \(Fixtures.contentFiles.count) documents into _site/"))
        #expect(FileManager.default.fileExists(atPath: temp.appendingPathComponent("_site/assets/docgen.css").path))
        #expect(FileManager.default.fileExists(atPath: temp.appendingPathComponent("_site/index.html").path))
    }

    @Test func missingContentIsAUsageErrorWithExitTwo() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let result = try run(Self.binary, ["build"], in: temp)
        #expect(result.status == 2)
        #expect(result.stderr.contains("content folder 'Content' does not exist"))
    }

    @Test func contentErrorsExitOneAndNameFileAndLine() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = temp.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try "---\n- not a mapping\n---\n# T\n".write(to: content.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        let result = try run(Self.binary, ["build", "--content", "docs", "--output", "out"], in: temp)
        #expect(result.status == 1)
        #expect(result.stderr.contains("docs/a.md:2:1: error: front matter must be a YAML mapping"))
        #expect(!FileManager.default.fileExists(atPath: temp.appendingPathComponent("out").path))
    }

    @Test func aThemeErrorNamesTheTemplate() throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        try FileManager.default.createDirectory(at: temp.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try "# A\n".write(to: temp.appendingPathComponent("Content/a.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: temp.appendingPathComponent("Theme/templates"), withIntermediateDirectories: true)
        try "{{#x}}\n".write(to: temp.appendingPathComponent("Theme/templates/index.mustache"), atomically: true, encoding: .utf8)
        let result = try run(Self.binary, ["build"], in: temp)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Theme/templates/index.mustache:"))
    }
}
