import Foundation

// MARK: - Build options

/// Everything a build needs to know about where things are.
public struct BuildOptions: Sendable {
    /// The folder of Markdown documents.
    public var contentDirectory: URL
    /// Where the site goes.
    public var outputDirectory: URL
    /// A theme folder overriding the built-in theme, if any.
    public var themeDirectory: URL?
    /// The site's title.
    public var siteTitle: String
    /// HTML appended to every page (only the preview server sets it).
    public var reloadScript: String
    /// Above this many rules, the Rules page becomes an overview and each document's rules get their own
    /// page, `rules/<slug>.html` (see `RulePages`).
    public var rulesPageSplitThreshold = RulePages.defaultSplitThreshold
    /// Folder of the caches that let a build parse documents (`DocumentCache`), extract rules (`RuleCache`) and
    /// collect search entries (`SearchEntryCache`) again only for documents that changed, and pair rules
    /// (`PairCache`) again only when they changed; nil keeps no cache. `docgen build` uses `BuildOptions.defaultCacheDirectory`.
    public var cacheDirectory: URL?

    /// `.build/docgen-build-cache` under the working directory (like `docgen check`'s cache).
    public static var defaultCacheDirectory: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/docgen-build-cache")
    }

    /// The rule cache file of this content folder (one per content folder, named by a hash of its path).
    var ruleCacheFile: URL? { cacheFile(named: "rules") }

    /// The search entry cache file of this content folder (`SearchEntryCache`).
    var searchCacheFile: URL? { cacheFile(named: "search") }

    /// The document cache file of this content folder (`DocumentCache`).
    var documentCacheFile: URL? { cacheFile(named: "documents") }

    /// The rule pair cache file of this content folder (`PairCache`).
    var pairCacheFile: URL? { cacheFile(named: "pairs") }

    private func cacheFile(named name: String) -> URL? {
        var hasher = StableHasher()
        hasher.combine(contentDirectory.path)
        return cacheDirectory?.appendingPathComponent("\(name)-\(hasher.hex).bin")
    }

    /// Creates options. Without an explicit theme, `Theme/` beside the content folder is used when present.
    public init(contentDirectory: URL, outputDirectory: URL, themeDirectory: URL? = nil,
                siteTitle: String = "Conventions", reloadScript: String = "") {
        self.contentDirectory = contentDirectory.standardizedFileURL
        self.outputDirectory = outputDirectory.standardizedFileURL
        if let themeDirectory {
            self.themeDirectory = themeDirectory.standardizedFileURL
        } else {
            let sibling = contentDirectory.standardizedFileURL.deletingLastPathComponent().appendingPathComponent("Theme")
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: sibling.path, isDirectory: &isDirectory)
            self.themeDirectory = exists && isDirectory.boolValue ? sibling : nil
        }
        self.siteTitle = siteTitle
        self.reloadScript = reloadScript
    }

    /// How the content folder is named in messages: its path relative to the working directory when inside it.
    public var contentDisplayName: String {
        Self.displayPath(contentDirectory)
    }

    /// How the theme folder is named in messages.
    public var themeDisplayName: String {
        themeDirectory.map(Self.displayPath) ?? "built-in theme"
    }

    static func displayPath(_ url: URL) -> String {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let path = url.standardizedFileURL.path
        if path.hasPrefix(cwd + "/") { return String(path.dropFirst(cwd.count + 1)) }
        return path
    }
}
