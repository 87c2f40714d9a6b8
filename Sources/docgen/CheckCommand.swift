import ArgumentParser
import DocgenKit
import Foundation

/// `docgen check`: compile-check every Swift snippet and check every link, for CI.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Parse every ```swift snippet with swiftc and check every internal link and anchor.",
        discussion: """
            Each snippet is parsed with `swiftc -parse` as its own main file (top-level statements are legal). \
            Results are cached by (snippet, compiler version, flags), so an unchanged corpus re-checks without \
            running the compiler. Snippet attributes: ```swift ignore (not checked), ```swift expect-error \
            (must fail to parse), ```swift expect-error="message" (must fail with that message).

            Exit status: 0 clean, 1 findings (errors; with --strict also warnings), 2 usage or environment error.
            """
    )

    @OptionGroup var contentOptions: ContentOptions

    @Option(name: .long, help: ArgumentHelp("Output format: text, json, github or junit.", valueName: "format"))
    var format: ReportFormat = .text

    @Option(name: .long, help: ArgumentHelp("Swift compiler to use (default: $SWIFTC, then swiftc on PATH).", valueName: "path"))
    var swiftc: String?

    @Option(name: .long, help: ArgumentHelp("Language mode passed as -swift-version: 4, 4.2, 5 or 6.", valueName: "mode"))
    var swiftVersion: String = CheckOptions.defaultSwiftVersion

    @Option(name: .long, help: ArgumentHelp("Cache folder (default: .build/docgen-check-cache).", valueName: "dir"))
    var cacheDir: String?

    @Flag(name: .long, help: "Parse every snippet; neither read nor write the cache.")
    var noCache = false

    @Option(name: [.short, .long], help: ArgumentHelp("Compiler processes run at the same time (default: number of cores).", valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .long, help: ArgumentHelp("Seconds one snippet may take before the compiler is stopped.", valueName: "seconds"))
    var timeout: Double = 30

    @Flag(name: .long, help: "List external links (as notes). They are never fetched.")
    var external = false

    @Flag(name: .long, help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Flag(name: .long, help: "Print cache hits, compiler runs and the time taken to standard error.")
    var stats = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
        guard SnippetChecker.swiftVersions.contains(swiftVersion) else {
            throw ValidationError("unsupported --swift-version '\(swiftVersion)'; use one of \(SnippetChecker.swiftVersions.joined(separator: ", "))")
        }
    }

    func run() async throws {
        let cacheDirectory: URL? = noCache ? nil : cacheDir.map { URL(fileURLWithPath: $0) } ?? CheckCache.defaultDirectory
        let options = CheckOptions(
            contentDirectory: URL(fileURLWithPath: contentOptions.content), swiftc: swiftc, swiftVersion: swiftVersion,
            cacheDirectory: cacheDirectory, jobs: jobs, timeout: timeout, listExternalLinks: external)
        let start = Date()
        let progress = ProgressLine(enabled: Terminal.stderrIsTTY)
        let report: CheckReport
        do {
            report = try await CheckRunner(options: options, additionalChecks: Self.documentChecks())
                .run(progress: progress.update)
        } catch let error as LocalizedError {
            progress.clear()
            Terminal.error("error: \(error.errorDescription ?? "\(error)")\n")
            throw ExitCode(2)
        }
        progress.clear()

        let reporter: any CheckReporter
        switch format {
        case .text: reporter = TextReporter(colored: Terminal.stdoutIsTTY, sources: report.documents.map(\.source))
        case .json: reporter = JSONReporter()
        case .github: reporter = GitHubReporter()
        case .junit: reporter = JUnitReporter()
        }
        if stats {
            Terminal.error("docgen check: \(report.cacheHits) cached, \(report.cacheMisses) parsed, \(report.compilerRuns) compiler runs, "
                + String(format: "%.3f s\n", Date().timeIntervalSince(start)))
        }
        Terminal.output(reporter.render(report))
        if !format.includesSummary { Terminal.error(report.summary.line + "\n") }
        let status = report.exitStatus(strict: strict)
        if status != 0 { throw ExitCode(status) }
    }

    /// Further checks whose diagnostics join the report. The rule checks of the knowledge base plug in here
    /// (each a `DocumentCheck`: it returns diagnostics, warnings do not fail the check unless `--strict`).
    static func documentChecks() -> [any DocumentCheck] {
        [RuleCheck()]
    }
}

extension ReportFormat: ExpressibleByArgument {}

/// A one-line progress display on standard error, shown only on a terminal and only once the work has
/// taken more than two seconds.
final class ProgressLine: Sendable {
    private struct State {
        var shown = false
        var lastDraw = 0.0
    }

    private let enabled: Bool
    private let start = Date()
    private let state = Locked(State())

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Records progress; draws at most ten times a second.
    var update: SnippetChecker.Progress {
        { [self] done, total in
            guard enabled else { return }
            let elapsed = Date().timeIntervalSince(start)
            guard elapsed > 2 else { return }
            let draw = state.withLock { state -> Bool in
                guard elapsed - state.lastDraw >= 0.1 || done == total else { return false }
                state.lastDraw = elapsed
                state.shown = true
                return true
            }
            if draw { Terminal.error("\r\u{1B}[Kchecking snippets: \(done)/\(total)") }
        }
    }

    /// Removes the line if it was drawn.
    func clear() {
        if state.withLock({ $0.shown }) { Terminal.error("\r\u{1B}[K") }
    }
}

extension Terminal {
    /// Whether standard output is a terminal (colours in `check`'s text report only then).
    static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }

    /// Writes text to standard output.
    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
