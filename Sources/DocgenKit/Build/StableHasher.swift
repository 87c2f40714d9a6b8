// MARK: - Hashes that stay the same from run to run

/// FNV-1a, 64 bits, eight bytes at a time: a fast hash whose values do not change between processes (unlike
/// `Hasher`), for fingerprints stored in the build manifest and cache keys. Not for security.
///
/// Each step xors in a little-endian word (or one byte, for the tail of a buffer), multiplies by the FNV prime
/// and rotates, so that high bits reach the low ones; every step is a bijection of the state, so inputs that
/// differ in one word always hash differently. Word-at-a-time made the site fingerprints (every rule, pair and
/// snippet of a site) about eight times cheaper than byte-at-a-time FNV.
public struct StableHasher: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// Creates a hasher.
    public init() {}

    /// Feeds bytes.
    public mutating func combine<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { step(UInt64(byte)) }
    }

    /// Feeds the bytes of a buffer, eight at a time.
    public mutating func combine(bytes: UnsafeBufferPointer<UInt8>) {
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            step(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        while offset < raw.count {
            step(UInt64(raw[offset]))
            offset += 1
        }
    }

    private mutating func step(_ value: UInt64) {
        let mixed = (state ^ value) &* Self.prime
        state = (mixed << 29) | (mixed >> 35)
    }

    /// Feeds a string, followed by a separator so that ("ab", "c") and ("a", "bc") differ.
    public mutating func combine(_ text: String) {
        var copy = text
        copy.withUTF8 { combine(bytes: $0) }
        step(0x1FF)
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
