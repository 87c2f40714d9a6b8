import Foundation

// MARK: - Check options

/// What `docgen check` checks and how.
public struct CheckOptions: Sendable {
    /// The folder of Markdown documents.
    public var contentDirectory: URL
    /// How the content folder is named in messages (default: its path relative to the working directory).
    public var contentDisplayName: String
    /// `--swiftc`: the compiler to use (nil: `SWIFTC`, then `swiftc` on `PATH`).
    public var swiftc: String?
    /// `-swift-version` passed to the compiler.
    public var swiftVersion: String
    /// Where results are cached; nil disables the cache.
    public var cacheDirectory: URL?
    /// Compiler processes run at the same time.
    public var jobs: Int
    /// Seconds one snippet may take before its compiler is killed.
    public var timeout: Double
    /// Whether to list external links (as notes; they are never fetched).
    public var listExternalLinks: Bool
    /// Environment used to find the compiler (`SWIFTC`, `PATH`).
    public var environment: [String: String]

    /// Creates options; by default the cache is `.build/docgen-check-cache` under the working directory.
    public init(
        contentDirectory: URL, contentDisplayName: String? = nil, swiftc: String? = nil, swiftVersion: String = CheckOptions.defaultSwiftVersion,
        cacheDirectory: URL? = CheckCache.defaultDirectory, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        timeout: Double = 30, listExternalLinks: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.contentDirectory = contentDirectory.standardizedFileURL
        self.contentDisplayName = contentDisplayName ?? BuildOptions.displayPath(contentDirectory)
        self.swiftc = swiftc
        self.swiftVersion = swiftVersion
        self.cacheDirectory = cacheDirectory
        self.jobs = max(jobs, 1)
        self.timeout = timeout
        self.listExternalLinks = listExternalLinks
        self.environment = environment
    }

    /// Swift 6: the language mode of current toolchains' new packages and of this project; it also
    /// enables bare `/regex/` literals, which modern examples use. Pass `--swift-version 5` for older code.
    public static let defaultSwiftVersion = "6"
}
