import Foundation

// MARK: - Source files

/// A Markdown file read from the content folder, decoded and split from its front matter.
public struct SourceFile: Sendable, Hashable {
    /// Path relative to the content folder, with `/` separators, e.g. `style-guide.md`.
    public var relativePath: String
    /// Path as shown in diagnostics, e.g. `Content/style-guide.md`.
    public var displayPath: String
    /// The full text, as written (after removing a UTF-8 byte order mark).
    public var text: String

    /// Creates a source file from already decoded text.
    public init(relativePath: String, displayPath: String, text: String) {
        self.relativePath = relativePath
        self.displayPath = displayPath
        self.text = text
    }

    /// The document's slug: the relative path without `.md`, e.g. `style-guide` or `guides/intro`.
    public var slug: String {
        relativePath.hasSuffix(".md") ? String(relativePath.dropLast(3)) : relativePath
    }

    /// Lines of the text (1-based access through `line(_:)`).
    public func line(_ number: Int) -> String? {
        var current = 1
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == number { return String(line.hasSuffix("\r") ? line.dropLast() : line) }
            current += 1
        }
        return nil
    }

    // MARK: - Decoding

    /// Why bytes could not be read as a Markdown document.
    public enum DecodingFailure: Error, Sendable, Equatable {
        case utf16
        case invalidUTF8(byteOffset: Int, line: Int, column: Int)
        case nulByte(line: Int, column: Int)

        /// A user-facing message.
        public var message: String {
            switch self {
            case .utf16:
                return "file is UTF-16 encoded (it starts with a UTF-16 byte order mark); save it as UTF-8"
            case .invalidUTF8(let offset, _, _):
                return "invalid UTF-8 at byte offset \(offset); save the file as UTF-8"
            case .nulByte:
                return "file contains a NUL byte; is it a binary file? Remove the byte or the file"
            }
        }

        /// Line and column of the problem, if known.
        public var position: SourcePosition? {
            switch self {
            case .utf16: return nil
            case .invalidUTF8(_, let line, let column), .nulByte(let line, let column):
                return SourcePosition(line: line, column: column)
            }
        }
    }

    /// Decodes file bytes strictly as UTF-8 (a leading UTF-8 BOM is dropped).
    public static func decode(_ data: Data) -> Result<String, DecodingFailure> {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return .failure(.utf16)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let nul = bytes.firstIndex(of: 0) {
            let (line, column) = position(of: nul, in: bytes)
            return .failure(.nulByte(line: line, column: column))
        }
        if let string = String(validating: bytes, as: UTF8.self) {
            return .success(string)
        }
        let offset = firstInvalidUTF8Offset(bytes)
        let (line, column) = position(of: offset, in: bytes)
        return .failure(.invalidUTF8(byteOffset: offset, line: line, column: column))
    }

    private static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// The offset of the first byte that does not start or continue a valid UTF-8 sequence.
    private static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            let sequence = Array(bytes[index..<(index + length)])
            if String(validating: sequence, as: UTF8.self) == nil { return index }
            index += length
        }
        return bytes.count
    }
}
