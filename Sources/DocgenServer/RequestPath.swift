import Foundation

// MARK: - Request paths

/// A request path, checked and mapped to a path of the in-memory site.
///
/// The raw path is percent-decoded **once**. A path is rejected when it is not absolute, when its
/// encoding is malformed, or when — raw or decoded — it holds a backslash, a control character
/// (NUL included), an encoded separator (`%2F`, `%5C`), a `%` left after decoding (double encoding
/// such as `%252e`), an empty segment (`//`), or a `.` or `..` segment. What remains can only name a
/// path inside the site, and the site is a map in memory: no request ever reaches the file system.
public struct RequestPath: Sendable, Hashable {
    /// The decoded segments, e.g. `["assets", "docgen.css"]`; empty for `/`.
    public var segments: [String]
    /// Whether the path ended with `/` (or was `/`): it names a directory.
    public var isDirectory: Bool

    /// Creates a path from decoded segments.
    public init(segments: [String], isDirectory: Bool) {
        self.segments = segments
        self.isDirectory = isDirectory
    }

    /// Why a path was rejected.
    public enum Rejection: LocalizedError, Equatable, Sendable {
        case notAbsolute
        case malformedEncoding
        case encodedSeparator
        case forbiddenCharacter
        case doubleEncoding
        case emptySegment
        case dotSegment

        public var errorDescription: String? {
            switch self {
            case .notAbsolute: return "the path must start with '/'"
            case .malformedEncoding: return "the path's percent-encoding is malformed or not UTF-8"
            case .encodedSeparator: return "the path holds an encoded '/' or '\\'"
            case .forbiddenCharacter: return "the path holds a backslash or a control character"
            case .doubleEncoding: return "the path is encoded twice"
            case .emptySegment: return "the path holds an empty segment ('//')"
            case .dotSegment: return "the path holds a '.' or '..' segment"
            }
        }
    }

    /// Parses the path part of a request target (without its query).
    public static func parse(_ raw: String) -> Result<RequestPath, Rejection> {
        let bytes = Array(raw.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return .failure(.notAbsolute) }
        if bytes.contains(where: isForbidden) { return .failure(.forbiddenCharacter) }
        let decoded: [UInt8]
        switch percentDecode(bytes) {
        case .success(let value): decoded = value
        case .failure(let rejection): return .failure(rejection)
        }
        if decoded.contains(where: isForbidden) { return .failure(.forbiddenCharacter) }
        if decoded.contains(UInt8(ascii: "%")) { return .failure(.doubleEncoding) }
        guard let text = String(bytes: decoded, encoding: .utf8) else { return .failure(.malformedEncoding) }

        var parts = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let isDirectory = parts.last?.isEmpty ?? true
        if isDirectory, !parts.isEmpty { parts.removeLast() }
        for part in parts {
            if part.isEmpty { return .failure(.emptySegment) }
            if part == "." || part == ".." { return .failure(.dotSegment) }
        }
        return .success(RequestPath(segments: parts, isDirectory: isDirectory))
    }

    /// The site path this request names first: `dir/index.html` for a directory, else the file itself.
    public var sitePath: String {
        let joined = segments.joined(separator: "/")
        if isDirectory { return joined.isEmpty ? "index.html" : joined + "/index.html" }
        return joined
    }

    // MARK: - Decoding

    private static func isForbidden(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\")
    }

    private static func percentDecode(_ bytes: [UInt8]) -> Result<[UInt8], Rejection> {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                return .failure(.malformedEncoding)
            }
            let value = high << 4 | low
            if value == UInt8(ascii: "/") || value == UInt8(ascii: "\\") { return .failure(.encodedSeparator) }
            output.append(value)
            index += 3
        }
        return .success(output)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
