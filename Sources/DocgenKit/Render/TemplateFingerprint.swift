import Foundation

// MARK: - Fingerprints of rendered pages

/// A fingerprint of everything a page is rendered from: what all pages share (settings, theme,
/// navigation: `shared`), the template, the page's path and title, and every value its template sees.
///
/// Two renders with the same fingerprint produce the same bytes, so a build can hard-link the previous
/// site's page instead of rendering it again. The values are hashed as the template receives them (not
/// the inputs they were made from), so no input can be forgotten. A value of a type this does not know
/// makes the fingerprint nil, and the page is then always rendered.
enum TemplateFingerprint {
    static func hex(shared: String, template: String, path: String, title: String, description: String = "",
                    values: [String: Any]) -> String? {
        var hasher = StableHasher()
        for part in [shared, template, path, title, description] { hasher.combine(part) }
        guard combine(values, into: &hasher) else { return nil }
        return hasher.hex
    }

    /// Feeds one template value, tagged by its kind so that differently shaped values never collide;
    /// false for a type that cannot be hashed faithfully.
    private static func combine(_ value: Any, into hasher: inout StableHasher) -> Bool {
        switch value {
        case let text as String:
            hasher.combine(1)
            hasher.combine(text)
        case let flag as Bool:
            hasher.combine(flag ? 2 : 3)
        case let number as Int:
            hasher.combine(4)
            hasher.combine(number)
        case let dictionary as [String: Any]:
            hasher.combine(5)
            hasher.combine(dictionary.count)
            for key in dictionary.keys.sorted() {
                hasher.combine(key)
                guard let element = dictionary[key], combine(element, into: &hasher) else { return false }
            }
        case let array as [Any]:
            hasher.combine(6)
            hasher.combine(array.count)
            for element in array {
                guard combine(element, into: &hasher) else { return false }
            }
        default:
            return false
        }
        return true
    }
}
