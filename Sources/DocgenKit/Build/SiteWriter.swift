import CDocgenSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Writing the site safely

/// A file of the generated site.
public struct OutputFile: Sendable {
    /// Path relative to the site root, `/`-separated.
    public var path: String
    /// Contents.
    public var data: Data
    /// When true, the file is unchanged since the previous build: the writer takes it from the
    /// previous site (a hard link) and `data` is empty.
    public var reusesPreviousFile = false

    /// Creates an output file from text.
    public init(path: String, text: String) {
        self.path = path
        self.data = Data(text.utf8)
    }

    /// Creates an output file from bytes.
    public init(path: String, data: Data) {
        self.path = path
        self.data = data
    }

    /// True when the file is already in the staging folder (`docgen build` streams pages there as they are
    /// rendered); `data` is then empty and writers skip it.
    public var isWritten = false

    /// This file without its bytes, marked as written.
    public var written: OutputFile {
        var file = OutputFile(path: path, data: Data())
        file.isWritten = true
        return file
    }

    /// A file to take unchanged from the previous site.
    public static func reused(_ path: String) -> OutputFile {
        var file = OutputFile(path: path, data: Data())
        file.reusesPreviousFile = true
        return file
    }
}

/// Writes a complete site into a temporary folder beside the output folder and swaps it in only
/// when every file is written, so a failed or interrupted build leaves the last good site intact.
/// It only ever deletes folders that carry docgen's marker file.
public struct SiteWriter: Sendable {
    /// Name of the marker file docgen puts in every folder it creates.
    public static let markerName = ".docgen-site"

    /// The output folder.
    public var output: URL

    /// Writes the bytes of one new file at a path; returns 0, or the `errno` of the failure. Always
    /// `writeBytes(_:to:)`'s system calls, except in tests, which inject a disk that fills up.
    var writeBytes: @Sendable (Data, String) -> Int32 = { data, path in SiteWriter.writeBytes(data, to: path) }

    /// Whether the site a swap replaces is kept as the output folder's spare (`SpareSite`) and the next
    /// build writes into that spare instead of an empty folder. `docgen build` keeps it unless `--no-cache`.
    public var recyclesPreviousSite = false

    /// Creates a writer for `output`.
    public init(output: URL) {
        self.output = output.standardizedFileURL
    }

    /// Why the site could not be written.
    public enum Failure: LocalizedError, Equatable {
        case outputIsAFile(String)
        case notCreatedByDocgen(String)
        case writeFailed(path: String, reason: String)
        case swapFailed(String)
        case previousFileMissing(String)

        public var errorDescription: String? {
            switch self {
            case .outputIsAFile(let path):
                return "output '\(path)' is a file, not a folder; choose another --output"
            case .notCreatedByDocgen(let path):
                return "output folder '\(path)' exists and was not created by docgen (it has no \(SiteWriter.markerName) marker), so docgen will not replace it; choose another --output or empty it yourself"
            case .writeFailed(let path, let reason):
                return "cannot write '\(path)': \(reason); the previous site was left untouched"
            case .swapFailed(let reason):
                return "cannot move the new site into place: \(reason); the previous site was left untouched"
            case .previousFileMissing(let path):
                return "the previous site has no '\(path)' to reuse; build again from scratch"
            }
        }
    }

    /// Checks that the output folder may be replaced; call before doing expensive work.
    public func validate() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw Failure.outputIsAFile(output.path) }
        guard Self.isOwned(output) || Self.isEmptyDirectory(output) else {
            throw Failure.notCreatedByDocgen(output.path)
        }
    }

    /// Writes `files` as the new site and swaps it in.
    public func write(_ files: [OutputFile]) throws {
        try validate()
        let staging = SiteStaging(writer: self)
        do {
            try staging.write(files)
            try staging.commit()
        } catch {
            staging.discard()
            throw error
        }
    }

    /// Writes one file into the staging folder with plain system calls (or hard-links the previous
    /// site's copy); returns what went wrong, if anything. `replacing`: a file of a recycled spare is at the
    /// path; it is kept when it is the previous site's file, else unlinked first (it may be a link shared with
    /// the live site, which must never be written through).
    static func write(_ file: OutputFile, into staging: String, previousSite: String, replacing: Bool = false,
                      writeBytes: (Data, String) -> Int32) -> Failure? {
        if file.isWritten { return nil }
        let destination = staging + "/" + file.path
        if file.reusesPreviousFile {
            // Unchanged since the last build: link the previous site's file (no copy, no read).
            let source = previousSite + "/" + file.path
            if replacing {
                if SpareSite.isSameFile(source, destination) { return nil }
                unlink(destination)
            }
            return link(source, destination) == 0 ? nil : .previousFileMissing(file.path)
        }
        if replacing {
            // Creating a file is the dearest step on ext4 (finding a free inode); most files are as they were.
            if hasContents(file.data, at: destination) { return nil }
            unlink(destination)
        }
        let error = writeBytes(file.data, destination)
        return error == 0 ? nil : .writeFailed(path: file.path, reason: String(cString: strerror(error)))
    }

    /// Writes `data` to a new file at `path` with plain system calls; returns 0 or the `errno` of the failure.
    static func writeBytes(_ data: Data, to path: String) -> Int32 {
        // O_EXCL: a file already at `path` may be a hard link into the live site; never truncate it.
        write(data, to: path, flags: O_CREAT | O_EXCL)
    }

    /// Whether the regular file at `path` (not followed if a link) holds exactly `data`.
    static func hasContents(_ data: Data, at path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == data.count else { return false }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var existing = [UInt8](repeating: 0, count: data.count + 1)
        var total = 0
        while total < existing.count {
            let count = existing.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + total }, buffer.count - total)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        guard total == data.count else { return false }
        return data.isEmpty || data.withUnsafeBytes { new in
            existing.withUnsafeBytes { old in
                guard let new = new.baseAddress, let old = old.baseAddress else { return false }
                return memcmp(new, old, total) == 0
            }
        }
    }

    /// Appends `data` to the file at `path`, which this build created; returns 0 or the `errno` of the failure.
    static func appendBytes(_ data: Data, to path: String) -> Int32 {
        write(data, to: path, flags: O_APPEND)
    }

    private static func write(_ data: Data, to path: String, flags: Int32) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | flags, 0o644)
        guard descriptor >= 0 else { return errno }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        return failure
    }

    /// Replaces the output folder by `staging` (atomically where the kernel allows it).
    func swapIn(_ staging: URL) throws {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: output.path) else {
            guard rename(staging.path, output.path) == 0 else { throw Failure.swapFailed(String(cString: strerror(errno))) }
            return
        }
        // renameat2(RENAME_EXCHANGE) swaps both folders in one step: readers never see a missing site.
        if docgen_exchange_paths(staging.path, output.path) == 0 {
            retire(staging)  // now holds the previous site
            return
        }
        let previous = output.deletingLastPathComponent()
            .appendingPathComponent(".\(output.lastPathComponent).old-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        guard rename(output.path, previous.path) == 0 else { throw Failure.swapFailed(String(cString: strerror(errno))) }
        guard rename(staging.path, output.path) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(previous.path, output.path)
            throw Failure.swapFailed(reason)
        }
        retire(previous)
    }

    /// Keeps the previous site as the spare (`recyclesPreviousSite`) or deletes it.
    private func retire(_ previous: URL) {
        if recyclesPreviousSite {
            SpareSite(output: output).keep(previous)
        } else {
            Self.removeOwnedFolder(previous)
        }
    }

    /// Removes temporary folders that interrupted builds left beside the output folder (only those with
    /// our marker, or empty).
    func removeStaleTemporaries() {
        removeStaleTemporaries(in: output.deletingLastPathComponent())
    }

    /// Removes temporary folders that interrupted builds left in `parent` (only those with our marker, or empty).
    private func removeStaleTemporaries(in parent: URL) {
        let prefixes = [".\(output.lastPathComponent).tmp-", ".\(output.lastPathComponent).old-"]
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where prefixes.contains(where: { name.hasPrefix($0) }) {
            let url = parent.appendingPathComponent(name)
            let pid = name.split(separator: "-").dropLast().last.flatMap { Int32($0) }
            if let pid, pid != getpid(), kill(pid, 0) == 0 { continue }  // another build is running
            if Self.isOwned(url) || Self.isEmptyDirectory(url) { Self.removeOwnedFolder(url) }
        }
    }

    /// Deletes a folder docgen made, marker last, so that a build killed while deleting it leaves a folder
    /// that still carries the marker (or is empty) and is removed by the next build. (`removeItem` deletes
    /// in directory order: killed half-way, it left folders without their marker, which no build would
    /// ever remove.)
    /// `remove` deletes one file or folder (tests inject one that stops half-way, as a kill would).
    static func removeOwnedFolder(_ folder: URL, remove: (URL) throws -> Void = { try TreeRemover.remove($0.path) }) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name != markerName {
            try? remove(folder.appendingPathComponent(name))
        }
        try? remove(folder)
    }

    static func isOwned(_ directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(markerName).path)
    }

    static func isEmptyDirectory(_ directory: URL) -> Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty) ?? false
    }

    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        // On Linux the underlying error is a Swift `POSIXError`, which `as? NSError` does not match.
        if let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? Error).map({ $0 as NSError }),
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
