import Foundation

// MARK: - Resolving links between documents

/// Decides what a link written in a document points to, and where it must point in the site.
public struct LinkResolver: Sendable {
    /// Anchors (heading ids and other ids) of each document, by slug.
    public var anchors: [String: Set<String>]
    /// Relative paths of every file in the content folder (to accept links to images and other files).
    public var otherFiles: Set<String>

    /// Creates a resolver over the given documents.
    public init(documents: [Document], extraAnchors: [String: Set<String>] = [:], otherFiles: Set<String> = []) {
        var anchors: [String: Set<String>] = [:]
        for document in documents {
            var ids = Set(document.headings.map(\.id))
            ids.formUnion(document.snippets.map(\.anchor))
            ids.formUnion(extraAnchors[document.slug] ?? [])
            anchors[document.slug] = ids
        }
        self.anchors = anchors
        self.otherFiles = otherFiles
    }

    /// What a link points to.
    public enum Resolution: Sendable, Equatable {
        /// A URL with a scheme (`https:`, `mailto:` …) or protocol-relative: not checked, not rewritten.
        case external
        /// A document in the site, optionally a heading in it.
        case document(slug: String, fragment: String?)
        /// A file of the content folder that is not a document (an image, say).
        case file(path: String)
        /// A `.md` file that is not in the content folder.
        case missingDocument(path: String)
        /// A relative path to something that does not exist.
        case missingFile(path: String)
        /// An existing document, but no heading or anchor with that id.
        case missingAnchor(slug: String, fragment: String)
    }

    /// Resolves `destination` as written in the document `fromSlug`.
    public func resolve(_ destination: String, from fromSlug: String) -> Resolution {
        let trimmed = destination.trimming(.whitespaces)
        if Self.isExternal(trimmed) { return .external }
        let (pathPart, fragment) = Self.splitFragment(trimmed)
        let path = Self.stripQuery(pathPart).removingPercentEncoding ?? Self.stripQuery(pathPart)
        if path.isEmpty {
            guard let fragment, !fragment.isEmpty else { return .document(slug: fromSlug, fragment: nil) }
            return check(slug: fromSlug, fragment: fragment)
        }
        let target = Self.normalize(path, relativeTo: fromSlug)
        if target.hasSuffix(".md") {
            let slug = String(target.dropLast(3))
            guard anchors[slug] != nil else { return .missingDocument(path: target) }
            guard let fragment, !fragment.isEmpty else { return .document(slug: slug, fragment: nil) }
            return check(slug: slug, fragment: fragment)
        }
        if otherFiles.contains(target) { return .file(path: target) }
        if anchors[target] != nil || (target.hasSuffix(".html") && anchors[String(target.dropLast(5))] != nil) {
            let slug = target.hasSuffix(".html") ? String(target.dropLast(5)) : target
            guard let fragment, !fragment.isEmpty else { return .document(slug: slug, fragment: nil) }
            return check(slug: slug, fragment: fragment)
        }
        return .missingFile(path: target)
    }

    private func check(slug: String, fragment: String) -> Resolution {
        let decoded = fragment.removingPercentEncoding ?? fragment
        if anchors[slug]?.contains(decoded) == true { return .document(slug: slug, fragment: decoded) }
        return .missingAnchor(slug: slug, fragment: decoded)
    }

    /// The destination to write in the page of `fromSlug`: `.md` links become relative `.html` links.
    public func siteDestination(_ destination: String, from fromSlug: String) -> String {
        let target: (slug: String, fragment: String?)
        switch resolve(destination, from: fromSlug) {
        case .document(let slug, let fragment): target = (slug, fragment)
        case .missingAnchor(let slug, let fragment): target = (slug, fragment)
        default: return destination
        }
        let (pathPart, rawFragment) = Self.splitFragment(destination)
        if pathPart.isEmpty { return destination }
        let path = Self.relativePath(from: fromSlug, to: target.slug + ".html")
        return rawFragment.map { path + "#" + $0 } ?? path
    }

    /// The closest existing anchor or document to a missing one, for "did you mean" hints.
    public func suggestion(for resolution: Resolution) -> String? {
        switch resolution {
        case .missingAnchor(let slug, let fragment):
            return Self.closest(to: fragment, in: anchors[slug] ?? []).map { "#" + $0 }
        case .missingDocument(let path):
            let stem = String(path.dropLast(3)).lowercased()
            return Self.closest(to: stem, in: Set(anchors.keys)).map { $0 + ".md" }
        case .missingFile(let path):
            return Self.closest(to: path, in: otherFiles)
        default:
            return nil
        }
    }

    // MARK: - Helpers

    static func isExternal(_ destination: String) -> Bool {
        if destination.hasPrefix("//") { return true }
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        guard let first = scheme.first, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    static func splitFragment(_ destination: String) -> (String, String?) {
        guard let hash = destination.firstIndex(of: "#") else { return (destination, nil) }
        return (String(destination[..<hash]), String(destination[destination.index(after: hash)...]))
    }

    static func stripQuery(_ path: String) -> String {
        guard let question = path.firstIndex(of: "?") else { return path }
        return String(path[..<question])
    }

    /// Resolves `path` against the folder of document `fromSlug`; `/`-rooted paths start at the content root.
    static func normalize(_ path: String, relativeTo fromSlug: String) -> String {
        var components: [Substring] = path.hasPrefix("/") ? [] : fromSlug.split(separator: "/").dropLast()
        for part in path.split(separator: "/") {
            switch part {
            case ".", "": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(part)
            }
        }
        return components.joined(separator: "/")
    }

    /// A relative URL from the page of `fromSlug` to `target` (a path relative to the site root).
    public static func relativePath(from fromSlug: String, to target: String) -> String {
        let depth = fromSlug.split(separator: "/").count - 1
        return String(repeating: "../", count: max(depth, 0)) + target
    }

    /// Levenshtein-closest candidate, if reasonably close.
    static func closest(to word: String, in candidates: Set<String>) -> String? {
        var best: (String, Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if best == nil || distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        let limit = max(3, word.count / 2)
        if distance <= limit || candidate.contains(word.lowercased()) || word.lowercased().contains(candidate) {
            return candidate
        }
        return nil
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
