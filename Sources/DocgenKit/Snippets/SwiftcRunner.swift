import Foundation

// MARK: - Running the planned jobs

/// Runs `SnippetBatcher` jobs through the compiler and reads back what it said about each snippet.
public struct SwiftcRunner: Sendable {
    /// The compiler.
    public var compiler: SwiftCompiler
    /// Language mode passed as `-swift-version`.
    public var swiftVersion: String
    /// Seconds a single snippet may take before the compiler is killed.
    public var timeout: Double
    /// A private folder for the snippet files (removed by the caller).
    public var workDirectory: URL

    /// Creates a runner.
    public init(compiler: SwiftCompiler, swiftVersion: String, timeout: Double, workDirectory: URL) {
        self.compiler = compiler
        self.swiftVersion = swiftVersion
        self.timeout = timeout
        self.workDirectory = workDirectory
    }

    /// What one job settled and what it leaves to do.
    public struct JobOutcome: Sendable {
        /// Final results by key: exactly what `swiftc -parse` says of the snippet alone.
        public var results: [String: SnippetParseResult] = [:]
        /// Snippets to parse again alone (they drew a message in a batch, or the batch failed as a whole).
        public var retry: [ParseItem] = []
        /// Top-level snippets to batch again: they drew no message, but came after one that did in `main.swift`.
        public var rebatch: [ParseItem] = []
        /// Snippets whose compiler run was killed after the timeout.
        public var timedOut: [ParseItem] = []
    }

    /// Runs job number `number` of a check.
    public func run(_ job: SnippetBatcher.Job, number: Int) async throws -> JobOutcome {
        switch job {
        case .alone(let item):
            return try await runAlone(item, number: number)
        case .batch(let library, let main):
            return try await runBatch(library: library, main: main, number: number)
        }
    }

    private func runAlone(_ item: ParseItem, number: Int) async throws -> JobOutcome {
        let directory = try makeDirectory("a\(number)")
        let path = directory.appendingPathComponent("snippet.swift").path
        try write(item.code, to: path)
        let output = try await ChildProcess.run(
            compiler.executable, arguments: compiler.parseArguments(files: [path], swiftVersion: swiftVersion),
            directory: directory, timeout: timeout)
        try? FileManager.default.removeItem(at: directory)
        var outcome = JobOutcome()
        if output.timedOut {
            outcome.timedOut = [item]
            return outcome
        }
        let parsed = SwiftcDiagnosticParser.parse(Self.text(output), paths: [path])
        let messages = parsed.messages[path] ?? []
        let failed = output.status != 0
        var failure: String?
        if failed, !messages.contains(where: { $0.severity == .error }) {
            let said = parsed.unattributed.isEmpty ? Self.text(output).trimming(.whitespacesAndNewlines) : parsed.unattributed.joined(separator: "\n")
            failure = Self.describeEnd(output) + (said.isEmpty ? "" : ": " + Self.firstLines(said))
        }
        outcome.results[item.key] = SnippetParseResult(failed: failed, messages: messages, compilerFailure: failure)
        return outcome
    }

    private func runBatch(library: [ParseItem], main: [ParseItem], number: Int) async throws -> JobOutcome {
        let directory = try makeDirectory("b\(number)")
        var paths: [String] = []
        for (offset, item) in library.enumerated() {
            let path = directory.appendingPathComponent("s\(offset).swift").path
            try write(item.code, to: path)
            paths.append(path)
        }
        let mainPath = directory.appendingPathComponent("main.swift").path
        let mainFile = SnippetBatcher.mainFile(for: main)
        if !main.isEmpty {
            try write(mainFile.text, to: mainPath)
            paths.append(mainPath)
        }
        let batchTimeout = timeout + 0.2 * Double(library.count + main.count)
        let output = try await ChildProcess.run(
            compiler.executable, arguments: compiler.parseArguments(files: paths, swiftVersion: swiftVersion),
            directory: directory, timeout: batchTimeout)
        try? FileManager.default.removeItem(at: directory)
        var outcome = JobOutcome()
        let parsed = SwiftcDiagnosticParser.parse(Self.text(output), paths: Set(paths))
        let attributed = parsed.messages.values.reduce(0) { $0 + $1.count }
        // A killed run, a failure nobody is blamed for, or a message outside our files: trust nothing.
        if output.timedOut || !parsed.unattributed.isEmpty || (output.status != 0 && attributed == 0) {
            outcome.retry = library + main
            return outcome
        }
        for (offset, item) in library.enumerated() {
            let messages = parsed.messages[paths[offset]] ?? []
            if messages.contains(where: { Self.dependsOnMainFile($0.message) }) {
                outcome.retry.append(item)
            } else {
                outcome.results[item.key] = SnippetParseResult(
                    failed: messages.contains { $0.severity == .error }, messages: messages)
            }
        }
        // In main.swift, a snippet with a message is parsed again alone (for its exact messages). Those after
        // the first such snippet are batched again: the parser's recovery from one snippet's error could
        // have hidden a later one's.
        var troubled: Set<Int> = []
        for message in parsed.messages[mainPath] ?? [] {
            troubled.insert(mainFile.lines.firstIndex { $0.contains(message.line) } ?? 0)
        }
        let firstTroubled = troubled.min() ?? main.count
        for (offset, item) in main.enumerated() {
            if troubled.contains(offset) {
                outcome.retry.append(item)
            } else if offset > firstTroubled {
                outcome.rebatch.append(item)
            } else {
                outcome.results[item.key] = .clean
            }
        }
        return outcome
    }

    /// Whether a message from a library file could read differently in a main file: the top-level code
    /// errors ("expressions are not allowed at the top level", "statements are not allowed at the top
    /// level") and anything naming the top level or the main file.
    static func dependsOnMainFile(_ message: String) -> Bool {
        let text = message.lowercased()
        return text.contains("top level") || text.contains("top-level") || text.contains("main file")
            || text.contains("script mode")
    }

    /// "exit status 1", or "crashed with signal 11 (Segmentation fault)" for a compiler that crashed.
    static func describeEnd(_ output: ChildProcess.Output) -> String {
        guard let signal = output.signal else { return "exit status \(output.status)" }
        let name = strsignal(signal).flatMap { String(validatingCString: $0) } ?? "unknown signal"
        return "crashed with signal \(signal) (\(name))"
    }

    /// The first lines of what a failing compiler said (a crash prints a stack dump of hundreds of lines).
    static func firstLines(_ text: String, limit: Int = 5) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > limit else { return text }
        return lines.prefix(limit).joined(separator: "\n") + "\n… (\(lines.count - limit) more lines)"
    }

    // MARK: - Files

    private func makeDirectory(_ name: String) throws -> URL {
        let directory = workDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private static func text(_ output: ChildProcess.Output) -> String {
        String(decoding: output.stderr + output.stdout, as: UTF8.self)
    }
}
