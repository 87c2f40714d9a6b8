import Foundation

// MARK: - Watching the sources

/// Polls folders (and single files) for changes by size, modification time and inode — portable, and on
/// Linux simpler than recursive inotify — and reports each burst of changes once.
///
/// A change is reported after the tree has been quiet for `quietPeriod` (an editor that saves twice, or
/// a `git checkout` that writes many files, triggers one rebuild), but never later than `maximumDelay`
/// after it was first seen.
public struct ContentWatcher: Sendable {
    /// Folders watched recursively.
    public var folders: [URL]
    /// Single files watched (configuration).
    public var files: [URL]
    /// Time between two scans.
    public var interval: Duration
    /// Quiet time that ends a burst.
    public var quietPeriod: Duration
    /// Longest wait after the first change of a burst.
    public var maximumDelay: Duration

    /// Creates a watcher.
    public init(folders: [URL], files: [URL] = [], interval: Duration = .milliseconds(50),
                quietPeriod: Duration = .milliseconds(30), maximumDelay: Duration = .seconds(1)) {
        self.folders = folders
        self.files = files
        self.interval = interval
        self.quietPeriod = quietPeriod
        self.maximumDelay = maximumDelay
    }

    /// The current stamps.
    public func scan() -> [String: FileStamp] {
        FileTreeScanner.scan(folders: folders.map(\.path), files: files.map(\.path))
    }

    /// Watches until the task is cancelled, calling `onChange` with the changed paths (added, modified or
    /// removed; absolute, sorted) after each burst. Changes made while `onChange` runs are reported next.
    /// Changes are counted from `baseline` (a scan taken before the first build, so that saves made during
    /// it are not missed), or from the first scan.
    public func run(from baseline: [String: FileStamp]? = nil, onChange: @Sendable ([String]) async -> Void) async {
        var current = baseline ?? scan()
        let clock = ContinuousClock()
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            var latest = scan()
            guard latest != current else { continue }
            let first = clock.now
            while clock.now - first < maximumDelay {
                do { try await Task.sleep(for: quietPeriod) } catch { return }
                let again = scan()
                if again == latest { break }
                latest = again
            }
            let changed = Self.difference(current, latest)
            current = latest
            if !changed.isEmpty { await onChange(changed) }
        }
    }

    /// Paths added, removed or changed between two scans, sorted.
    public static func difference(_ old: [String: FileStamp], _ new: [String: FileStamp]) -> [String] {
        var changed: Set<String> = []
        for (path, stamp) in new where old[path] != stamp { changed.insert(path) }
        for path in old.keys where new[path] == nil { changed.insert(path) }
        return changed.sorted()
    }
}
