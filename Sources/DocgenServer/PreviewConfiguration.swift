import DocgenKit
import Foundation

// MARK: - Configuration

/// Everything `docgen serve` needs to know.
public struct PreviewConfiguration: Sendable {
    /// Where the content and theme are (its `reloadScript` is set by the server).
    public var build: BuildOptions
    /// Address to listen on; loopback by default.
    public var host: String
    /// Port; 0 picks a free one.
    public var port: Int
    /// Time between two scans of the sources.
    public var watchInterval: Duration
    /// Quiet time that ends a burst of saves.
    public var quietPeriod: Duration
    /// Configuration files watched besides the content and theme folders (none yet: options come from the
    /// command line).
    public var configurationFiles: [URL]
    /// How the snippets of edited documents are checked in the background; nil turns the check off.
    public var snippetCheck: CheckOptions?
    /// Longest time a graceful shutdown may take before the server is cancelled.
    public var shutdownTimeout: Duration

    /// Creates a configuration.
    public init(build: BuildOptions, host: String = "127.0.0.1", port: Int = 8000,
                watchInterval: Duration = .milliseconds(50), quietPeriod: Duration = .milliseconds(30),
                configurationFiles: [URL] = [], snippetCheck: CheckOptions? = nil, shutdownTimeout: Duration = .seconds(2)) {
        self.build = build
        self.host = host
        self.port = port
        self.watchInterval = watchInterval
        self.quietPeriod = quietPeriod
        self.configurationFiles = configurationFiles
        self.snippetCheck = snippetCheck
        self.shutdownTimeout = shutdownTimeout
    }

    /// Whether `host` only accepts connections from this machine.
    public static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        return lowered == "localhost" || lowered == "::1" || lowered == "[::1]" || lowered.hasPrefix("127.")
    }

    /// The folders to watch: the content folder and the theme folder (when there is one).
    var watchedFolders: [URL] {
        [build.contentDirectory] + (build.themeDirectory.map { [$0] } ?? [])
    }
}
