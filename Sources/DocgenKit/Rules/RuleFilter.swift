import Foundation

// MARK: - Filtering rules (docgen rules)

/// The filters of `docgen rules` and of the Rules page; every given filter must match.
public struct RuleFilter: Sendable, Hashable {
    /// Document slug or file name (`style-guide`, `style-guide.md`); case-insensitive.
    public var document: String?
    /// A term as the user types it (`singletons`, `@Observable`); normalised like rule terms.
    public var term: String?
    /// Strengths to keep (any of them).
    public var strengths: Set<RuleStrength>
    /// `P1`, `P2`…, or `none` for rules without a priority; case-insensitive.
    public var priority: String?
    /// Words that must all appear in the rule's text or id (case-insensitive).
    public var search: String?

    /// Creates a filter; nil or empty values match everything.
    public init(document: String? = nil, term: String? = nil, strengths: Set<RuleStrength> = [],
                priority: String? = nil, search: String? = nil) {
        self.document = document
        self.term = term
        self.strengths = strengths
        self.priority = priority
        self.search = search
    }

    /// The rules that match, in order.
    public func apply(_ rules: [Rule]) -> [Rule] {
        rules.filter(matches)
    }

    /// Whether one rule matches.
    public func matches(_ rule: Rule) -> Bool {
        if let document = nonEmpty(document) {
            let wanted = document.lowercased().replacingOccurrences(of: ".md", with: "")
            let slug = rule.document.lowercased()
            guard slug == wanted || slug.hasSuffix("/" + wanted) else { return false }
        }
        if !strengths.isEmpty, !strengths.contains(rule.strength) { return false }
        if let priority = nonEmpty(priority) {
            if priority.lowercased() == "none" {
                guard rule.priority == nil else { return false }
            } else {
                guard rule.priority?.lowercased() == priority.lowercased() else { return false }
            }
        }
        if let term = nonEmpty(term) {
            let key = TermExtractor.canonicalKey(term)
            let keys = rule.terms.map(TermExtractor.key)
            guard keys.contains(key) || keys.contains(where: { $0.lowercased() == key.lowercased() }) else { return false }
        }
        if let search = nonEmpty(search) {
            let haystack = (rule.plainText + " " + rule.id).lowercased()
            let words = search.lowercased().split(whereSeparator: \.isWhitespace)
            guard words.allSatisfy({ haystack.contains($0) }) else { return false }
        }
        return true
    }

    /// One line per rule: `id  strength  priority  text` (priority `-` when none).
    public static func textLines(_ rules: [Rule]) -> String {
        rules.map { rule in
            let strength = rule.strength.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
            let priority = (rule.priority ?? "-").padding(toLength: 2, withPad: " ", startingAt: 0)
            return "\(rule.id)  \(strength)  \(priority)  \(rule.text)"
        }.joined(separator: "\n")
    }

    private func nonEmpty(_ value: String?) -> String? {
        guard let value = value?.trimming(.whitespaces), !value.isEmpty else { return nil }
        return value
    }
}
