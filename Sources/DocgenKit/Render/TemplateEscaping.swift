import Mustache

// MARK: - Escaping in templates

/// How templates escape `{{value}}`: exactly as swift-mustache's HTML content type does (`<`, `>`, `&`, `"` and
/// `'`, compared as whole `Character`s), but text without any of those bytes is returned as it is. swift-mustache
/// builds every escaped value again `Character` by `Character` through a dictionary: 4.8 % of a cold build of 500
/// documents, most of it on ids, paths and words that need no escaping.
struct TemplateEscaping: MustacheContentType {
    private static let replacements: [Character: String] = ["<": "&lt;", ">": "&gt;", "&": "&amp;", "\"": "&quot;", "'": "&#39;"]

    func escapeText(_ text: String) -> String {
        guard text.utf8.contains(where: Self.mayNeedEscaping) else { return text }
        // The same loop as swift-mustache's: a quote followed by a combining mark is one `Character` and stays.
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if let replacement = Self.replacements[character] {
                result += replacement
            } else {
                result.append(character)
            }
        }
        return result
    }

    private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }
}
