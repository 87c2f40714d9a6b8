import ArgumentParser

/// The `docgen` command line: a thin layer over DocgenKit's pipeline.
@main
struct Docgen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docgen",
        abstract: "Turn a folder of Markdown coding conventions into a linked site and a knowledge base of rules.",
        version: "0.1.0",
        subcommands: [BuildCommand.self],
        defaultSubcommand: BuildCommand.self
    )
}
