import Foundation

// MARK: - JSON written directly, as JSONEncoder pretty-prints it

/// Appends JSON to a byte buffer exactly as `JSONEncoder` with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`
/// writes it, for the large exports (`rules.json`, `snippets.json`) that are written without going through `Encoder`.
///
/// Why: on large sites these files are tens of megabytes, and `JSONEncoder` boxes every field into intermediate
/// values first (5 % of a build for `rules.json`; `snippets.json` of 2,000 documents, 36 MB, added 70 MB to the peak
/// memory of the build). The layout is swift-foundation's `JSONWriter`: two spaces per level, `" : "` between key
/// and value, an empty array as `[`, two newlines and the closing bracket at the array's own indentation; strings
/// escape `"`, `\`, and bytes below 0x20 (`\b \f \n \r \t`, the rest as `\u00xx`), nothing else. Callers write the
/// keys of an object in UTF-8 order, as `.sortedKeys` does.
struct PrettyJSONWriter {
    private(set) var bytes: [UInt8] = []

    /// Reserves room for `count` more bytes.
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    // MARK: - Members of an object

    /// `"key" : "value"`, then `,` unless last, then a newline; at `level` (the keys of a top-level array's records
    /// are at level 2).
    mutating func string(_ name: String, _ value: String, level: Int, last: Bool = false) {
        key(name, level: level)
        quoted(value)
        raw(last ? "\n" : ",\n")
    }

    /// `"key" : 12`, then `,` unless last, then a newline.
    mutating func int(_ name: String, _ value: Int, level: Int, last: Bool = false) {
        key(name, level: level)
        raw(String(value))
        raw(last ? "\n" : ",\n")
    }

    /// `"key" : [ "a", "b" ]` over several lines, then `,` unless last, then a newline.
    mutating func stringArray(_ name: String, _ values: [String], level: Int, last: Bool = false) {
        key(name, level: level)
        array(values, level: level) { writer, value in writer.quoted(value) }
        raw(last ? "\n" : ",\n")
    }

    /// `"key" : `, indented to `level`.
    mutating func key(_ name: String, level: Int) {
        indent(level)
        quoted(name)
        raw(" : ")
    }

    // MARK: - Values

    /// An array whose key is at `level`: elements one level deeper, the closing bracket at `level`.
    mutating func array<Element>(_ elements: [Element], level: Int, _ element: (inout PrettyJSONWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        bytes.append(UInt8(ascii: "\n"))
        for (index, value) in elements.enumerated() {
            if index > 0 { raw(",\n") }
            indent(level + 1)
            element(&self, value)
        }
        bytes.append(UInt8(ascii: "\n"))
        indent(level)
        bytes.append(UInt8(ascii: "]"))
    }

    /// A JSON string, escaped as swift-foundation's `JSONEncoder` escapes it.
    mutating func quoted(_ text: String) {
        JSONStringWriter.append(text, to: &bytes, style: .foundation)
    }

    /// Two spaces per level.
    mutating func indent(_ level: Int) {
        for _ in 0..<(level * 2) { bytes.append(UInt8(ascii: " ")) }
    }

    /// Bytes as they are.
    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    // MARK: - A top-level array in parts

    /// A top-level array of `count` records in parts of `partSize` records (the first opens the array, the last
    /// closes it and adds `ending`), each made when asked for by `record(index, &writer)`, which writes one record
    /// at level 1 without its separator: a writer of the file makes a batch of parts in parallel and writes it
    /// before making the next.
    static func arrayParts(count: Int, partSize: Int, bytesPerRecord: Int, ending: String,
                           record: @escaping @Sendable (Int, inout PrettyJSONWriter) -> Void) -> OutputParts {
        let parts = max(1, (count + partSize - 1) / partSize)
        return OutputParts(count: parts) { part in
            var writer = PrettyJSONWriter()
            let range = min(count, part * partSize)..<min(count, (part + 1) * partSize)
            writer.reserve(range.count * bytesPerRecord + 8)
            if part == 0 { writer.raw("[\n") }
            for index in range {
                if index > 0 { writer.raw(",\n") }
                record(index, &writer)
            }
            if part == parts - 1 { writer.raw("\n]" + ending) }
            return writer.bytes
        }
    }
}
