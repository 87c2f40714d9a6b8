import Foundation

// MARK: - rules.json, written directly

/// Writes `rules.json` byte for byte as `JSONEncoder` with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]` writes an array of `RuleRecord`s, without going through `Encoder`.
///
/// Why: on large sites `rules.json` is tens of megabytes (60 MB for 35,000 rules) and `JSONEncoder`
/// spent about 5 % of a whole build boxing each field into its intermediate values (`PrettyJSONWriter` has the
/// layout). `RuleOutputTests` compares the output with `JSONEncoder`'s on real content and on hostile strings.
enum RuleJSONWriter {
    /// The whole file for the records of `rules`, with its final newline.
    static func data(_ rules: ArraySlice<Rule>) -> Data {
        parts(rules).data
    }

    /// The file in parts of 2,000 records (the first opens the array, the last closes it), each encoded when
    /// asked for: a writer encodes a batch in parallel and writes it before the next (tens of megabytes on
    /// large sites).
    static func parts(_ rules: ArraySlice<Rule>) -> OutputParts {
        PrettyJSONWriter.arrayParts(count: rules.count, partSize: 2_000, bytesPerRecord: 1_200, ending: "\n") { index, writer in
            record(rules[rules.startIndex + index].record, to: &writer)
        }
    }

    /// One record at array level 1: keys sorted by their UTF-8 bytes (`plainText` < `priority`, `terms` < `text`).
    private static func record(_ record: RuleRecord, to writer: inout PrettyJSONWriter) {
        writer.raw("  {\n")
        writer.stringArray("conflicts", record.conflicts, level: 2)
        writer.string("document", record.document, level: 2)
        writer.key("examples", level: 2)
        writer.array(record.examples, level: 2) { writer, example in
            writer.raw("{\n")
            writer.string("id", example.id, level: 4)
            writer.string("polarity", example.polarity.rawValue, level: 4, last: true)
            writer.indent(3)
            writer.raw("}")
        }
        writer.raw(",\n")
        writer.string("id", record.id, level: 2)
        writer.int("line", record.line, level: 2)
        writer.string("plainText", record.plainText, level: 2)
        writer.key("priority", level: 2)
        if let priority = record.priority { writer.quoted(priority) } else { writer.raw("null") }
        writer.raw(",\n")
        writer.stringArray("related", record.related, level: 2)
        writer.stringArray("section", record.section, level: 2)
        writer.string("strength", record.strength, level: 2)
        writer.stringArray("terms", record.terms, level: 2)
        writer.string("text", record.text, level: 2, last: true)
        writer.raw("  }")
    }
}
