import ArgumentParser
import DocgenKit
import Foundation

/// Options shared by every command that reads the content folder.
struct ContentOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Folder of Markdown documents.", valueName: "dir"))
    var content: String = "Content"

    @Option(name: .long, help: ArgumentHelp("Theme folder overriding the built-in theme (default: Theme/ beside the content folder, if present).", valueName: "dir"))
    var theme: String?

    @Option(name: .long, help: "Site title.")
    var title: String = "Conventions"

    /// Build options for an output folder.
    func buildOptions(output: String, reloadScript: String = "") -> BuildOptions {
        BuildOptions(
            contentDirectory: URL(fileURLWithPath: content),
            outputDirectory: URL(fileURLWithPath: output),
            themeDirectory: theme.map { URL(fileURLWithPath: $0) },
            siteTitle: title,
            reloadScript: reloadScript)
    }
}

/// Writing to standard error and choosing colours.
enum Terminal {
    /// Whether standard error is a terminal (colours and progress only then).
    static var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }

    /// Writes text to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
