import Foundation
import Testing
@testable import DocgenKit

/// Paths to the repository's test fixtures and real content, found from this source file's location.
enum Fixtures {
    /// The repository root.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Tests/Fixtures`.
    static let directory = root.appendingPathComponent("Tests/Fixtures")
    /// The real `Content/` folder.
    static let content = root.appendingPathComponent("Content")
    /// The real `Theme/` folder.
    static let theme = root.appendingPathComponent("Theme")

    /// Reads a fixture file as UTF-8.
    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// The five real convention documents.
    static var contentFiles: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: content.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { content.appendingPathComponent($0) }
    }

    /// A fresh temporary directory, removed by the caller's `defer`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("docgen-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A temporary content folder for build-cache tests: `write` puts a document in it, `options` builds it
    /// into `site/` with the caches in `cache/`. Remove `temp` in a `defer`.
    struct CachedContent {
        let temp: URL
        let content: URL
        let options: BuildOptions

        init(_ documents: [(name: String, text: String)]) throws {
            temp = try Fixtures.temporaryDirectory()
            content = temp.appendingPathComponent("Content")
            try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
            var options = BuildOptions(contentDirectory: content, outputDirectory: temp.appendingPathComponent("site"))
            options.cacheDirectory = temp.appendingPathComponent("cache")
            self.options = options
            for (name, text) in documents { try write(text, name) }
        }

        func write(_ text: String, _ name: String) throws {
            try text.write(to: content.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }

    /// The files of the site at `reference` (docgen's own `.docgen*` files aside), and those of them whose bytes
    /// differ in the site at `site`.
    static func siteDifferences(_ site: URL, from reference: URL) throws -> (compared: Int, differing: [String]) {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: reference.path).filter { path in
            var isDirectory: ObjCBool = false
            return !path.hasPrefix(".docgen")
                && FileManager.default.fileExists(atPath: reference.appendingPathComponent(path).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
        let differing = paths.filter {
            FileManager.default.contents(atPath: site.appendingPathComponent($0).path)
                != FileManager.default.contents(atPath: reference.appendingPathComponent($0).path)
        }
        return (paths.count, differing)
    }
}

/// One example of the GFM spec: Markdown and the HTML cmark-gfm is expected to produce.
struct SpecExample: Sendable, CustomTestStringConvertible {
    let file: String
    let number: Int
    let line: Int
    let markdown: String
    let html: String
    let extensions: [String]

    var testDescription: String { "\(file) example \(number) (line \(line))" }

    /// Parses `spec.txt`-style files: a fence of 32 backticks + ` example`, Markdown, `.`, HTML, fence.
    static func load(_ file: String) throws -> [SpecExample] {
        let text = try Fixtures.text("gfm-spec/\(file)")
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var state = 0  // 0 outside, 1 markdown, 2 html
        var markdown = "", html = "", startLine = 0, extensions: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if state == 0, line.hasPrefix(fence + " example") {
                state = 1; markdown = ""; html = ""; startLine = index + 1
                extensions = line.dropFirst(fence.count + 8).split(separator: " ").map(String.init)
            } else if state == 1, line == "." {
                state = 2
            } else if state == 2, line == fence {
                state = 0
                examples.append(SpecExample(
                    file: file, number: examples.count + 1, line: startLine,
                    markdown: markdown.replacingOccurrences(of: "→", with: "\t"),
                    html: html.replacingOccurrences(of: "→", with: "\t"), extensions: extensions))
            } else if state == 1 {
                markdown += line + "\n"
            } else if state == 2 {
                html += line + "\n"
            }
        }
        return examples
    }
}
