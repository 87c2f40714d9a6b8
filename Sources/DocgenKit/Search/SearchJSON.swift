// MARK: - Compact JSON for the search index

/// Writes the few JSON shapes the search index needs, compactly and deterministically.
///
/// Strings escape `"`, `\`, control characters, U+2028 and U+2029 (which old JavaScript engines
/// reject in literals) and `<`, `>`, `&` (so the text is inert even if a theme inlines the index in
/// HTML). User text never appears outside a JSON string.
enum SearchJSON {
    /// `text` as a JSON string literal.
    static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                result += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 {
                    result += unicodeEscape(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
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

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
