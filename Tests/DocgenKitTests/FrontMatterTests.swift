import Testing
@testable import DocgenKit

@Suite struct FrontMatterTests {
    @Test func parsesAMappingAndStripsIt() throws {
        let text = "---\nname: swift-mvc\ndescription: Modern MVC.\n---\n\n# Title\n"
        guard case .success(let (matter, body)) = FrontMatter.split(text) else {
            Issue.record("front matter not parsed")
            return
        }
        let frontMatter = try #require(matter)
        #expect(frontMatter["name"] == "swift-mvc")
        #expect(frontMatter["description"] == "Modern MVC.")
        #expect(frontMatter.entries.map(\.key) == ["name", "description"])
        #expect(frontMatter.lineCount == 4)
        #expect(body == "\n# Title\n")
    }

    @Test func documentsWithoutFrontMatterAreUntouched() {
        guard case .success(let (matter, body)) = FrontMatter.split("# Title\n---\n") else {
            Issue.record("unexpected failure")
            return
        }
        #expect(matter == nil)
        #expect(body == "# Title\n---\n")
    }

    @Test func unterminatedFrontMatterFails() {
        guard case .failure(let failure) = FrontMatter.split("---\ntitle: x\n# Title\n") else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure == .unterminated)
    }

    @Test func invalidYAMLReportsTheDocumentLine() {
        guard case .failure(.invalidYAML(let line, _)) = FrontMatter.split("---\ntitle: ok\nbad: [unclosed\n---\nBody\n") else {
            Issue.record("expected invalid YAML")
            return
        }
        #expect(line >= 3 && line <= 4)
    }

    @Test func aListIsNotAMapping() {
        guard case .failure(.notAMapping(_, let found)) = FrontMatter.split("---\n- a\n- b\n---\nBody\n") else {
            Issue.record("expected not-a-mapping")
            return
        }
        #expect(found == "a list")
    }

    @Test func titleAndSummaryComeFromFrontMatter() throws {
        let file = SourceFile(relativePath: "skill.md", displayPath: "Content/skill.md",
                              text: "---\nname: swift-mvc\ndescription: Modern MVC.\n---\n\n# Swift MVC\n\nIntro.\n\n## Part\n")
        let (document, diagnostics) = DocumentAnalyzer.analyze(file)
        #expect(diagnostics.isEmpty)
        #expect(document.title == "swift-mvc")
        #expect(document.summary == "Modern MVC.")
        // Positions count the front matter lines.
        #expect(document.headings.map(\.range.start.line) == [6, 10])
    }

    @Test func withoutFrontMatterTheFirstHeadingIsTheTitle() {
        let file = SourceFile(relativePath: "a.md", displayPath: "Content/a.md",
                              text: "Preamble.\n\n# The Title\n\nFirst paragraph of text.\n")
        let (document, _) = DocumentAnalyzer.analyze(file)
        #expect(document.title == "The Title")
        #expect(document.summary == "Preamble.")
    }

    @Test func malformedFrontMatterIsAnErrorAtItsLine() {
        let file = SourceFile(relativePath: "a.md", displayPath: "Content/a.md", text: "---\n- x\n---\n# T\n")
        let (_, diagnostics) = DocumentAnalyzer.analyze(file)
        #expect(diagnostics.map(\.id) == ["front-matter.not-mapping"])
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.range?.start.line == 2)
    }
}
