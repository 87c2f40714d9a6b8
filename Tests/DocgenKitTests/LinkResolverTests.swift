import Testing
@testable import DocgenKit

@Suite struct LinkResolverTests {
    func documents(_ files: [String: String]) -> [Document] {
        files.sorted { $0.key < $1.key }.map { path, text in
            DocumentAnalyzer.analyze(SourceFile(relativePath: path, displayPath: "Content/" + path, text: text)).0
        }
    }

    var resolver: LinkResolver {
        LinkResolver(documents: documents([
            "guide.md": "# Guide\n\n## Views and models\n\n[self](#views-and-models)\n",
            "sub/deep.md": "# Deep\n\n## Section A\n",
        ]), otherFiles: ["images/logo.png"])
    }

    @Test func mdLinksBecomePageLinksKeepingFragments() {
        #expect(resolver.siteDestination("../guide.md#views-and-models", from: "sub/deep") == "../guide.html#views-and-models")
        #expect(resolver.siteDestination("/guide.md", from: "sub/deep") == "../guide.html")
        #expect(resolver.siteDestination("sub/deep.md", from: "guide") == "sub/deep.html")
        #expect(resolver.siteDestination("./deep.md#section-a", from: "sub/deep") == "../sub/deep.html#section-a")
        #expect(resolver.siteDestination("#views-and-models", from: "guide") == "#views-and-models")
    }

    @Test func externalLinksAreUntouched() {
        for url in ["https://developer.apple.com/documentation/swiftui", "mailto:a@b.c", "//cdn.example.com/x.md"] {
            #expect(resolver.resolve(url, from: "guide") == .external)
            #expect(resolver.siteDestination(url, from: "guide") == url)
        }
    }

    @Test func brokenLinksAreClassifiedWithSuggestions() {
        let missingDocument = resolver.resolve("guides.md", from: "guide")
        #expect(missingDocument == .missingDocument(path: "guides.md"))
        #expect(resolver.suggestion(for: missingDocument) == "guide.md")
        let missingAnchor = resolver.resolve("../guide.md#views-and-model", from: "sub/deep")
        #expect(missingAnchor == .missingAnchor(slug: "guide", fragment: "views-and-model"))
        #expect(resolver.suggestion(for: missingAnchor) == "#views-and-models")
        #expect(resolver.resolve("images/logo.png", from: "guide") == .file(path: "images/logo.png"))
        #expect(resolver.resolve("images/missing.png", from: "guide") == .missingFile(path: "images/missing.png"))
    }

    @Test func checkerReportsPositionsOfBrokenLinks() throws {
        let docs = documents(["a.md": "# A\n\nSee [B](b.md) and [x](#nope).\n", "b.md": "# B\n"])
        let checker = LinkChecker(resolver: LinkResolver(documents: docs))
        let first = try #require(docs.first)
        let diagnostics = checker.check(first)
        #expect(diagnostics.map(\.id) == ["link.missing-anchor"])
        #expect(diagnostics.first?.range?.start == SourcePosition(line: 3, column: 19))
        #expect(diagnostics.first?.formatted.hasPrefix("Content/a.md:3:19: error: link to '#nope'") == true)
    }
}
