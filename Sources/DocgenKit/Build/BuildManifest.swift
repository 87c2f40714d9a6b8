import Foundation

// MARK: - What the last build wrote

/// The record of a build, stored in the site as `.docgen-manifest.json`, that lets the next
/// `docgen build` skip work: nothing at all when no input changed, and otherwise only the pages and
/// snippet files whose inputs changed are produced again (the others are hard-linked from the
/// previous site into the new one).
public struct BuildManifest: Codable, Sendable, Equatable {
    /// File name inside the site.
    public static let fileName = ".docgen-manifest.json"
    /// Bumped whenever the format or the meaning of fingerprints changes.
    public static let format = 2

    /// A Markdown file as it was read.
    public struct Source: Codable, Sendable, Equatable {
        /// Size in bytes.
        public var size: Int
        /// Modification time (seconds since 1970).
        public var modified: Double
        /// `StableHasher` of the text, hex.
        public var hash: String
    }

    /// `format` when written.
    public var format: Int
    /// The docgen version that wrote it.
    public var generator: String
    /// Fingerprint of the options and theme the site was built with.
    public var settings: String
    /// Markdown files by path relative to the content folder.
    public var sources: [String: Source]
    /// The other files of the content folder (link targets).
    public var otherFiles: [String]
    /// Document pages, rules pages, the term index, the conflicts page and `rules.json` by output path →
    /// fingerprint of their inputs.
    public var pages: [String: String]
    /// Documents by relative path → hash of their text, for the snippet files made from them.
    public var snippetSets: [String: String]
    /// The warnings of the build, replayed when nothing changed.
    public var diagnostics: [Diagnostic]
    /// Number of documents and files, for the summary line.
    public var documentCount: Int
    public var fileCount: Int

    /// Reads the manifest of the site at `output`, if there is a valid one of this format and version.
    public static func read(from output: URL) -> BuildManifest? {
        let url = output.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: output.appendingPathComponent(SiteWriter.markerName).path),
              let data = try? Data(contentsOf: url),
              let manifest = try? JSONDecoder().decode(BuildManifest.self, from: data),
              manifest.format == format, manifest.generator == PageRenderer.version else { return nil }
        return manifest
    }

    /// The manifest as a site file.
    public func outputFile() -> OutputFile {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return OutputFile(path: Self.fileName, data: (try? encoder.encode(self)) ?? Data())
    }

    /// Whether nothing the site was built from has changed: the same settings, the same Markdown files
    /// with the same sizes and modification times, and the same other files.
    public func isCurrent(settings: String, loader: ContentLoader) -> Bool {
        guard settings == self.settings,
              let listing = try? loader.markdownPaths(), listing.markdown.count == sources.count else { return false }
        for relative in listing.markdown {
            guard let recorded = sources[relative], let stamp = loader.stamp(relative),
                  stamp.size == recorded.size,
                  stamp.modified.timeIntervalSince1970 == recorded.modified else { return false }
        }
        let others = (try? loader.allFilePaths()) ?? []
        return others.filter { !$0.hasSuffix(".md") }.sorted() == otherFiles
    }

    /// Size and modification time of the running docgen binary: a rebuilt docgen may render differently,
    /// so its sites are never taken as current.
    static let executableStamp: String = {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = attributes?[.size] as? Int ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path):\(size):\(modified)"
    }()

    /// The settings fingerprint for `options` with the theme folder's current state.
    public static func settings(for options: BuildOptions, themeStamp: String) -> String {
        var hasher = StableHasher()
        hasher.combine(PageRenderer.version)
        hasher.combine(executableStamp)
        hasher.combine(options.contentDirectory.path)
        hasher.combine(options.siteTitle)
        hasher.combine(options.reloadScript)
        hasher.combine(options.rulesPageSplitThreshold)
        hasher.combine(themeStamp)
        return hasher.hex
    }
}
