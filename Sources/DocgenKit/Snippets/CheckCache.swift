import Foundation

// MARK: - Remembering swiftc's answers

/// The results of earlier `swiftc` runs, so that an unchanged corpus is re-checked without running
/// the compiler at all.
///
/// One JSON index file (`index.json`) in the cache folder, replaced atomically (written to a temporary
/// file, then renamed). Keys are SHA-256 digests of (snippet code, compiler version, flags). The
/// compiler's version is remembered by the compiler binary's identity (path, size, modification time),
/// so a warm run does not start the compiler even to ask its version.
public struct CheckCache: Sendable {
    /// The folder holding `index.json`.
    public var directory: URL
    /// Entries beyond this many are dropped, least recently used first.
    public var capacity: Int

    /// Bumped whenever the meaning of a stored result changes.
    static let formatVersion = 1

    /// Creates a cache in `directory` (created on first save).
    public init(directory: URL, capacity: Int = 50_000) {
        self.directory = directory
        self.capacity = capacity
    }

    /// The default folder: `.build/docgen-check-cache` under the working directory.
    public static var defaultDirectory: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent(".build/docgen-check-cache")
    }

    /// Why the cache could not be saved (the check itself still succeeds).
    public enum Failure: LocalizedError, Equatable {
        case writeFailed(path: String, reason: String)

        public var errorDescription: String? {
            switch self {
            case .writeFailed(let path, let reason):
                return "cannot write the check cache '\(path)' (\(reason)); results were not cached; pass a writable --cache-dir or --no-cache"
            }
        }
    }

    // MARK: - Contents

    /// The whole cache in memory.
    public struct Index: Sendable, Codable, Equatable {
        /// Format of the file; other formats are ignored.
        public var format: Int = CheckCache.formatVersion
        /// Compiler version text by compiler identity.
        public var compilers: [String: String] = [:]
        /// Results by key.
        public var entries: [String: Entry] = [:]

        /// Creates an empty index.
        public init() {}
    }

    /// One stored result.
    public struct Entry: Sendable, Codable, Equatable {
        /// What swiftc said.
        public var result: SnippetParseResult
        /// When it was last used (seconds since 1970), for dropping old entries.
        public var used: Int
    }

    /// The key of a snippet's result.
    public static func key(code: String, compilerVersion: String, flags: [String]) -> String {
        var hasher = SHA256()
        hasher.update("docgen-check/\(formatVersion)\u{0}")
        hasher.update(compilerVersion)
        hasher.update("\u{0}")
        hasher.update(flags.joined(separator: " "))
        hasher.update("\u{0}")
        hasher.update(code)
        return SHA256.hex(hasher.finalize())
    }

    private var indexURL: URL { directory.appendingPathComponent("index.json") }

    /// Reads the index; a missing, unreadable or outdated file gives an empty index.
    public func load() -> Index {
        guard let data = try? Data(contentsOf: indexURL),
              let index = try? JSONDecoder().decode(Index.self, from: data),
              index.format == Self.formatVersion else { return Index() }
        return index
    }

    /// Writes the index atomically, dropping the least recently used entries beyond `capacity`.
    public func save(_ index: Index) throws {
        var index = index
        if index.entries.count > capacity {
            let keep = index.entries.sorted { $0.value.used > $1.value.used }.prefix(capacity)
            index.entries = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(index)
            let temporary = directory.appendingPathComponent(".index.json.tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            try data.write(to: temporary)
            guard rename(temporary.path, indexURL.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw Failure.writeFailed(path: indexURL.path, reason: reason)
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.writeFailed(path: indexURL.path, reason: (error as NSError).localizedDescription)
        }
    }
}
