import Foundation

// MARK: - Theme files that lead outside the theme

/// Finds site files copied from the theme folder through a symbolic link that resolves outside it.
///
/// The theme loader reads linked files like any other, so `Theme/assets/x -> /etc/passwd` would become
/// the site file `assets/x`. The server leaves such files out of what it serves.
enum ThemeLinkGuard {
    /// The site paths among `paths` whose theme file resolves outside `themeDirectory`.
    static func outsidePaths<Paths: Collection<String>>(in paths: Paths, themeDirectory: URL?) -> Set<String> {
        guard let themeDirectory else { return [] }
        let root = themeDirectory.resolvingSymlinksInPath().standardizedFileURL.path
        let topLevel = Set((try? FileManager.default.contentsOfDirectory(atPath: themeDirectory.path)) ?? [])
        var outside: Set<String> = []
        for path in paths {
            guard let first = path.split(separator: "/").first, topLevel.contains(String(first)) else { continue }
            let candidate = themeDirectory.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: candidate.path) else { continue }
            let resolved = candidate.resolvingSymlinksInPath().standardizedFileURL.path
            if !resolved.hasPrefix(root + "/") { outside.insert(path) }
        }
        return outside
    }
}
