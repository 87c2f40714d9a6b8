import ArgumentParser
import DocgenKit
import Foundation

extension RuleStrength: ExpressibleByArgument {}

/// `docgen rules`: list the rules extracted from the content folder.
struct RulesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules extracted from the documents.",
        discussion: """
            Text output: one line per rule, 'id  strength  priority  text'. JSON output: the same objects as \
            _site/rules.json. Exit status: 0 listed (even if nothing matched), 1 content errors, 2 usage error.
            """
    )

    /// Output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var contentOptions: ContentOptions

    @Option(name: .long, help: ArgumentHelp("Only rules of this document (slug or file name).", valueName: "slug"))
    var document: String?

    @Option(name: .long, help: ArgumentHelp("Only rules about this term (e.g. singleton, @Observable).", valueName: "term"))
    var term: String?

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Only rules of these strengths: required, recommended, optional, discouraged, prohibited.", valueName: "strength"))
    var strength: [RuleStrength] = []

    @Option(name: .long, help: ArgumentHelp("Only rules of this priority (P1, P2 …, or 'none').", valueName: "priority"))
    var priority: String?

    @Option(name: .long, help: ArgumentHelp("Only rules whose text or id contains all these words.", valueName: "text"))
    var search: String?

    @Option(name: .long, help: "Output format: text or json.")
    var format: Format = .text

    func run() async throws {
        let options = contentOptions.buildOptions(output: "_site")
        let loaded: ContentLoader.Result
        do {
            loaded = try ContentLoader(directory: options.contentDirectory, displayName: options.contentDisplayName).load()
        } catch let error as LocalizedError {
            Terminal.error("error: \(error.errorDescription ?? "\(error)")\n")
            throw ExitCode(2)
        }
        let analysed = loaded.files.map { DocumentAnalyzer.analyze($0) }
        let diagnostics = loaded.diagnostics + analysed.flatMap(\.1)
        if diagnostics.containsErrors {
            Terminal.error(TextReporter(colored: Terminal.stderrIsTTY, sources: loaded.files).format(diagnostics.sortedForDisplay))
            throw ExitCode(1)
        }
        let catalog = RuleExtractor.extract(RuleExtractor.siteOrder(analysed.map(\.0)))
        let filter = RuleFilter(document: document, term: term, strengths: Set(strength), priority: priority, search: search)
        let rules = filter.apply(catalog.rules)
        switch format {
        case .json:
            FileHandle.standardOutput.write(RuleCatalog.json(rules))
        case .text:
            if !rules.isEmpty { print(RuleFilter.textLines(rules)) }
        }
    }
}
