// MARK: - HTML escaping, byte-for-byte as cmark-gfm's houdini does it

/// Escaping helpers that reproduce cmark-gfm's output exactly.
public enum HTMLEscaping {
    /// Escapes `&`, `<`, `>` and `"` (cmark's `escape_html`; `'` and `/` stay as they are).
    public static func escape(_ text: String) -> String {
        var needsWork = false
        for byte in text.utf8 where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 {
            needsWork = true
            break
        }
        guard needsWork else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Bytes that `houdini_escape_href` copies as they are.
    private static let hrefSafe: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for character in "!#$%()*+,-./:;=?@_~".utf8 { table[Int(character)] = true }
        return table
    }()

    /// Escapes a URL for an `href` or `src` attribute like cmark's `houdini_escape_href`.
    public static func escapeHref(_ url: String) -> String {
        // Most hrefs (slugs, page paths) need nothing: they are returned as they are, without a copy.
        guard url.utf8.contains(where: { !hrefSafe[Int($0)] }) else { return url }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(url.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in url.utf8 {
            if hrefSafe[Int(byte)] {
                bytes.append(byte)
            } else if byte == UInt8(ascii: "&") {
                bytes.append(contentsOf: "&amp;".utf8)
            } else if byte == UInt8(ascii: "'") {
                bytes.append(contentsOf: "&#x27;".utf8)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - tagfilter

    private static let filteredTags: [[UInt8]] = [
        "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
    ].map { Array($0.utf8) }

    /// Applies GFM's tagfilter to raw HTML: the `<` of a disallowed tag becomes `&lt;`.
    public static func tagfilter(_ html: String) -> String {
        let bytes = Array(html.utf8)
        guard bytes.contains(UInt8(ascii: "<")) else { return html }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "<"), isFilteredTag(bytes, at: index) {
                output.append(contentsOf: "&lt;".utf8)
            } else {
                output.append(bytes[index])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Mirrors `is_tag` in cmark-gfm's `extensions/tagfilter.c`.
    private static func isFilteredTag(_ bytes: [UInt8], at start: Int) -> Bool {
        let size = bytes.count - start
        guard size >= 3 else { return false }
        for name in filteredTags {
            var index = 1
            if bytes[start + index] == UInt8(ascii: "/") { index += 1 }
            var matched = true
            var nameIndex = 0
            while index < size {
                if nameIndex == name.count { break }
                if lowercased(bytes[start + index]) != name[nameIndex] {
                    matched = false
                    break
                }
                index += 1
                nameIndex += 1
            }
            guard matched, index != size else { continue }
            let next = bytes[start + index]
            if next == UInt8(ascii: ">") || isSpace(next) { return true }
            if next == UInt8(ascii: "/"), size >= index + 2, bytes[start + index + 1] == UInt8(ascii: ">") {
                return true
            }
        }
        return false
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
