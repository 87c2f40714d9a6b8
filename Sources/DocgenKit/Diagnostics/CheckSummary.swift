// MARK: - The summary line

/// The counts of a check and the closing line every format prints:
/// `49 snippets: 47 passed, 2 failed, 0 skipped; 131 links: 25 broken`.
public struct CheckSummary: Sendable, Hashable, Codable {
    /// Snippets found.
    public var snippets: Int
    /// Snippets that parse (or fail as their `expect-error` says).
    public var passed: Int
    /// Snippets with errors.
    public var failed: Int
    /// Snippets marked `ignore`.
    public var skipped: Int
    /// Internal links checked.
    public var links: Int
    /// Internal links that do not resolve.
    public var brokenLinks: Int
    /// Errors that are neither snippet verdicts nor broken links (unreadable files, front matter …).
    public var otherErrors: Int
    /// Warnings of any kind.
    public var warnings: Int

    /// Creates a summary.
    public init(snippets: Int, passed: Int, failed: Int, skipped: Int, links: Int, brokenLinks: Int,
                otherErrors: Int = 0, warnings: Int = 0) {
        self.snippets = snippets
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
        self.links = links
        self.brokenLinks = brokenLinks
        self.otherErrors = otherErrors
        self.warnings = warnings
    }

    /// The closing line.
    public var line: String {
        var text = "\(snippets) snippet\(snippets == 1 ? "" : "s"): \(passed) passed, \(failed) failed, \(skipped) skipped; "
            + "\(links) link\(links == 1 ? "" : "s"): \(brokenLinks) broken"
        var extra: [String] = []
        if otherErrors > 0 { extra.append("\(otherErrors) other error\(otherErrors == 1 ? "" : "s")") }
        if warnings > 0 { extra.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        if !extra.isEmpty { text += "; " + extra.joined(separator: ", ") }
        return text
    }
}
