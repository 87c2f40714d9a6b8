import Foundation
import PackagePlugin

/// Compiles the files of `Theme/` into the DocgenKit module, so that the `docgen` binary carries its
/// default theme and still works when copied elsewhere (e.g. to /usr/local/bin).
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeDirectory = context.package.directoryURL.appending(path: "Theme")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
        var inputs: [URL] = []
        if let enumerator = FileManager.default.enumerator(at: themeDirectory, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in enumerator
            where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding Theme/ into DocgenKit",
                executable: try context.tool(named: "docgen-embed-theme").url,
                arguments: [themeDirectory.path, output.path],
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output]
            )
        ]
    }
}
