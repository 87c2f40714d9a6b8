import Foundation
import Testing
@testable import DocgenKit

/// Snippet extraction: which blocks are snippets, their lines, sections, ids, polarity and attributes.
@Suite struct SnippetExtractionTests {
    static let guide = """
        # Guide

        Intro paragraph.

        ## Views

        ✅ Good:

        ```swift
        struct A {}
        ```

        ❌ Bad:

        ```Swift
        struct B {}
        ```

        ## Comments

        Some text that is not a label.

        ```swift
        // Incorrect
        let x = 1
        ```

        **Before (Custom):**

        ```swift
        let y = 2
        ```

        Correct:

        ```swift ignore
        let z = 3
        ```

        ```text
        not swift
        ```

        ```
        no language
        ```

        ### Nested

        ```swift expect-error="initializers may only" bad
        init() {}
        ```

        - In a list:

          ```swift frobnicate
          let w = 1
          ```

        """

    @Test func onlySwiftBlocksAreSnippetsInAnyCase() {
        let (document, _) = CheckSupport.analyze(Self.guide)
        #expect(document.snippets.map { $0.code.trimmingCharacters(in: .whitespacesAndNewlines) } == [
            "struct A {}", "struct B {}", "// Incorrect\nlet x = 1", "let y = 2", "let z = 3", "init() {}", "let w = 1",
        ])
    }

    @Test func linesSectionsOrdinalsAndStableIDs() throws {
        let (document, _) = CheckSupport.analyze(Self.guide)
        let first = try #require(document.snippets.first)
        let fence = try #require(CheckSupport.line(of: "```swift", in: Self.guide))
        #expect(first.fenceLine == fence)
        #expect(first.firstLine == fence + 1)
        #expect(first.lastLine == fence + 1)
        #expect(first.sectionPath == ["Guide", "Views"])
        #expect(document.snippets.map(\.id) == [
            "guide.views.1", "guide.views.2", "guide.comments.1", "guide.comments.2", "guide.comments.3",
            "guide.nested.1", "guide.nested.2",
        ])
        #expect(document.snippets.map(\.ordinal) == Array(1...7))
        #expect(document.snippets[5].sectionPath == ["Guide", "Comments", "Nested"])
        // The id depends on the section and the position in it only: text added elsewhere keeps it.
        let (edited, _) = CheckSupport.analyze(Self.guide.replacingOccurrences(of: "Intro paragraph.", with: "Intro.\n\nMore text.\n\n```swift\nlet extra = 0\n```"))
        #expect(edited.snippets.map(\.id).suffix(7) == document.snippets.map(\.id))
    }

    @Test func polarityFromLabelsFirstLineCommentsAndAttributes() {
        let (document, _) = CheckSupport.analyze(Self.guide)
        #expect(document.snippets.map(\.polarity) == [.good, .bad, .bad, .bad, .good, .bad, .neutral])
        #expect(document.snippets[0].label == "✅ Good:")
        #expect(document.snippets[2].label == "// Incorrect")
    }

    @Test func attributes() {
        let (document, _) = CheckSupport.analyze(Self.guide)
        let snippets = document.snippets
        #expect(snippets[4].attributes.ignore)
        #expect(!snippets[0].attributes.ignore && !snippets[0].attributes.expectError)
        #expect(snippets[5].attributes.expectError)
        #expect(snippets[5].attributes.expectedMessage == "initializers may only")
        #expect(snippets[5].attributes.polarity == .bad)
        #expect(snippets[6].attributes.unknown == ["frobnicate"])
        #expect(SnippetAttributes(parsing: " expect-error").expectedMessage == nil)
        #expect(SnippetAttributes(parsing: "expect-error=\"a b c\" good").expectedMessage == "a b c")
    }

    @Test func unknownAttributeIsAWarningAtTheFence() throws {
        let (_, diagnostics) = CheckSupport.analyze(Self.guide)
        let line = try #require(CheckSupport.line(of: "```swift frobnicate", in: Self.guide))
        let warnings = diagnostics.filter { $0.id == "snippet.unknown-attribute" }
        #expect(warnings.count == 1)
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.formatted.hasPrefix("Content/guide.md:\(line):3: warning: unknown snippet attribute 'frobnicate'") == true)
    }

    @Test func extractWritesOneFilePerSnippetWithAHeaderAndSnippetsJSON() throws {
        let (document, _) = CheckSupport.analyze(Self.guide)
        let files = SnippetExporter.files(for: [document])
        #expect(files.map(\.path).contains("guide/guide.views.1.swift"))
        #expect(files.last?.path == "snippets.json")
        let first = try #require(files.first { $0.path == "guide/guide.comments.1.swift" })
        let text = String(decoding: first.data, as: UTF8.self)
        let fence = try #require(CheckSupport.line(of: "// Incorrect", in: Self.guide))
        #expect(text.hasPrefix("// Content/guide.md:\(fence) — Guide › Comments\n// id: guide.comments.1 · polarity: bad\n// Incorrect\nlet x = 1"))
        let json = try #require(files.last?.data)
        let entries = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
        #expect(entries.count == 7)
        #expect(entries.first?["id"] as? String == "guide.views.1")
    }

    @Test func snippetsJSONIsWhatJSONEncoderMakesOfTheWholeArray() throws {
        // snippets.json is written directly (PrettyJSONWriter); it must not differ from JSONEncoder encoding the records.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let real = try Fixtures.contentFiles.map { file in
            DocumentAnalyzer.analyze(SourceFile(relativePath: file.lastPathComponent, displayPath: "Content/" + file.lastPathComponent,
                                                text: try String(contentsOf: file, encoding: .utf8))).0
        }
        let (guide, _) = CheckSupport.analyze(Self.guide)
        #expect(real.flatMap(\.snippets).count > 40)
        #expect(guide.snippets.contains { $0.label == nil } && guide.snippets.contains { $0.label != nil })
        #expect(guide.snippets.contains { !$0.attributes.unknown.isEmpty })
        // Strings JSON must escape and ones it must not, a label and none, every attribute, an empty section path.
        var hostile = guide
        let controls = String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) })
        hostile.snippets = guide.snippets.map { snippet in
            var snippet = snippet
            snippet.code = "let s = \"a/b\\n\" // </script> \u{7F} é 👩‍💻 \u{2028}" + controls
            snippet.label = snippet.label.map { $0 + " \"quoted\"" }
            snippet.sectionPath = snippet.ordinal.isMultiple(of: 2) ? [] : ["/", "\t"]
            snippet.attributes.ignore = true
            snippet.attributes.expectError = true
            return snippet
        }
        // More than 500 snippets: the file is made in several parts.
        let many = Array(repeating: real, count: 600 / real.flatMap(\.snippets).count + 1).flatMap { $0 }
        #expect(SnippetExporter.indexParts(for: many).count > 1)
        for documents in [real, [guide], [hostile], [], many] {
            for prefix in ["", "snippets/"] {
                let records = documents.flatMap { document in
                    document.snippets.map { SnippetExporter.SnippetRecord(snippet: $0, path: prefix + SnippetExporter.path(of: $0)) }
                }
                let index = SnippetExporter.index(for: documents, prefix: prefix)
                #expect(index.path == prefix + "snippets.json")
                #expect(index.data == (try encoder.encode(records)))
            }
        }
    }
}
