// MARK: - Fingerprints of whole values

/// Every stored field of the values that site-wide pages are made from, for fingerprints that must change
/// whenever anything a page could show changes (`RulePages.siteFingerprint`, through each document's
/// digests). **A new stored field must be added here**; `BuildManifestTests` counts the fields to remind
/// whoever adds one.
extension StableHasher {
    /// Combines every field of `rule`.
    mutating func combine(rule: Rule) {
        for part in [rule.id, rule.text, rule.plainText, rule.statement, rule.document, rule.file, rule.strength.rawValue] {
            combine(part)
        }
        combine(strings: rule.section)
        combine(rule.sectionID)
        combine(rule.line)
        combine(rule.position.line)
        combine(rule.position.column)
        combine(rule.priority)
        combine(strings: rule.terms)
        combine(rule.examples.count)
        for example in rule.examples {
            combine(example.id)
            combine(example.polarity.rawValue)
        }
        combine(strings: rule.related)
        combine(strings: rule.conflicts)
        combine(rule.hasExplicitID ? 1 : 0)
        combine(rule.subject)
        combine(rule.claims.count)
        for claim in rule.claims {
            combine(claim.direction)
            combine(strings: claim.terms)
        }
    }

    /// Combines every field of `snippet`.
    mutating func combine(snippet: Snippet) {
        for part in [snippet.id, snippet.anchor, snippet.document, snippet.file, snippet.sectionID, snippet.info,
                     snippet.code, snippet.polarity.rawValue] {
            combine(part)
        }
        combine(strings: snippet.sectionPath)
        for number in [snippet.ordinal, snippet.ordinalInSection, snippet.fenceLine, snippet.firstLine, snippet.lastLine,
                       snippet.indentation] {
            combine(number)
        }
        combine(snippet.label)
        let attributes = snippet.attributes
        combine((attributes.ignore ? 1 : 0) + (attributes.expectError ? 2 : 0))
        combine(attributes.expectedMessage)
        combine(attributes.polarity?.rawValue)
        combine(strings: attributes.unknown)
    }

    /// The hash of every field of every rule of `rules` (one document's, as extracted).
    static func digest(rules: [Rule]) -> String {
        var hasher = StableHasher()
        hasher.combine(rules.count)
        for rule in rules { hasher.combine(rule: rule) }
        return hasher.hex
    }

    /// The hash of every field of every snippet of `snippets` (one document's).
    static func digest(snippets: [Snippet]) -> String {
        var hasher = StableHasher()
        hasher.combine(snippets.count)
        for snippet in snippets { hasher.combine(snippet: snippet) }
        return hasher.hex
    }

    /// The hash of `items`, hashed in chunks of `chunkSize` on every core and combined in order: the same value
    /// whatever the number of cores (site fingerprints cover hundreds of thousands of values).
    static func hex<Item: Sendable>(ofChunks items: [Item], chunkSize: Int = 1024,
                                    _ combine: @escaping @Sendable (inout StableHasher, Item) -> Void) -> String {
        let chunks = stride(from: 0, to: items.count, by: max(chunkSize, 1)).map { $0..<min($0 + max(chunkSize, 1), items.count) }
        let hashes = chunks.concurrentMap { range -> String in
            var hasher = StableHasher()
            for item in items[range] { combine(&hasher, item) }
            return hasher.hex
        }
        var hasher = StableHasher()
        hasher.combine(items.count)
        hasher.combine(strings: hashes)
        return hasher.hex
    }

    /// Combines the number of `values`, then each.
    mutating func combine(strings values: [String]) {
        combine(values.count)
        for value in values { combine(value) }
    }
}
