// MARK: - Compact JSON for the search index

/// Writes the few JSON shapes the search index needs, compactly and deterministically.
///
/// Strings escape `"`, `\`, control characters, U+2028 and U+2029 (which old JavaScript engines
/// reject in literals) and `<`, `>`, `&` (so the text is inert even if a theme inlines the index in
/// HTML). User text never appears outside a JSON string.
enum SearchJSON {
    /// `text` as a JSON string literal.
    static func string(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        JSONStringWriter.append(text, to: &bytes, style: .script)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `["a","b"]`.
    static func array(_ strings: [String]) -> String {
        "[" + strings.map(string).joined(separator: ",") + "]"
    }

    /// `[1,2,3]`.
    static func array(_ numbers: [Int]) -> String {
        "[" + numbers.map(String.init).joined(separator: ",") + "]"
    }

    /// `[a,b]` from already encoded values.
    static func list(_ encoded: [String]) -> String {
        "[" + encoded.joined(separator: ",") + "]"
    }

    /// `{"key":value,…}` from already encoded values, in the order given.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
