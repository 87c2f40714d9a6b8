import ArgumentParser
import DocgenKit
import Foundation

/// `docgen build`: the static site from the content folder.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the static site from the content folder.",
        discussion: "Exit status: 0 built, 1 errors in the content or theme (nothing written), 2 usage or environment error."
    )

    @OptionGroup var contentOptions: ContentOptions

    @Option(name: [.short, .long], help: ArgumentHelp("Output folder.", valueName: "dir"))
    var output: String = "_site"

    @OptionGroup var cacheOptions: BuildCacheOptions

    @Flag(name: .long, help: "Print the time each build step took.")
    var timings = false

    @Flag(name: [.short, .long], help: "Print only errors.")
    var quiet = false

    func run() async throws {
        var options = contentOptions.buildOptions(output: output)
        options.cacheDirectory = cacheOptions.cacheDirectory
        let start = Date()
        do {
            let report = try await SiteBuilder(options: options).build()
            let reporter = TextReporter(colored: Terminal.stderrIsTTY, sources: report.documents.map(\.source))
            if !quiet { Terminal.error(reporter.format(report.diagnostics)) }
            if timings {
                for (step, seconds) in report.timings {
                    let name = step.padding(toLength: 14, withPad: " ", startingAt: 0)
                    Terminal.error("  \(name) \(String(format: "%8.1f", seconds * 1000)) ms\n")
                }
            }
            if !quiet {
                let warnings = report.diagnostics.filter { $0.severity == .warning }.count
                let verb = report.upToDate ? "Up to date:" : "Built"
                print("\(verb) \(report.documentCount) documents into \(output)/ (\(report.fileCount) files) in \(String(format: "%.2f", Date().timeIntervalSince(start))) s"
                      + (warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : ""))
            }
        } catch let failure as SiteBuilder.Failure {
            if case .invalidInput(let diagnostics, let sources) = failure {
                Terminal.error(TextReporter(colored: Terminal.stderrIsTTY, sources: sources).format(diagnostics))
            }
            Terminal.error("error: \(failure.localizedDescription)\n")
            throw ExitCode(1)
        } catch let failure as Theme.Failure {
            Terminal.error((failure.errorDescription ?? "\(failure)") + "\n")
            throw ExitCode(1)
        } catch let error as LocalizedError {
            Terminal.error("error: \(error.errorDescription ?? "\(error)")\n")
            throw ExitCode(2)
        }
    }
}
