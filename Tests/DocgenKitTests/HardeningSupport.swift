import Foundation
import Testing
@testable import DocgenKit

/// Helpers shared by the hardening tests: copying fixture folders, running the binary, snapshots of folders.
enum HardeningSupport {
    /// What a run of the `docgen` binary produced.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the `docgen` binary with `arguments` in `directory` (no colours). With `user`, the binary runs as
    /// that user through `setpriv` (only root can do this).
    static func docgen(_ arguments: [String], in directory: URL, asUser user: String? = nil) throws -> Output {
        let process = Process()
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user)", "--regid=\(user == "nobody" ? "nogroup" : user)", "--clear-groups", "--",
                                 DocgenBinary.url.path] + arguments
        } else {
            process.executableURL = DocgenBinary.url
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        // Output goes to files: nothing can stall on a full pipe, however much the binary prints.
        let logs = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: logs) }
        let outURL = logs.appendingPathComponent("stdout"), errURL = logs.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: FileManager.default.contents(atPath: outURL.path) ?? Data(), as: UTF8.self),
                      stderr: String(decoding: FileManager.default.contents(atPath: errURL.path) ?? Data(), as: UTF8.self))
    }

    /// Copies `source` to `destination` recursively, keeping symbolic links as links and file permissions.
    static func copyTree(_ source: URL, to destination: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")
        process.arguments = ["-a", source.path, destination.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Every file under `directory` with its contents (a file's path is `""` when `directory` is a file).
    static func snapshot(_ directory: URL) -> [String: Data] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { return [:] }
        guard isDirectory.boolValue else { return ["": FileManager.default.contents(atPath: directory.path) ?? Data()] }
        var result: [String: Data] = [:]
        for path in (try? FileManager.default.subpathsOfDirectory(atPath: directory.path)) ?? [] {
            let url = directory.appendingPathComponent(path)
            var entryIsDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &entryIsDirectory), !entryIsDirectory.boolValue {
                result[path] = FileManager.default.contents(atPath: url.path) ?? Data()
            }
        }
        return result
    }

    /// Builds a small good site (one page, `previous.html`) into `output` with the library and the built-in theme.
    static func buildPreviousSite(into output: URL) async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = temp.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("# Previous\n\nThe last good site.\n".utf8).write(to: content.appendingPathComponent("previous.md"))
        let emptyTheme = temp.appendingPathComponent("Theme")
        try FileManager.default.createDirectory(at: emptyTheme, withIntermediateDirectories: true)
        _ = try await SiteBuilder(options: BuildOptions(contentDirectory: content, outputDirectory: output, themeDirectory: emptyTheme)).build()
    }

    /// Runs the whole in-memory pipeline (as the fuzzer does) on documents given as relative path → text.
    /// Throws `SiteBuilder.Failure.invalidInput` when the documents have errors.
    static func buildInMemory(_ files: [String: String]) async throws -> BuildSession.Snapshot {
        let sources = files.sorted { $0.key < $1.key }.map {
            SourceFile(relativePath: $0.key, displayPath: "Content/" + $0.key, text: $0.value)
        }
        let options = BuildOptions(contentDirectory: URL(fileURLWithPath: "/nonexistent/docgen-tests/Content"),
                                   outputDirectory: URL(fileURLWithPath: "/nonexistent/docgen-tests/_site"))
        return try await BuildSession(options: options).build(sources: sources)
    }

    /// The page `path` of a snapshot as text.
    static func page(_ path: String, in snapshot: BuildSession.Snapshot) -> String {
        snapshot.files[path].map { String(decoding: $0.data, as: UTF8.self) } ?? ""
    }

    /// How deeply the tree under `node` nests (a leaf is 0), computed without recursion.
    static func depth(of node: MarkdownNode) -> Int {
        var deepest = 0
        node.walk { _, event, ancestors in
            if event == .enter { deepest = max(deepest, ancestors.count) }
            return true
        }
        return deepest
    }
}
