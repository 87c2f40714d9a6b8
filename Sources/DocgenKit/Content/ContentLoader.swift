import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Loading the content folder

/// Finds and reads the Markdown files of a content folder.
///
/// Files are read strictly: every unreadable or undecodable file becomes an error diagnostic naming it,
/// files that are not Markdown are skipped with a warning, symbolic links that lead outside the folder
/// are not followed.
public struct ContentLoader: Sendable {
    /// The content folder.
    public var directory: URL
    /// How the folder is named in messages (e.g. `Content`).
    public var displayName: String

    /// Creates a loader for `directory`.
    public init(directory: URL, displayName: String? = nil) {
        self.directory = directory.standardizedFileURL
        self.displayName = displayName ?? directory.lastPathComponent
    }

    /// Errors that stop loading altogether.
    public enum Failure: LocalizedError, Equatable {
        case missingDirectory(String)
        case notADirectory(String)

        public var errorDescription: String? {
            switch self {
            case .missingDirectory(let path):
                return "content folder '\(path)' does not exist; create it with your .md files or pass --content DIR"
            case .notADirectory(let path):
                return "'\(path)' is not a folder; pass the folder holding your .md files with --content DIR"
            }
        }
    }

    /// The result of loading: the decoded files and what went wrong with the others.
    public struct Result: Sendable {
        /// Readable Markdown files, sorted by path.
        public var files: [SourceFile]
        /// Problems with individual files.
        public var diagnostics: [Diagnostic]
    }

    /// Lists the Markdown files (recursively, hidden files excluded) and reads each one.
    public func load() throws -> Result {
        let paths = try markdownPaths()
        var files: [SourceFile] = []
        var diagnostics = paths.diagnostics
        for relative in paths.markdown {
            switch read(relative) {
            case .file(let file): files.append(file)
            case .skipped(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        return Result(files: files, diagnostics: diagnostics)
    }

    /// The size and modification time of a file, to notice changes without reading it.
    public struct Stamp: Sendable, Hashable {
        /// Size in bytes.
        public var size: Int
        /// Modification time.
        public var modified: Date
    }

    /// The stamp of `relativePath`, nil when it cannot be examined.
    public func stamp(_ relativePath: String) -> Stamp? {
        guard let info = Self.status(directory.appendingPathComponent(relativePath).path) else { return nil }
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1_000_000_000
        return Stamp(size: Int(info.st_size), modified: Date(timeIntervalSince1970: modified))
    }

    /// What reading one file gave: the file, or the diagnostic saying why it was skipped.
    public enum ReadOutcome: Sendable {
        case file(SourceFile)
        case skipped(Diagnostic)
    }

    /// Reads and decodes one Markdown file.
    public func read(_ relative: String) -> ReadOutcome {
        let display = displayName + "/" + relative
        let url = directory.appendingPathComponent(relative)
        guard let info = Self.status(url.path), info.st_mode & S_IFMT == S_IFREG else {
            // A FIFO or device named *.md would block or never end: never read one.
            return .skipped(Diagnostic(.warning, file: display, id: "content.not-regular-file",
                message: "not a regular file (a pipe, socket or device); it is skipped"))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .skipped(Diagnostic(.error, file: display, id: "content.unreadable",
                message: "cannot read file (\(Self.reason(error))); check its permissions"))
        }
        switch SourceFile.decode(data) {
        case .success(let text):
            if text.consists(of: .whitespacesAndNewlines) {
                return .skipped(Diagnostic(.warning, file: display, id: "content.empty",
                    message: "document is empty; it is skipped (write some Markdown or delete the file)"))
            }
            return .file(SourceFile(relativePath: relative, displayPath: display, text: text))
        case .failure(let failure):
            return .skipped(Diagnostic(.error, file: display,
                range: failure.position.map { SourceRange(start: $0, end: $0) },
                id: "content.encoding", message: failure.message))
        }
    }

    /// `stat` of `path`, following symbolic links; nil when it cannot be read. (`FileManager.attributesOfItem`
    /// also looked up the owner's and group's names, reading `/etc/nsswitch.conf` twice per document.)
    private static func status(_ path: String) -> stat? {
        var info = stat()
        return fstatat(AT_FDCWD, path, &info, 0) == 0 ? info : nil
    }

    /// Relative paths of every non-hidden file in the folder (Markdown or not), for link checking.
    public func allFilePaths() throws -> Set<String> {
        let root = directory.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: Set<String> = []
        for case let path as String in enumerator where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            paths.insert(path)
        }
        return paths
    }

    /// Walks the folder. Returns the relative paths of `.md` files and warnings about everything skipped.
    public func markdownPaths() throws -> (markdown: [String], diagnostics: [Diagnostic]) {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            throw Failure.missingDirectory(displayName)
        }
        guard isDirectory.boolValue else { throw Failure.notADirectory(displayName) }
        let root = directory.resolvingSymlinksInPath().path
        var markdown: [String] = []
        var diagnostics: [Diagnostic] = []
        var pending: [String] = [""]
        var visited: Set<String> = []
        while let relativeDirectory = pending.popLast() {
            let absolute = relativeDirectory.isEmpty ? directory.path : directory.appendingPathComponent(relativeDirectory).path
            let resolved = URL(fileURLWithPath: absolute).resolvingSymlinksInPath().path
            guard visited.insert(resolved).inserted else { continue }
            let names: [String]
            do {
                names = try fileManager.contentsOfDirectory(atPath: absolute).sorted()
            } catch {
                diagnostics.append(Diagnostic(.error, file: displayName + "/" + relativeDirectory, id: "content.unreadable",
                    message: "cannot list folder (\(Self.reason(error))); check its permissions"))
                continue
            }
            for name in names where !name.hasPrefix(".") {
                let relative = relativeDirectory.isEmpty ? name : relativeDirectory + "/" + name
                let display = displayName + "/" + relative
                let url = directory.appendingPathComponent(relative)
                let target = url.resolvingSymlinksInPath().path
                if target != url.standardizedFileURL.path, !(target == root || target.hasPrefix(root + "/")) {
                    diagnostics.append(Diagnostic(.warning, file: display, id: "content.symlink-outside",
                        message: "symbolic link leads outside the content folder (to \(target)); it is not followed"))
                    continue
                }
                var entryIsDirectory: ObjCBool = false
                guard fileManager.fileExists(atPath: url.path, isDirectory: &entryIsDirectory) else {
                    var info = stat()
                    let isLoop = stat(url.path, &info) != 0 && errno == ELOOP
                    diagnostics.append(Diagnostic(.warning, file: display, id: "content.broken-symlink",
                        message: isLoop ? "symbolic link loop (following the links never reaches a file); it is skipped"
                                        : "symbolic link points to nothing; it is skipped"))
                    continue
                }
                if entryIsDirectory.boolValue {
                    if target != url.standardizedFileURL.path, visited.contains(target) {
                        diagnostics.append(Diagnostic(.warning, file: display, id: "content.symlink-loop",
                            message: "symbolic link leads back to a folder that is already read (a loop); it is skipped"))
                        continue
                    }
                    pending.append(relative)
                } else if name.hasSuffix(".md") {
                    markdown.append(relative)
                } else {
                    diagnostics.append(Diagnostic(.warning, file: display, id: "content.not-markdown",
                        message: "not a Markdown file (.md); it is skipped"))
                }
            }
        }
        return (markdown.sorted(), diagnostics)
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        // On Linux the underlying error is a Swift `POSIXError`, which `as? NSError` does not match.
        if let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? Error).map({ $0 as NSError }),
           underlying.domain == NSPOSIXErrorDomain,
           let description = String(validatingCString: strerror(Int32(underlying.code))) {
            return description
        }
        return nsError.localizedDescription
    }
}
