import ArgumentParser
import DocgenKit

/// The `docgen` command line: a thin layer over DocgenKit's pipeline.
@main
struct Docgen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docgen",
        abstract: "Turn a folder of Markdown coding conventions into a linked site and a knowledge base of rules.",
        version: "0.1.0",
        subcommands: [BuildCommand.self, ServeCommand.self, CheckCommand.self, ExtractCommand.self, RulesCommand.self],
        defaultSubcommand: BuildCommand.self
    )

    /// Runs the command; usage errors exit with status 2 (not ArgumentParser's 64), as every command documents.
    static func main() async {
        AllocatorTuning.apply()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                exit(withError: ExitCode(2), message: fullMessage(for: error))
            }
            exit(withError: error)
        }
    }

    /// Prints `message` to standard error and exits with `error`'s code.
    private static func exit(withError error: ExitCode, message: String) -> Never {
        Terminal.error(message + "\n")
        Self.exit(withError: error)
    }
}
