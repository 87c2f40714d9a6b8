import Foundation

// MARK: - From fuzzer bytes to documents

/// How one fuzzer input becomes the documents of a content folder.
///
/// An input is one document (`fuzz.md`), or several when it contains separator lines
/// (`\n<<<docgen-next>>>\n`): then the parts become `a.md`, `guides/b.md`, `c.md`, … so that
/// links, rules and pages across documents are exercised too. Each part is decoded as a file from
/// disk would be (UTF-8, BOM, NUL and UTF-16 checks).
enum FuzzInput {
    /// The line that separates documents within one input.
    static let separator = Array("\n<<<docgen-next>>>\n".utf8)

    /// At most this many documents per input (more separators stay in the last document).
    static let maximumDocuments = 4

    /// Relative paths given to the parts of a multi-document input, in order.
    static let paths = ["a.md", "guides/b.md", "c.md", "guides/deeper/d.md"]

    /// The parts of `bytes` with their relative paths.
    static func documents(_ bytes: [UInt8]) -> [(path: String, bytes: [UInt8])] {
        var parts: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count, parts.count < maximumDocuments - 1 {
            if bytes[index] == separator[0], bytes[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(Array(bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(bytes[start...]))
        if parts.count == 1 { return [("fuzz.md", parts[0])] }
        return parts.enumerated().map { (paths[$0.offset], $0.element) }
    }
}
