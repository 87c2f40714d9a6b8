// MARK: - Hashes that stay the same from run to run

/// FNV-1a, 64 bits: a fast hash whose values do not change between processes (unlike `Hasher`), for
/// fingerprints stored in the build manifest. Not for security.
public struct StableHasher: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Creates a hasher.
    public init() {}

    /// Feeds bytes.
    public mutating func combine<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            state ^= UInt64(byte)
            state &*= 0x0000_0100_0000_01B3
        }
    }

    /// Feeds a string, followed by a separator so that ("ab", "c") and ("a", "bc") differ.
    public mutating func combine(_ text: String) {
        var copy = text
        copy.withUTF8 { combine(bytes: $0) }
        combine(bytes: CollectionOfOne(0xFF))
    }

    /// Feeds an integer.
    public mutating func combine(_ value: Int) {
        withUnsafeBytes(of: UInt64(bitPattern: Int64(value)).littleEndian) { combine(bytes: $0) }
    }

    /// Feeds an optional string (nil differs from "").
    public mutating func combine(_ text: String?) {
        if let text { combine(1); combine(text) } else { combine(0) }
    }

    /// The hash value.
    public func finalize() -> UInt64 { state }

    /// The hash as 16 hex digits.
    public var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of one string as 16 hex digits.
    public static func hexHash(_ text: String) -> String {
        var hasher = StableHasher()
        hasher.combine(text)
        return hasher.hex
    }

    /// The hash of one string.
    public static func hash(_ text: String) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(text)
        return hasher.finalize()
    }
}
