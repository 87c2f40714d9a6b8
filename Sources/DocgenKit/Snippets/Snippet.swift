// MARK: - Snippets

/// A fenced code block whose info string starts with `swift`: an example that `docgen check` compiles.
public struct Snippet: Sendable, Hashable, Codable {
    /// Whether an example shows what to do, what not to do, or neither.
    public enum Polarity: String, Sendable, Hashable, Codable {
        case good, bad, neutral
    }

    /// Stable id: `<document>.<section>.<n>`, e.g. `swift-conventions.3-controllers-observable-classes.1`.
    public var id: String
    /// The HTML id of the code block in its page, e.g. `example-3-controllers-observable-classes-1`.
    public var anchor: String
    /// Slug of the document holding it.
    public var document: String
    /// The document's path as shown in diagnostics.
    public var file: String
    /// Heading chain above the snippet (outermost first).
    public var sectionPath: [String]
    /// Id of the innermost heading above it (`top` when there is none).
    public var sectionID: String
    /// 1-based position among the document's snippets.
    public var ordinal: Int
    /// 1-based position among the snippets of its section.
    public var ordinalInSection: Int
    /// Line of the opening fence.
    public var fenceLine: Int
    /// Line of the first line of code (the line after the fence).
    public var firstLine: Int
    /// Line of the last line of code.
    public var lastLine: Int
    /// Column at which the code lines start (the fence's indentation is stripped by Markdown).
    public var indentation: Int
    /// The info string as written (e.g. `swift expect-error`).
    public var info: String
    /// Attributes after the language word, e.g. `ignore`, `expect-error`.
    public var attributes: SnippetAttributes
    /// The code.
    public var code: String
    /// Good or bad example, from the nearest label before it (or its first-line comment).
    public var polarity: Polarity
    /// The label text the polarity came from, if any (e.g. `✅ Good (@Observable):`).
    public var label: String?

    /// File name under which `extract` and `build` publish the snippet.
    ///
    /// File systems take at most 255 bytes per name, and a long heading makes a long id: such an id keeps
    /// its first 180 bytes, followed by a hash of the whole id (so names stay unique).
    public var fileName: String {
        guard id.utf8.count > 200 else { return "\(id).swift" }
        var prefix = ""
        for character in id {
            guard prefix.utf8.count + character.utf8.count <= 180 else { break }
            prefix.append(character)
        }
        return "\(prefix)-\(SHA256.hex(id).prefix(12)).swift"
    }

    /// Path of the published snippet relative to the site root.
    public var publishedPath: String { "snippets/\(document)/\(fileName)" }
}

/// Attributes written in a snippet's info string after `swift`.
public struct SnippetAttributes: Sendable, Hashable, Codable {
    /// `ignore`: not checked.
    public var ignore = false
    /// `expect-error`: must fail to parse; optionally with a message substring: `expect-error="…"`.
    public var expectError = false
    /// The message the failure must contain, from `expect-error="…"`.
    public var expectedMessage: String?
    /// `good` / `bad`: explicit polarity.
    public var polarity: Snippet.Polarity?
    /// Words docgen does not know (reported as warnings).
    public var unknown: [String] = []

    /// Creates empty attributes.
    public init() {}

    /// The attribute words docgen understands, for messages.
    public static let known = ["ignore", "expect-error", "expect-error=\"message\"", "good", "bad"]

    /// Parses the words after the language in an info string. Values may be quoted with `"`.
    public init(parsing words: String) {
        for word in Self.split(words) {
            let lowered = word.lowercased()
            switch lowered {
            case "ignore", "no-check", "skip": ignore = true
            case "expect-error", "expect-fail", "compile-fail", "should-fail": expectError = true
            case "good", "correct": polarity = .good
            case "bad", "incorrect": polarity = .bad
            default:
                if lowered.hasPrefix("expect-error=") {
                    expectError = true
                    var value = String(word.dropFirst("expect-error=".count))
                    if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                        value = String(value.dropFirst().dropLast())
                    }
                    expectedMessage = value
                } else {
                    unknown.append(word)
                }
            }
        }
    }

    /// Splits on spaces, keeping `"quoted strings"` together.
    private static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if (character == " " || character == "\t"), !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
