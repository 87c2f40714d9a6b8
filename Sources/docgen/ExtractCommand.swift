import ArgumentParser
import DocgenKit
import Foundation

/// `docgen extract`: every snippet as a standalone `.swift` file, plus `snippets.json`.
struct ExtractCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Write every Swift snippet as DIR/<document>/<id>.swift plus DIR/snippets.json.",
        discussion: """
            Each file starts with a comment naming its source file:line, section and polarity. The output folder \
            is replaced as a whole, and only if docgen created it (or it is empty).

            Exit status: 0 written, 1 errors in the content, 2 usage or environment error.
            """
    )

    @OptionGroup var contentOptions: ContentOptions

    @Option(name: [.short, .long], help: ArgumentHelp("Output folder.", valueName: "dir"))
    var output: String

    @Flag(name: [.short, .long], help: "Print only errors.")
    var quiet = false

    func run() async throws {
        let content = URL(fileURLWithPath: contentOptions.content)
        let writer = SiteWriter(output: URL(fileURLWithPath: output))
        do {
            try writer.validate()
            let loader = ContentLoader(directory: content, displayName: BuildOptions(
                contentDirectory: content, outputDirectory: URL(fileURLWithPath: output)).contentDisplayName)
            let loaded = try loader.load()
            let analysed = await loaded.files.concurrentMap { DocumentAnalyzer.analyze($0) }
            let diagnostics = (loaded.diagnostics + analysed.flatMap(\.1)).sortedForDisplay
            let reporter = TextReporter(colored: Terminal.stderrIsTTY, sources: loaded.files)
            if diagnostics.containsErrors {
                Terminal.error(reporter.format(diagnostics.filter { $0.severity == .error }))
                throw ExitCode(1)
            }
            if !quiet { Terminal.error(reporter.format(diagnostics)) }
            let documents = analysed.map(\.0)
            try writer.write(SnippetExporter.files(for: documents))
            if !quiet {
                let count = documents.reduce(0) { $0 + $1.snippets.count }
                print("Extracted \(count) snippet\(count == 1 ? "" : "s") from \(documents.count) document\(documents.count == 1 ? "" : "s") into \(output)/")
            }
        } catch let error as LocalizedError {
            Terminal.error("error: \(error.errorDescription ?? "\(error)")\n")
            throw ExitCode(2)
        }
    }
}
