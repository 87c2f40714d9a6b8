// MARK: - Positions in a snippet → positions in the Markdown file

/// Maps a line and column in a snippet's code to the line and column in its Markdown file.
///
/// Code line `L` is file line `firstLine + L - 1`. Markdown strips the fence's indentation (and any
/// container prefix such as a list item's or a block quote's) from each code line, so the column offset
/// is measured per line: the file line ends with the code line, and whatever precedes it is the offset.
/// A position just past the code (the compiler's end of file) maps to the closing fence.
public struct SnippetLocator: Sendable {
    private let snippet: Snippet
    private let codeLines: [Substring]
    private let fileLines: [Substring]

    /// Creates a locator for `snippet` in the file whose text is `fileText`.
    public init(snippet: Snippet, fileText: String) {
        self.init(snippet: snippet, fileLines: fileText.split(separator: "\n", omittingEmptySubsequences: false))
    }

    /// Creates a locator from the file's lines (split once per document by the caller).
    public init(snippet: Snippet, fileLines: [Substring]) {
        self.snippet = snippet
        var lines = snippet.code.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        self.codeLines = lines
        self.fileLines = fileLines
    }

    /// The file position of code line `line`, UTF-8 column `column` (both 1-based).
    public func position(line: Int, column: Int) -> SourcePosition {
        guard line >= 1 else { return SourcePosition(line: snippet.firstLine, column: max(snippet.indentation, 1)) }
        guard line <= codeLines.count else {
            // End of file: the closing fence (or the last line if the block runs to the end of the document).
            let closing = snippet.firstLine + codeLines.count
            let fileLine = closing <= fileLines.count ? closing : max(closing - 1, snippet.firstLine)
            return SourcePosition(line: fileLine, column: max(snippet.indentation, 1))
        }
        let fileLine = snippet.firstLine + line - 1
        return SourcePosition(line: fileLine, column: offset(codeLine: line, fileLine: fileLine) + max(column, 1))
    }

    /// Bytes before the code on a file line.
    private func offset(codeLine: Int, fileLine: Int) -> Int {
        let fallback = max(snippet.indentation - 1, 0)
        guard fileLine >= 1, fileLine <= fileLines.count else { return fallback }
        var text = fileLines[fileLine - 1]
        if text.hasSuffix("\r") { text = text.dropLast() }
        let code = codeLines[codeLine - 1]
        guard !code.isEmpty, text.utf8.count >= code.utf8.count,
              text.utf8.suffix(code.utf8.count).elementsEqual(code.utf8) else {
            return fallback
        }
        return text.utf8.count - code.utf8.count
    }
}
