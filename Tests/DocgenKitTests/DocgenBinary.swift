import Foundation

/// Runs the built `docgen` executable as a user would, for the command-line tests.
enum DocgenBinary {
    /// What a run printed and how it ended.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `docgen` executable next to the test bundle (built by `swift build`/`swift test`).
    static var url: URL {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("docgen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return Fixtures.root.appendingPathComponent(".build/debug/docgen")
    }

    /// Runs `executable` (usually `url`) with `arguments` in `directory`, without colours.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL,
                    environment extra: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}
