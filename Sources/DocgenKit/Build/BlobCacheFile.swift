import Foundation

// MARK: - A file of encoded values by key, kept between builds

/// One cache file: encoded values ("blobs") by key, tied to the docgen binary that wrote it. `RuleCache`
/// and `SearchEntryCache` keep their per-document results in one each.
///
/// The file starts with the cache's magic string and format and the running docgen binary's stamp
/// (`BuildManifest.executableStamp`): another docgen may compute differently, so its file is ignored. A
/// missing, damaged or foreign file is an empty cache, and the file is replaced atomically (written
/// beside it, then renamed). Blobs are decoded only when asked for.
///
/// Layout (`BinaryWriter`): magic, format, stamp, entry count, then per entry its key and its blob.
struct BlobCacheFile: Sendable {
    /// What identifies one kind of cache file.
    struct Kind: Sendable {
        var magic: String
        var format: Int
    }

    /// The file's bytes, and where each entry's blob is in them.
    private let bytes: [UInt8]
    private let blobs: [String: Range<Int>]

    /// An empty cache.
    init() {
        bytes = []
        blobs = [:]
    }

    /// The cache at `url`; empty when there is none, or it is damaged, of another kind or written by another docgen.
    init(contentsOf url: URL, kind: Kind, stamp: String) {
        (bytes, blobs) = Self.read(url, kind: kind, stamp: stamp) ?? ([], [:])
    }

    /// The file's bytes and its index, or nil when the file cannot be used.
    private static func read(_ url: URL, kind: Kind, stamp: String) -> ([UInt8], [String: Range<Int>])? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let bytes = [UInt8](data)
        var reader = BinaryReader(bytes)
        var blobs: [String: Range<Int>] = [:]
        do {
            guard try reader.string() == kind.magic, try reader.int() == kind.format, try reader.string() == stamp else { return nil }
            let count = try reader.int()
            for _ in 0..<max(count, 0) {
                let key = try reader.string()
                blobs[key] = try reader.blob()
            }
        } catch {
            return nil
        }
        return (bytes, blobs)
    }

    /// Number of entries.
    var count: Int { blobs.count }

    /// The keys of the entries.
    var keys: [String] { Array(blobs.keys) }

    /// A reader over the blob stored under `key`, or nil when there is none.
    func reader(for key: String) -> BinaryReader? {
        blobs[key].map { BinaryReader(bytes, range: $0) }
    }

    /// The blob stored under `key` (to write it again without decoding).
    func blob(for key: String) -> ArraySlice<UInt8>? {
        blobs[key].map { bytes[$0] }
    }

    /// Whether the file holds exactly the entries `keys` (then writing them again would change nothing).
    func holdsExactly(_ keys: Set<String>) -> Bool {
        keys.count == blobs.count && keys.allSatisfy { blobs[$0] != nil }
    }

    /// Writes `entries` (key → blob) to `url` atomically, creating its folder.
    static func write(_ entries: [(key: String, blob: ArraySlice<UInt8>)], to url: URL, kind: Kind, stamp: String) throws {
        try write(count: entries.count, to: url, kind: kind, stamp: stamp) { entries[$0] }
    }

    /// Writes `count` entries to `url` atomically, creating its folder: `entry(i)` makes the `i`th, a batch at a
    /// time on every core, and each batch is written before the next is made, so the file is never all in memory
    /// (the caches of a 2,000-document site are hundreds of megabytes). Written beside `url`, then renamed.
    static func write(count: Int, to url: URL, kind: Kind, stamp: String, batchSize: Int = 64,
                      entry: @Sendable (Int) -> (key: String, blob: ArraySlice<UInt8>)) throws {
        let writer = try Writer(url: url, kind: kind, stamp: stamp, count: count)
        do {
            for start in stride(from: 0, to: count, by: max(batchSize, 1)) {
                let batch = Array(start..<min(start + max(batchSize, 1), count)).concurrentMap { entry($0) }
                for (key, blob) in batch { try writer.append(key: key, blob: blob) }
            }
            try writer.commit()
        } catch {
            writer.discard()
            throw error
        }
    }

    // MARK: - Writing entry by entry

    /// Writes a cache file an entry at a time, for callers that make the entries as they go: into a file
    /// beside `url`, renamed over it by `commit()`. A writer that is not committed removes its file.
    final class Writer {
        private let url: URL
        private let temporary: String
        private var handle: FileHandle?
        private let count: Int
        private var written = 0

        /// Starts the file of `count` entries, creating the folder of `url`.
        init(url: URL, kind: Kind, stamp: String, count: Int) throws {
            self.url = url
            self.count = count
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            temporary = url.path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
            guard FileManager.default.createFile(atPath: temporary, contents: nil),
                  let handle = FileHandle(forWritingAtPath: temporary) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary])
            }
            self.handle = handle
            var header = BinaryWriter()
            header.string(kind.magic)
            header.int(kind.format)
            header.string(stamp)
            header.int(count)
            do {
                try handle.write(contentsOf: header.bytes)
            } catch {
                discard()
                throw error
            }
        }

        /// Appends one entry (entries beyond the `count` the writer was made for are an error).
        func append(key: String, blob: ArraySlice<UInt8>) throws {
            guard let handle, written < count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary]) }
            var writer = BinaryWriter()
            writer.string(key)
            writer.blob(blob)
            try handle.write(contentsOf: writer.bytes)
            written += 1
        }

        /// Closes the file and renames it over `url`; an error when fewer entries than announced were appended.
        func commit() throws {
            guard let handle, written == count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary]) }
            try handle.close()
            self.handle = nil
            guard rename(temporary, url.path) == 0 else {
                let code = POSIXErrorCode(rawValue: errno) ?? .EIO
                unlink(temporary)
                throw POSIXError(code)
            }
        }

        /// Closes and removes the unfinished file (nothing when already committed).
        func discard() {
            guard let handle else { return }
            try? handle.close()
            self.handle = nil
            unlink(temporary)
        }

        deinit {
            discard()
        }
    }
}

// MARK: - Caches kept in one such file

/// A build cache whose entries live in a `BlobCacheFile` of its own kind: `RuleCache`, `DocumentCache`,
/// `SearchEntryCache`. Each adds how its entries are keyed, encoded and decoded.
protocol BlobCache: Sendable {
    /// The magic string and format of the cache's file.
    static var kind: BlobCacheFile.Kind { get }
    /// The file's entries.
    var file: BlobCacheFile { get }
    /// A cache over `file`.
    init(file: BlobCacheFile)
}

extension BlobCache {
    /// An empty cache.
    init() {
        self.init(file: BlobCacheFile())
    }

    /// The cache at `url`; empty when there is none, or it is damaged or was written by another docgen.
    init(contentsOf url: URL, stamp: String = BuildManifest.executableStamp) {
        self.init(file: BlobCacheFile(contentsOf: url, kind: Self.kind, stamp: stamp))
    }

    /// Writes `entries` (key → encoded entry) to `url` atomically, creating its folder.
    static func write(_ entries: [(key: String, encoded: ArraySlice<UInt8>)], to url: URL,
                      stamp: String = BuildManifest.executableStamp) throws {
        try BlobCacheFile.write(entries.map { ($0.key, $0.encoded) }, to: url, kind: kind, stamp: stamp)
    }

    /// Writes `count` entries made by `entry`, a batch at a time (`BlobCacheFile.write(count:to:kind:stamp:batchSize:entry:)`).
    static func write(count: Int, to url: URL, stamp: String = BuildManifest.executableStamp,
                      entry: @Sendable (Int) -> (key: String, blob: ArraySlice<UInt8>)) throws {
        try BlobCacheFile.write(count: count, to: url, kind: kind, stamp: stamp, entry: entry)
    }

    /// A writer of this cache's file at `url` for `count` entries, appended one at a time by a caller that makes
    /// them as it goes (`BlobCacheFile.Writer`: renamed over `url` on commit, removed otherwise).
    static func writer(to url: URL, count: Int, stamp: String = BuildManifest.executableStamp) throws -> BlobCacheFile.Writer {
        try BlobCacheFile.Writer(url: url, kind: kind, stamp: stamp, count: count)
    }
}
