import Foundation
import Testing
@testable import DocgenKit

/// Helpers shared by the `docgen check` tests.
enum CheckSupport {
    /// Analyses Markdown text as the document `path` of a `Content/` folder.
    static func analyze(_ text: String, path: String = "guide.md") -> (Document, [Diagnostic]) {
        DocumentAnalyzer.analyze(SourceFile(relativePath: path, displayPath: "Content/" + path, text: text))
    }

    /// The 1-based line of the first line of `text` containing `needle`.
    static func line(of needle: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) }.map { $0 + 1 }
    }

    /// The toolchain's compiler (found as `docgen check` finds it: SWIFTC, then swiftc on PATH).
    static func compiler() throws -> SwiftCompiler {
        try SwiftCompiler.locate(explicit: nil)
    }

    /// What the real `swiftc -parse -swift-version 6 -diagnostic-style llvm snippet.swift` (the driver, not
    /// docgen's batching) says about `code`: exit status and messages. The oracle for the batching tests.
    static func swiftcAlone(_ code: String, swiftVersion: String = "6") async throws -> SnippetParseResult {
        let located = try compiler()
        let driver = located.isFrontend ? located.executable.deletingLastPathComponent().appendingPathComponent("swiftc") : located.executable
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("snippet.swift").path
        try Data(code.utf8).write(to: URL(fileURLWithPath: path))
        let output = try await ChildProcess.run(
            driver, arguments: ["-parse", "-diagnostic-style", "llvm", "-swift-version", swiftVersion, path],
            directory: directory, timeout: 120)
        let parsed = SwiftcDiagnosticParser.parse(String(decoding: output.stderr, as: UTF8.self), paths: [path])
        return SnippetParseResult(failed: output.status != 0, messages: parsed.messages[path] ?? [])
    }

    /// A temporary content folder holding `files` (relative path → text); remove its parent when done.
    static func contentFolder(_ files: [String: String]) throws -> URL {
        let root = try Fixtures.temporaryDirectory()
        let content = root.appendingPathComponent("Content")
        for (path, text) in files {
            let url = content.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return content
    }

    /// A fake compiler: a shell script answering `--version` and running `body` for anything else.
    static func fakeCompiler(in directory: URL, name: String = "fake-swiftc", body: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        let script = """
            #!/bin/sh
            if [ "$1" = "--version" ]; then echo "Fake Swift version 0.0 (\(name))"; exit 0; fi
            \(body)

            """
        try Data(script.utf8).write(to: url)
        guard chmod(url.path, 0o755) == 0 else { throw CocoaError(.fileWriteNoPermission) }
        return url
    }

    /// Check options for tests: the given content, a private cache, no environment surprises.
    static func options(_ content: URL, cache: URL? = nil, swiftc: String? = nil, timeout: Double = 60,
                        external: Bool = false) -> CheckOptions {
        CheckOptions(contentDirectory: content, contentDisplayName: "Content", swiftc: swiftc, cacheDirectory: cache,
                     timeout: timeout, listExternalLinks: external)
    }
}
