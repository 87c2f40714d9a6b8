import ArgumentParser
import DocgenKit
import DocgenServer
import Foundation

/// `docgen serve`: a local preview server with live reload.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site in memory, serve it locally and reload open pages when the sources change.",
        discussion: """
            Watches the content folder and the theme folder, rebuilds incrementally after each save and \
            reloads open pages (keeping their scroll position). Build errors, and warnings and snippets that \
            do not parse in the documents you edit, appear in an overlay in the page; the last good site stays \
            served. The site is not written to disk, and pages served here carry a small reload script that \
            `docgen build` never adds. The build caches are those of `docgen build` (same folder, same files): \
            after a build, serve starts without extracting or pairing the rules again, and keeps the caches \
            up to date as you edit.

            Exit status: 0 stopped (Ctrl-C or SIGTERM), 2 usage or environment error (missing content folder, \
            port in use).
            """
    )

    @OptionGroup var contentOptions: ContentOptions

    @OptionGroup var cacheOptions: BuildCacheOptions

    @Option(name: .long, help: ArgumentHelp("Address to listen on. Anything but loopback exposes the preview to the network.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(name: [.short, .long], help: ArgumentHelp("Port to listen on; 0 picks a free one.", valueName: "port"))
    var port: Int = 8000

    @Flag(name: .long, help: "Open the site in the default browser once it is served.")
    var open = false

    @Flag(name: .long, help: "Do not check the Swift snippets of edited documents with swiftc.")
    var noCheck = false

    @Option(name: .long, help: ArgumentHelp("Swift compiler for snippet checks (default: $SWIFTC, then swiftc on PATH).", valueName: "path"))
    var swiftc: String?

    @Option(name: .long, help: ArgumentHelp("Language mode passed as -swift-version: 4, 4.2, 5 or 6.", valueName: "mode"))
    var swiftVersion: String = CheckOptions.defaultSwiftVersion

    @Option(name: .long, help: ArgumentHelp("Milliseconds between two scans of the sources.", valueName: "ms"))
    var pollInterval: Int = 50

    @Flag(name: .long, help: "Print the time each build step took, after every build.")
    var timings = false

    @Flag(name: [.short, .long], help: "Print only the URL, errors and problems.")
    var quiet = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (10...10_000).contains(pollInterval) else { throw ValidationError("--poll-interval must be between 10 and 10000 ms") }
        guard SnippetChecker.swiftVersions.contains(swiftVersion) else {
            throw ValidationError("unsupported --swift-version '\(swiftVersion)'; use one of \(SnippetChecker.swiftVersions.joined(separator: ", "))")
        }
    }

    func run() async throws {
        var build = contentOptions.buildOptions(output: "_site")
        build.cacheDirectory = cacheOptions.cacheDirectory
        let check = noCheck ? nil : CheckOptions(contentDirectory: build.contentDirectory, swiftc: swiftc,
                                                 swiftVersion: swiftVersion,
                                                 cacheDirectory: cacheOptions.checkCacheDirectory, jobs: 1)
        let configuration = PreviewConfiguration(build: build, host: host, port: port,
                                                 watchInterval: .milliseconds(pollInterval), snippetCheck: check)
        if !PreviewConfiguration.isLoopback(host) {
            Terminal.error("warning: listening on \(host), not on loopback: anyone who can reach this machine can read the preview\n")
        }
        let printer = ServePrinter(quiet: quiet, timings: timings)
        let server = PreviewServer(configuration: configuration, report: printer.print)
        let open = open
        let contentName = build.contentDisplayName
        do {
            try await server.run(gracefulShutdownSignals: [.sigint, .sigterm]) { url in
                Terminal.output("Serving \(contentName)/ at \(url.absoluteString)  (Ctrl-C to stop)\n")
                if open { BrowserOpener.open(url) }
            }
        } catch let error as LocalizedError {
            Terminal.error("error: \(error.errorDescription ?? "\(error)")\n")
            throw ExitCode(2)
        }
        if !quiet { Terminal.error("Stopped.\n") }
    }
}

/// Prints what the server reports, one line per build, with the problems below it.
struct ServePrinter: Sendable {
    let quiet: Bool
    let timings: Bool

    @Sendable func print(_ event: ServeEvent) {
        switch event {
        case .built(let summary) where summary.initial:
            if !quiet {
                let warnings = summary.warnings.count
                Terminal.error("Built \(summary.documents) documents in memory in \(String(format: "%.2f", summary.seconds)) s"
                               + (warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s") (run docgen build to list them)" : "") + "\n")
                printTimings(summary)
            }
        case .built(let summary):
            guard !quiet || !summary.problems.isEmpty else { return }
            let parsed = summary.parsed.isEmpty ? "nothing re-parsed" : "re-parsed " + summary.parsed.sorted().joined(separator: ", ")
            let reload = summary.changedFiles == 0 ? "site unchanged"
                : "\(summary.changedFiles) file\(summary.changedFiles == 1 ? "" : "s") changed, \(summary.reloadedClients) page\(summary.reloadedClients == 1 ? "" : "s") reloaded"
            line("rebuilt in \(Self.milliseconds(summary.seconds)): \(parsed); \(reload)", problems: summary.problems.problems)
            printTimings(summary)
        case .previewed(let pages, let seconds):
            if !quiet { line("previewed \(pages.joined(separator: ", ")) in \(Self.milliseconds(seconds)); rebuilding the rest") }
        case .buildFailed(let report, let seconds):
            line("\(report.title) (after \(Self.milliseconds(seconds)))", problems: report.problems)
        case .snippetsChecked(let report):
            if !report.isEmpty { line(report.title, problems: report.problems) }
        case .notice(let message):
            line("note: \(message)")
        }
    }

    private func printTimings(_ summary: ServeEvent.BuildSummary) {
        guard timings else { return }
        var output = ""
        for (step, seconds) in summary.timings {
            output += "  \(step.padding(toLength: 14, withPad: " ", startingAt: 0)) \(String(format: "%8.1f", seconds * 1000)) ms\n"
        }
        Terminal.error(output)
    }

    private func line(_ text: String, problems: [ProblemReport.Problem] = []) {
        var output = "[\(Self.clock())] \(text)\n"
        for problem in problems { output += "  \(problem.formatted)\n" }
        Terminal.error(output)
    }

    private static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.0f ms", seconds * 1000)
    }

    private static func clock() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: Date())
    }
}
