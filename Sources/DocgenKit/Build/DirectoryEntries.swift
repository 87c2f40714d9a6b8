import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Reading a folder without a stat per entry

/// The entries of one folder, read with `readdir`, each with whether it is a folder (from `d_type`; `fstatat`
/// only on file systems that do not fill it in). Symbolic links count as files: they are never followed.
public enum DirectoryEntries {
    /// The names in the folder at `path` (without "." and ".."), or nil with `errno` set when it cannot be read.
    public static func read(_ path: String) -> [(name: String, isDirectory: Bool)]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var entries: [(name: String, isDirectory: Bool)] = []
        while let entry = readdir(directory) {
            // Read in place, up to its NUL: `readdir`'s record is only as long as its name, so copying the whole
            // 256-byte `d_name` field read past the end of the last record in the buffer (AddressSanitizer found it).
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard name != ".", name != ".." else { continue }
            var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var info = stat()
                isDirectory = fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
            entries.append((name, isDirectory))
        }
        return entries
    }

    /// Every file (and symbolic link) under the folder at `path`, and every folder below it, as `/`-separated
    /// paths relative to it; folders come before what they contain.
    static func tree(_ path: String) -> (files: [String], directories: [String]) {
        var files: [String] = [], directories: [String] = []
        func visit(_ relative: String) {
            for (name, isDirectory) in read(relative.isEmpty ? path : path + "/" + relative) ?? [] {
                let child = relative.isEmpty ? name : relative + "/" + name
                if isDirectory {
                    directories.append(child)
                    visit(child)
                } else {
                    files.append(child)
                }
            }
        }
        visit("")
        return (files, directories)
    }
}
