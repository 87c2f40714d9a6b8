import Testing
@testable import DocgenKit

@Suite struct SluggerTests {
    @Test(arguments: [
        ("State management patterns - P1", "state-management-patterns---p1"),
        ("Swift & SwiftUI Coding Standards", "swift--swiftui-coding-standards"),
        ("@Observable vs ObservableObject", "observable-vs-observableobject"),
        ("Architecture: MVVM with @Observable", "architecture-mvvm-with-observable"),
        ("1. Models (Structs)", "1-models-structs"),
        ("Liquid Glass Design System (iOS 26+)", "liquid-glass-design-system-ios-26"),
        ("Über café", "über-café"),
        ("✅ Good", "-good"),
        ("snake_case and-dashes", "snake_case-and-dashes"),
    ])
    func slugsMatchGitHub(_ text: String, _ expected: String) {
        #expect(Slugger.slug(text) == expected)
    }

    @Test func repeatsGetNumberedSuffixes() {
        var slugger = Slugger()
        #expect(slugger.unique("Rules") == "rules")
        #expect(slugger.unique("Rules") == "rules-1")
        #expect(slugger.unique("Rules") == "rules-2")
        #expect(slugger.unique("Rules 1") == "rules-1-1")
    }

    @Test func realDocumentsHaveUniqueHeadingIDs() throws {
        for url in Fixtures.contentFiles {
            let text = try String(contentsOf: url, encoding: .utf8)
            let file = SourceFile(relativePath: url.lastPathComponent, displayPath: "Content/" + url.lastPathComponent, text: text)
            let (document, _) = DocumentAnalyzer.analyze(file)
            let ids = document.headings.map(\.id)
            #expect(Set(ids).count == ids.count, "duplicate heading ids in \(url.lastPathComponent)")
            #expect(!ids.isEmpty)
        }
    }

    @Test func swiftConventionsRepeatedHeadingsAreSuffixed() throws {
        // swift-conventions.md has several "**Rules:**" lists but also repeated heading texts across sections.
        let markdown = "## Rules\n\n### Rules\n\n## Rules\n"
        let (document, _) = DocumentAnalyzer.analyze(SourceFile(relativePath: "x.md", displayPath: "x.md", text: markdown))
        #expect(document.headings.map(\.id) == ["rules", "rules-1", "rules-2"])
    }
}
