// MARK: - Compact JSON for the search index

/// Writes the few JSON shapes the search index needs, compactly and deterministically.
///
/// Strings escape `"`, `\`, control characters, U+2028 and U+2029 (which old JavaScript engines
/// reject in literals) and `<`, `>`, `&` (so the text is inert even if a theme inlines the index in
/// HTML). User text never appears outside a JSON string.
enum SearchJSON {
    /// `text` as a JSON string literal.
    static func string(_ text: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(text.utf8.count + 2)
        var text = text
        text.withUTF8 { utf8 in
            // Runs of bytes that need no escape are copied at once.
            var runStart = 0, index = 0
            while index < utf8.count {
                let byte = utf8[index]
                var length = 1
                let escape: String?
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"): escape = unicodeEscape(UInt32(byte))
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    escape = unicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029)  // U+2028, U+2029
                    length = 3
                default:
                    escape = byte < 0x20 ? unicodeEscape(UInt32(byte)) : nil
                }
                guard let escape else {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: utf8[runStart..<index])
                bytes.append(contentsOf: escape.utf8)
                index += length
                runStart = index
            }
            bytes.append(contentsOf: utf8[runStart..<utf8.count])
        }
        bytes.append(UInt8(ascii: "\""))
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

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
