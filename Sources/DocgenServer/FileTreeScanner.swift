#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DocgenKit

// MARK: - Stamps of a folder tree

/// What identifies one version of a file without reading it.
public struct FileStamp: Sendable, Hashable {
    /// Size in bytes.
    public var size: Int64
    /// Modification time, seconds part.
    public var seconds: Int
    /// Modification time, nanoseconds part.
    public var nanoseconds: Int
    /// Inode: an atomic save (write a temporary file, rename it over the old one) changes it.
    public var inode: UInt64
}

/// Lists every file below some folders with its `FileStamp`, using `opendir`/`lstat` directly (a few
/// microseconds per file, cheap enough to poll many times a second).
///
/// Hidden entries (`.name`, editor swap files among them) and backups (`name~`) are skipped. Symbolic links
/// are stamped by their target; linked folders are not descended into, so a link loop cannot hang the scan.
public enum FileTreeScanner {
    /// Stamps by absolute path (`folder/relative/path`) of the files below `folders` and of the single `files`.
    public static func scan(folders: [String], files: [String] = []) -> [String: FileStamp] {
        var result: [String: FileStamp] = [:]
        for folder in folders { walk(folder, depth: 0, into: &result) }
        for file in files {
            if let stamp = stamp(of: file, followingLinks: true), !stamp.isDirectory { result[file] = stamp.stamp }
        }
        return result
    }

    private static let maximumDepth = 32

    private static func walk(_ folder: String, depth: Int, into result: inout [String: FileStamp]) {
        guard depth < maximumDepth, let entries = DirectoryEntries.read(folder) else { return }
        for (name, _) in entries {
            if name.hasPrefix(".") || name.hasSuffix("~") { continue }
            let path = folder + "/" + name
            guard let own = stamp(of: path, followingLinks: false) else { continue }
            if own.isDirectory {
                walk(path, depth: depth + 1, into: &result)
            } else if own.isLink {
                if let target = stamp(of: path, followingLinks: true), !target.isDirectory { result[path] = target.stamp }
            } else {
                result[path] = own.stamp
            }
        }
    }

    private static func stamp(of path: String, followingLinks: Bool) -> (stamp: FileStamp, isDirectory: Bool, isLink: Bool)? {
        var info = stat()
        let status = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard status == 0 else { return nil }
        let kind = info.st_mode & S_IFMT
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        let stamp = FileStamp(size: Int64(info.st_size), seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec),
                              inode: UInt64(info.st_ino))
        return (stamp, kind == S_IFDIR, kind == S_IFLNK)
    }
}
