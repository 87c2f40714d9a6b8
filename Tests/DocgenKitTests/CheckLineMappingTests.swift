import Foundation
import Testing
@testable import DocgenKit

/// swiftc's positions in a snippet map to the right line and column of the Markdown file.
@Suite struct CheckLineMappingTests {
    @Test func positionsInIndentedAndQuotedBlocks() throws {
        let text = """
            ---
            title: Mapping
            ---
            # Mapping

            1. In a list:

               ```swift
               struct S {
                 init(x: Int) {}
               }
               ```

            > ```swift
            > let a = 1
            > ```

            """
        let (document, _) = CheckSupport.analyze(text)
        let listed = try #require(document.snippets.first)
        let quoted = try #require(document.snippets.last)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let initLine = try #require(CheckSupport.line(of: "init(x: Int)", in: text))
        let locator = SnippetLocator(snippet: listed, fileLines: lines)
        // Code line 2, column 3 (`init`) is at column 6 of the file line (3 spaces of list indentation).
        #expect(locator.position(line: 2, column: 3) == SourcePosition(line: initLine, column: 6))
        // The position after the last line (swiftc's end of file) is the closing fence.
        #expect(locator.position(line: 4, column: 1) == SourcePosition(line: initLine + 2, column: 4))
        let quotedLine = try #require(CheckSupport.line(of: "> let a = 1", in: text))
        #expect(SnippetLocator(snippet: quoted, fileLines: lines).position(line: 1, column: 5)
                == SourcePosition(line: quotedLine, column: 7))
    }

    @Test func swiftcErrorsAndNotesPointIntoTheMarkdown() async throws {
        let text = """
            # Guide

            - Step:

              ```swift
              init(x: Int) {}
              ```

            ## Unclosed

            ```swift
            struct Open {
                var x: Int
            ```

            """
        let content = try CheckSupport.contentFolder(["guide.md": text])
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        let report = try await CheckRunner(options: CheckSupport.options(content)).run()
        let initLine = try #require(CheckSupport.line(of: "init(x: Int)", in: text))
        let structLine = try #require(CheckSupport.line(of: "struct Open {", in: text))
        let formatted = report.diagnostics.map(\.formatted)
        #expect(formatted.contains("Content/guide.md:\(initLine):7: error: initializers may only be declared within a type"))
        let unclosed = try #require(report.diagnostics.first { $0.message.hasPrefix("expected '}'") })
        #expect(unclosed.range?.start == SourcePosition(line: structLine + 2, column: 1))
        #expect(unclosed.notes.map(\.formatted) == ["Content/guide.md:\(structLine):13: note: to match this opening '{'"])
        #expect(report.summary.failed == 2)
    }
}
