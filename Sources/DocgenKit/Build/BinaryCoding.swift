import Foundation

// MARK: - A compact binary encoding for caches

/// Appends integers (zigzag LEB128 varints), booleans and strings (length, then UTF-8 bytes) to a byte buffer.
///
/// For caches docgen writes and reads itself (`RuleCache`); each reader reads exactly what its writer
/// wrote, in the same order. Much cheaper than `Codable` with `JSONEncoder` for tens of thousands of records.
/// The search index's posting lists are plain LEB128 numbers (`unsigned`) kept in memory while it is built.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func int(_ value: Int) {
        unsigned(UInt64(bitPattern: Int64(value << 1) ^ Int64(value >> (Int.bitWidth - 1))))
    }

    /// A LEB128 varint: 7 bits a byte, lowest first; the high bit of a byte says another follows (`int` is this after
    /// zigzag, which takes a bit for the sign).
    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func string(_ value: String) {
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    mutating func strings<Strings: Collection>(_ values: Strings) where Strings.Element == String {
        int(values.count)
        for value in values { string(value) }
    }

    /// Diagnostics, as a JSON blob: they are few, and JSON keeps their nested notes and ranges simple to store.
    mutating func diagnostics(_ values: [Diagnostic]) {
        blob((try? JSONEncoder().encode(values)) ?? Data("[]".utf8))
    }

    /// Bytes written by another writer, with their length.
    mutating func blob<Bytes: Collection>(_ value: Bytes) where Bytes.Element == UInt8 {
        int(value.count)
        bytes.append(contentsOf: value)
    }
}

/// Reads what `BinaryWriter` wrote. Every read throws `Failure.truncated` (never traps) when the bytes end
/// early or a length is impossible, so a damaged cache file is only a cache miss.
struct BinaryReader {
    enum Failure: LocalizedError {
        case truncated

        var errorDescription: String? { "the cache file is damaged (it ends too early); it will be rebuilt" }
    }

    private let bytes: [UInt8]
    private(set) var offset: Int
    private let end: Int

    /// Reads `bytes[range]` (all of them by default).
    init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        offset = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    var isAtEnd: Bool { offset >= end }

    mutating func int() throws -> Int {
        let result = try unsigned()
        return Int(Int64(bitPattern: (result >> 1) ^ (0 &- (result & 1))))
    }

    /// What `BinaryWriter.unsigned` wrote.
    mutating func unsigned() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw Failure.truncated }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    mutating func bool() throws -> Bool {
        guard offset < end else { throw Failure.truncated }
        offset += 1
        return bytes[offset - 1] != 0
    }

    /// The range of the next `count` bytes, consumed.
    mutating func range(count: Int) throws -> Range<Int> {
        guard count >= 0, count <= end - offset else { throw Failure.truncated }
        offset += count
        return (offset - count)..<offset
    }

    mutating func string() throws -> String {
        let range = try range(count: try int())
        return String(decoding: bytes[range], as: UTF8.self)
    }

    mutating func optionalString() throws -> String? {
        try bool() ? try string() : nil
    }

    mutating func strings() throws -> [String] {
        let count = try int()
        guard count >= 0, count <= end - offset else { throw Failure.truncated }
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try string()) }
        return values
    }

    /// The bytes in `range` (a range this reader returned).
    func bytes(in range: Range<Int>) -> ArraySlice<UInt8> {
        bytes[range]
    }

    /// Diagnostics `BinaryWriter.diagnostics` wrote.
    mutating func diagnostics() throws -> [Diagnostic] {
        try JSONDecoder().decode([Diagnostic].self, from: Data(bytes(in: try blob())))
    }

    /// The range of a blob `BinaryWriter.blob` wrote, consumed.
    mutating func blob() throws -> Range<Int> {
        try range(count: try int())
    }
}
