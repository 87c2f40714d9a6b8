// MARK: - Source positions

/// A 1-based line and column (UTF-8 byte column, as compilers and cmark count) in a source file.
public struct SourcePosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based UTF-8 byte column.
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A closed range of source positions: `start` is the first character, `end` the last one.
public struct SourceRange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// First character.
    public var start: SourcePosition
    /// Last character.
    public var end: SourcePosition

    /// Creates a range.
    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// A range that starts and ends on the given line.
    public init(line: Int, column: Int = 1) {
        self.start = SourcePosition(line: line, column: column)
        self.end = SourcePosition(line: line, column: column)
    }

    /// Whether the range carries a real position (cmark reports 0:0 for some generated nodes).
    public var isKnown: Bool { start.line > 0 }

    public var description: String { "\(start)-\(end)" }
}
