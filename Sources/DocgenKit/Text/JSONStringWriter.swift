// MARK: - JSON string literals, as bytes

/// Appends a string as a quoted JSON string literal, copying runs of bytes that need no escape at once.
///
/// Two escaping styles, the only difference between the writers that use it:
/// - `foundation`: what swift-foundation's `JSONEncoder` writes (`rules.json`, see `RuleJSONWriter`): `"`, `\`,
///   `\b \f \n \r \t`, other bytes below 0x20 as `\u00xx`; nothing else.
/// - `script`: the search index (`SearchJSON`), loaded as a script: `"`, `\`, `\n \r \t`, other bytes below
///   0x20, `<`, `>`, `&`, U+2028 and U+2029 as `\uxxxx`.
enum JSONStringWriter {
    enum Style {
        case foundation, script
    }

    static func append(_ text: String, to bytes: inout [UInt8], style: Style) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0, index = 0
            while index < utf8.count {
                guard let (escape, length) = escape(in: utf8, at: index, style: style) else {
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
    }

    /// The escape of the byte (or, for U+2028 and U+2029, three bytes) at `index`, and how many bytes it
    /// replaces; nil when the byte stands as it is.
    @inline(__always)
    private static func escape(in utf8: UnsafeBufferPointer<UInt8>, at index: Int, style: Style) -> (String, Int)? {
        let byte = utf8[index]
        switch byte {
        case UInt8(ascii: "\""): return ("\\\"", 1)
        case UInt8(ascii: "\\"): return ("\\\\", 1)
        case 0x0A: return ("\\n", 1)
        case 0x0D: return ("\\r", 1)
        case 0x09: return ("\\t", 1)
        case 0x08 where style == .foundation: return ("\\b", 1)
        case 0x0C where style == .foundation: return ("\\f", 1)
        case 0x00..<0x20: return (unicodeEscape(UInt32(byte)), 1)
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
            return style == .script ? (unicodeEscape(UInt32(byte)), 1) : nil
        case 0xE2 where style == .script && index + 2 < utf8.count && utf8[index + 1] == 0x80
                && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
            return (unicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029), 3)
        default:
            return nil
        }
    }

    /// `\u` and four lowercase hex digits.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
