import Foundation

// MARK: - Extracted rules, kept between builds

/// The rules (and rule diagnostics) extracted from each document, kept in one file between `docgen build`
/// runs so that a build re-extracts only the documents whose text changed.
///
/// Rule extraction (`RuleExtractor.extract(_:)`) was about a quarter of a build's CPU time, and it depends
/// only on the document: its relative path, display path and text. Those three are the key. The file is a
/// `BlobCacheFile` (tied to the docgen binary that wrote it; damaged or foreign means empty); each blob is one
/// document's encoded rules, decoded only when that document asks for them.
struct RuleCache: BlobCache {
    /// What `RuleExtractor.extract(_:)` returned for one document, with the digests that site fingerprints
    /// are made of (so that an unchanged document's rules and snippets are not hashed field by field again).
    struct Entry: Sendable, Equatable {
        var rules: [Rule]
        var diagnostics: [Diagnostic]
        /// `StableHasher.digest(rules:)` of `rules`.
        var rulesDigest: String
        /// `StableHasher.digest(snippets:)` of the document's snippets.
        var snippetsDigest: String

        /// An entry with its digests computed.
        init(rules: [Rule], diagnostics: [Diagnostic], snippets: [Snippet]) {
            self.init(rules: rules, diagnostics: diagnostics, rulesDigest: StableHasher.digest(rules: rules),
                      snippetsDigest: StableHasher.digest(snippets: snippets))
        }

        init(rules: [Rule], diagnostics: [Diagnostic], rulesDigest: String, snippetsDigest: String) {
            self.rules = rules
            self.diagnostics = diagnostics
            self.rulesDigest = rulesDigest
            self.snippetsDigest = snippetsDigest
        }
    }

    static let kind = BlobCacheFile.Kind(magic: "docgen-rule-cache", format: 2)

    let file: BlobCacheFile

    init(file: BlobCacheFile) {
        self.file = file
    }

    /// The key of a document: its paths and a hash of its text.
    static func key(for source: SourceFile, textHash: String) -> String {
        var hasher = StableHasher()
        hasher.combine(source.relativePath)
        hasher.combine(source.displayPath)
        hasher.combine(textHash)
        return hasher.hex
    }

    /// The rules stored under `key`, decoded; nil when there are none or they cannot be decoded.
    func entry(for key: String) -> Entry? {
        guard var reader = file.reader(for: key) else { return nil }
        return try? Self.decodeEntry(&reader)
    }

    /// The encoded bytes stored under `key` (to write them again without decoding).
    func encodedEntry(for key: String) -> ArraySlice<UInt8>? {
        file.blob(for: key)
    }

    // MARK: - Writing

    /// One entry's bytes.
    static func encode(_ entry: Entry) -> ArraySlice<UInt8> {
        var writer = BinaryWriter()
        writer.int(entry.rules.count)
        for rule in entry.rules { encode(rule, into: &writer) }
        writer.diagnostics(entry.diagnostics)
        writer.string(entry.rulesDigest)
        writer.string(entry.snippetsDigest)
        return writer.bytes[...]
    }

    // MARK: - Rules

    private static func encode(_ rule: Rule, into writer: inout BinaryWriter) {
        for text in [rule.id, rule.text, rule.plainText, rule.statement, rule.document, rule.file] { writer.string(text) }
        writer.strings(rule.section)
        writer.optionalString(rule.sectionID)
        writer.int(rule.line)
        writer.int(rule.position.line)
        writer.int(rule.position.column)
        writer.string(rule.strength.rawValue)
        writer.optionalString(rule.priority)
        writer.strings(rule.terms)
        writer.int(rule.examples.count)
        for example in rule.examples {
            writer.string(example.id)
            writer.string(example.polarity.rawValue)
        }
        writer.strings(rule.related)
        writer.strings(rule.conflicts)
        writer.bool(rule.hasExplicitID)
        writer.optionalString(rule.subject)
        writer.int(rule.claims.count)
        for claim in rule.claims {
            writer.int(claim.direction)
            writer.strings(claim.terms)
        }
    }

    private static func decodeEntry(_ reader: inout BinaryReader) throws -> Entry {
        let count = try reader.int()
        var rules: [Rule] = []
        rules.reserveCapacity(max(0, min(count, 100_000)))
        for _ in 0..<max(count, 0) {
            var rule = try decodeRule(&reader)
            rule.shareStorage(with: rules.last)
            rules.append(rule)
        }
        let diagnostics = try reader.diagnostics()
        return Entry(rules: rules, diagnostics: diagnostics, rulesDigest: try reader.string(), snippetsDigest: try reader.string())
    }

    private static func decodeRule(_ reader: inout BinaryReader) throws -> Rule {
        let (id, text, plainText, statement) = (try reader.string(), try reader.string(), try reader.string(), try reader.string())
        let (document, file) = (try reader.string(), try reader.string())
        let section = try reader.strings()
        let sectionID = try reader.optionalString()
        let line = try reader.int()
        let position = SourcePosition(line: try reader.int(), column: try reader.int())
        guard let strength = RuleStrength(rawValue: try reader.string()) else { throw BinaryReader.Failure.truncated }
        let priority = try reader.optionalString()
        let terms = try reader.strings()
        var examples: [RuleExample] = []
        for _ in 0..<max(try reader.int(), 0) {
            let exampleID = try reader.string()
            guard let polarity = Snippet.Polarity(rawValue: try reader.string()) else { throw BinaryReader.Failure.truncated }
            examples.append(RuleExample(id: exampleID, polarity: polarity))
        }
        let related = try reader.strings(), conflicts = try reader.strings()
        let hasExplicitID = try reader.bool()
        let subject = try reader.optionalString()
        var claims: [RuleClaim] = []
        for _ in 0..<max(try reader.int(), 0) {
            claims.append(RuleClaim(direction: try reader.int(), terms: try reader.strings()))
        }
        return Rule(id: id, text: text, plainText: plainText, statement: statement, document: document, file: file,
                    section: section, sectionID: sectionID, line: line, position: position, strength: strength,
                    priority: priority, terms: terms, examples: examples, related: related, conflicts: conflicts,
                    hasExplicitID: hasExplicitID, subject: subject, claims: claims)
    }
}
