import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - The folder a new site is written into

/// The temporary folder beside the output folder that a new site is written into, file by file, and that
/// replaces the output folder in one step when the site is complete (`commit()`).
///
/// It is created on the first write, marker first, so a build that fails before writing anything leaves
/// nothing behind, and a build killed half-way leaves a folder the next build recognises and removes.
/// `docgen build` streams pages into it as they are rendered, so the whole site is never held in memory.
public final class SiteStaging: Sendable {
    private let writer: SiteWriter
    private let state = Locked(State())

    private struct State {
        var folder: URL?
        var directories: Set<String> = [""]
        var paths: Set<String> = []
        /// Files of the claimed spare (`SpareSite`) that this build has not written yet.
        var leftovers: Set<String> = []
        /// Folders of the claimed spare.
        var spareDirectories: Set<String> = []
    }

    /// Creates a staging area for `writer`'s output folder; nothing is created on disk yet.
    public init(writer: SiteWriter) {
        self.writer = writer
    }

    // MARK: - Writing

    /// Writes `files` into the staging folder (two writers for large batches) and returns them without
    /// their bytes, so that the caller keeps only their paths. A path written twice keeps the last file;
    /// files already written (`isWritten`) are passed over.
    @discardableResult
    public func write(_ files: [OutputFile]) throws -> [OutputFile] {
        guard !files.isEmpty else { return [] }
        let (folder, replacing) = try prepare(files)
        let failures = Locked<[(index: Int, failure: SiteWriter.Failure)]>([])
        let writers = files.count > 256 ? 2 : 1
        let stagingPath = folder.path, outputPath = writer.output.path, writeBytes = writer.writeBytes
        DispatchQueue.concurrentPerform(iterations: writers) { lane in
            for index in stride(from: lane, to: files.count, by: writers) {
                if let failure = SiteWriter.write(files[index], into: stagingPath, previousSite: outputPath,
                                                  replacing: replacing[index], writeBytes: writeBytes) {
                    failures.withLock { $0.append((index, failure)) }
                    return
                }
            }
        }
        if let first = failures.withLock({ $0.min { $0.index < $1.index } }) { throw first.failure }
        return files.map(\.written)
    }

    /// Writes the file at `path` made of `parts`: a batch of parts (one per core) is made in parallel and
    /// written before the next is made, so the file is never whole in memory. Returns it without its bytes.
    public func write(_ path: String, parts: OutputParts) throws -> OutputFile {
        let placeholder = OutputFile(path: path, data: Data())
        let (folder, replacing) = try prepare([placeholder])
        let destination = folder.path + "/" + path
        if replacing[0] { unlink(destination) }
        let batchSize = ProcessInfo.processInfo.activeProcessorCount
        var first = true
        for start in stride(from: 0, to: parts.count, by: batchSize) {
            let batch = Array(start..<min(start + batchSize, parts.count)).concurrentMap(parts.part)
            let data = batch.count == 1 ? Data(batch[0]) : Data(batch.joined())
            let error = first ? writer.writeBytes(data, destination) : SiteWriter.appendBytes(data, to: destination)
            first = false
            if error != 0 { throw SiteWriter.Failure.writeFailed(path: path, reason: String(cString: strerror(error))) }
        }
        return placeholder.written
    }

    /// Writes one file; see `write(_:)`.
    public func write(_ file: OutputFile) throws -> OutputFile {
        try write([file])[0]
    }

    /// Creates the staging folder (first call) and the folders `files` go into; removes files already
    /// written at their paths, so that the last one wins. Returns the folder and, for each file, whether a
    /// file of the claimed spare is at its path (to keep, if it is the output folder's, or to replace).
    /// Failures are `SiteWriter.Failure`s.
    private func prepare(_ files: [OutputFile]) throws -> (URL, [Bool]) {
        do {
            return try prepareFolders(files)
        } catch let failure as SiteWriter.Failure {
            throw failure
        } catch {
            throw SiteWriter.Failure.writeFailed(path: writer.output.path, reason: SiteWriter.reason(error))
        }
    }

    private func prepareFolders(_ files: [OutputFile]) throws -> (URL, [Bool]) {
        try state.withLock { state -> (URL, [Bool]) in
            let folder = try state.folder ?? createFolder(&state)
            state.folder = folder
            var replacing = [Bool](repeating: false, count: files.count)
            for (index, file) in files.enumerated() where !file.isWritten {
                let directory = (file.path as NSString).deletingLastPathComponent
                if !state.directories.contains(directory) {
                    // A spare made from another layout may have a file where a folder goes, or the reverse.
                    var ancestor = ""
                    for component in directory.split(separator: "/") where !state.leftovers.isEmpty {
                        ancestor += ancestor.isEmpty ? String(component) : "/" + component
                        if state.leftovers.remove(ancestor) != nil { unlink(folder.path + "/" + ancestor) }
                    }
                    try FileManager.default.createDirectory(at: folder.appendingPathComponent(directory),
                                                            withIntermediateDirectories: true)
                    state.directories.insert(directory)
                }
                if state.spareDirectories.contains(file.path), !state.directories.contains(file.path) {
                    try? TreeRemover.remove(folder.path + "/" + file.path)
                }
                if !state.paths.insert(file.path).inserted {
                    unlink(folder.path + "/" + file.path)
                } else if state.leftovers.remove(file.path) != nil {
                    replacing[index] = true
                }
            }
            return (folder, replacing)
        }
    }

    /// Creates the staging folder: the spare of the output folder taken over (when the writer recycles it),
    /// else a new folder.
    private func createFolder(_ state: inout State) throws -> URL {
        try writer.validate()
        let parent = writer.output.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        writer.removeStaleTemporaries()
        let name = ".\(writer.output.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let folder = parent.appendingPathComponent(name)
        if writer.recyclesPreviousSite, let spare = SpareSite(output: writer.output).claim(as: folder) {
            state.leftovers = spare.files
            state.spareDirectories = spare.directories
            return folder
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            // The marker goes first: whatever happens next, the folder is recognisably ours.
            try Data("generated by docgen; this folder may be replaced by the next build\n".utf8)
                .write(to: folder.appendingPathComponent(SiteWriter.markerName))
        } catch {
            SiteWriter.removeOwnedFolder(folder)
            throw SiteWriter.Failure.writeFailed(path: folder.path, reason: SiteWriter.reason(error))
        }
        return folder
    }

    // MARK: - Finishing

    /// Replaces the output folder with the staging folder (created empty if nothing was written), after
    /// deleting what a claimed spare had that this build did not write.
    public func commit() throws {
        let folder = try state.withLock { state -> URL in
            let folder = try state.folder ?? createFolder(&state)
            state.folder = nil
            for path in state.leftovers { unlink(folder.path + "/" + path) }
            // Deepest first; a folder that still holds something stays.
            for directory in state.spareDirectories.sorted(by: >) where !state.directories.contains(directory) {
                rmdir(folder.path + "/" + directory)
            }
            state.leftovers = []
            return folder
        }
        do {
            try writer.swapIn(folder)
        } catch {
            SiteWriter.removeOwnedFolder(folder)
            throw error
        }
    }

    /// Removes the staging folder and everything written into it (a claimed spare too: a failure may be a
    /// full disk); the output folder is left as it was.
    public func discard() {
        let folder = state.withLock { state -> URL? in
            defer { state.folder = nil }
            return state.folder
        }
        if let folder { SiteWriter.removeOwnedFolder(folder) }
    }

    /// The number of distinct paths written so far.
    public var writtenCount: Int {
        state.withLock { $0.paths.count }
    }
}
