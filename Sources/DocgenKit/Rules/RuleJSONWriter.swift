import Foundation

// MARK: - rules.json, written directly

/// Writes `rules.json` byte for byte as `JSONEncoder` with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]` writes an array of `RuleRecord`s, without going through `Encoder`.
///
/// Why: on large sites `rules.json` is tens of megabytes (60 MB for 35,000 rules) and `JSONEncoder`
/// spent about 5 % of a whole build boxing each field into its intermediate values. The layout below is
/// swift-foundation's `JSONWriter`: two spaces per level, `" : "` between key and value, keys in UTF-8
/// order, an empty array as `[`, two newlines and the closing bracket at the array's own indentation;
/// strings escape `"`, `\`, and bytes below 0x20 (`\b \f \n \r \t`, the rest as `\u00xx`), nothing else.
/// `RuleOutputTests` compares the output with `JSONEncoder`'s on real content and on hostile strings.
struct RuleJSONWriter {
    private(set) var bytes: [UInt8] = []

    /// The whole file for the records of `rules`, with its final newline.
    static func data(_ rules: [Rule]) -> Data {
        parts(rules).data
    }

    /// The file in parts of 2,000 records (the first opens the array, the last closes it), each encoded when
    /// asked for: a writer encodes a batch in parallel and writes it before the next (tens of megabytes on
    /// large sites).
    static func parts(_ rules: [Rule]) -> OutputParts {
        let chunkSize = 2_000
        let count = max(1, (rules.count + chunkSize - 1) / chunkSize)
        return OutputParts(count: count) { chunk in
            var writer = RuleJSONWriter()
            let range = min(rules.count, chunk * chunkSize)..<min(rules.count, (chunk + 1) * chunkSize)
            writer.bytes.reserveCapacity(range.count * 1_200 + 8)
            if chunk == 0 { writer.raw("[\n") }
            for index in range {
                if index > 0 { writer.raw(",\n") }
                writer.record(rules[index].record)
            }
            if chunk == count - 1 { writer.raw("\n]\n") }
            return writer.bytes
        }
    }

    // MARK: - Values

    /// One record at array level 1: keys sorted by their UTF-8 bytes (`plainText` < `priority`, `terms` < `text`).
    private mutating func record(_ record: RuleRecord) {
        raw("  {\n")
        stringArray("conflicts", record.conflicts, last: false)
        string("document", record.document)
        key("examples")
        array(record.examples, level: 2) { writer, example in
            writer.raw("{\n")
            writer.string("id", example.id, level: 4)
            writer.string("polarity", example.polarity.rawValue, level: 4, last: true)
            writer.indent(3)
            writer.bytes.append(UInt8(ascii: "}"))
        }
        raw(",\n")
        string("id", record.id)
        key("line")
        raw(String(record.line))
        raw(",\n")
        string("plainText", record.plainText)
        key("priority")
        if let priority = record.priority { quoted(priority) } else { raw("null") }
        raw(",\n")
        stringArray("related", record.related, last: false)
        stringArray("section", record.section, last: false)
        string("strength", record.strength)
        stringArray("terms", record.terms, last: false)
        string("text", record.text, last: true)
        raw("  }")
    }

    /// `"key" : "value"`, then `,` unless last, then a newline; at `level` (record keys are at level 2).
    private mutating func string(_ name: String, _ value: String, level: Int = 2, last: Bool = false) {
        key(name, level: level)
        quoted(value)
        raw(last ? "\n" : ",\n")
    }

    private mutating func stringArray(_ name: String, _ values: [String], last: Bool) {
        key(name)
        array(values, level: 2) { writer, value in writer.quoted(value) }
        raw(last ? "\n" : ",\n")
    }

    /// An array whose key is at `level`: elements one level deeper, the closing bracket at `level`.
    private mutating func array<Element>(_ elements: [Element], level: Int,
                                         _ element: (inout RuleJSONWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        bytes.append(newline)
        for (index, value) in elements.enumerated() {
            if index > 0 { raw(",\n") }
            indent(level + 1)
            element(&self, value)
        }
        bytes.append(newline)
        indent(level)
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func key(_ name: String, level: Int = 2) {
        indent(level)
        quoted(name)
        raw(" : ")
    }

    // MARK: - Bytes

    private static let newline = UInt8(ascii: "\n")
    private var newline: UInt8 { Self.newline }

    private mutating func indent(_ level: Int) {
        for _ in 0..<(level * 2) { bytes.append(UInt8(ascii: " ")) }
    }

    private mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A JSON string, escaped as swift-foundation's `JSONEncoder` escapes it.
    private mutating func quoted(_ text: String) {
        JSONStringWriter.append(text, to: &bytes, style: .foundation)
    }
}
