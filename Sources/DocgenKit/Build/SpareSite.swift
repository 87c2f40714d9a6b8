import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - The previous site, kept for the next build to write into

/// The site before the last swap, kept beside the output folder (`.<output>.spare`) so that the next build
/// writes into it instead of into an empty folder.
///
/// After a swap the previous site and the new one share every unchanged file (hard links). Deleting the
/// previous site and linking every unchanged file into the next build's empty folder cost one `unlink` and
/// one `link` per file: on ext4, 23,000 calls and most of the kernel time of a rebuild of 500 documents after
/// one change. A build that takes the spare over instead keeps each file that is already the output folder's
/// (same inode: the same file), replaces the others, and deletes what the new site no longer has: work in
/// proportion to what changed since the build before last. Only a folder carrying docgen's marker is used.
struct SpareSite {
    /// Where the spare is kept: `.<output name>.spare` beside the output folder.
    let url: URL

    /// What a claimed spare holds, as `/`-separated paths relative to it (the marker file left out).
    struct Contents {
        var files: Set<String>
        var directories: Set<String>
    }

    /// The spare of `output`.
    init(output: URL) {
        url = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).spare")
    }

    /// Moves the spare to `destination` (one `rename`, so two builds never share it) and lists it; nil when
    /// there is no spare or it does not carry docgen's marker.
    func claim(as destination: URL) -> Contents? {
        guard SiteWriter.isOwned(url), rename(url.path, destination.path) == 0 else { return nil }
        let tree = DirectoryEntries.tree(destination.path)
        return Contents(files: Set(tree.files).subtracting([SiteWriter.markerName]), directories: Set(tree.directories))
    }

    /// Keeps `folder` (the previous site, just swapped out) as the spare; deletes it when a spare is already
    /// there (another build kept its own) or the move fails. The spare gets a `.gitignore` that ignores
    /// everything in it, so that it never shows in `git status` beside an ignored output folder (the next
    /// build deletes it with the other files the new site does not have).
    func keep(_ folder: URL) {
        guard rename(folder.path, url.path) == 0 else {
            SiteWriter.removeOwnedFolder(folder)
            return
        }
        _ = SiteWriter.writeBytes(Data(Self.gitignore.utf8), to: url.path + "/.gitignore")
    }

    /// The `.gitignore` of a spare.
    static let gitignore = "# The site docgen's last build replaced, kept to write the next one into; safe to delete.\n*\n"

    /// Whether the files at `first` and `second` are one file (same device and inode), without following links.
    static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        return lstat(first, &a) == 0 && lstat(second, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}
