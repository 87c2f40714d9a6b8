import Foundation

// MARK: - Entity tags

/// A strong entity tag from a file's bytes: FNV-1a (64 bit) and the length, quoted, e.g. `"1f3a…-2048"`.
/// Stable across server restarts, so a browser's cached copy stays valid while the bytes do.
public enum ContentHash {
    /// The `ETag` value for `data`.
    public static func entityTag(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        return "\"\(String(hash, radix: 16))-\(String(data.count, radix: 16))\""
    }

    /// Whether an `If-None-Match` header value matches `tag` (weak comparison, as RFC 9110 asks for GET/HEAD).
    public static func matches(ifNoneMatch header: String, tag: String) -> Bool {
        let wanted = opaque(tag)
        for candidate in header.split(separator: ",") {
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            if trimmed == "*" || opaque(trimmed) == wanted { return true }
        }
        return false
    }

    private static func opaque(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }
}
