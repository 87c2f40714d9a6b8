import Foundation

/// Opens a URL in the default browser when a launcher exists (`xdg-open`, or `open` on macOS); does
/// nothing otherwise. Never waits for the browser and never fails the command.
enum BrowserOpener {
    static func open(_ url: URL) {
        #if os(macOS)
        let launchers = ["open"]
        #else
        let launchers = ["xdg-open", "sensible-browser"]
        #endif
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for launcher in launchers {
            for directory in path.split(separator: ":") {
                let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(launcher)
                guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
                let process = Process()
                process.executableURL = candidate
                process.arguments = [url.absoluteString]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    Terminal.error("note: could not open a browser (\(error.localizedDescription)); open \(url.absoluteString)\n")
                }
                return
            }
        }
        Terminal.error("note: no browser launcher found; open \(url.absoluteString)\n")
    }
}
