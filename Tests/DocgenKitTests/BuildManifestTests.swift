import Foundation
import Testing
@testable import DocgenKit

/// `docgen build` after a previous build: nothing is done when nothing changed, and unchanged pages are
/// taken from the previous site (same inode: hard-linked, not rewritten).
@Suite struct BuildManifestTests {
    struct Fixture {
        let temp: URL
        let content: URL
        let site: URL
        let theme: URL

        init() throws {
            temp = try Fixtures.temporaryDirectory()
            content = temp.appendingPathComponent("Content")
            site = temp.appendingPathComponent("_site")
            theme = temp.appendingPathComponent("Theme")
            try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Fixtures.theme, to: theme)
            try write("# A\n\n- Always use `struct`.\n\nSee [B](b.md) and [missing](nope.md).\n\n```swift\nlet a = 1\n```\n", "a.md")
            try write("# B\n\nText.\n\n```swift\nlet b = 2\n```\n", "b.md")
        }

        func write(_ text: String, _ name: String) throws {
            let url = content.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(.random(in: 1...10_000))], ofItemAtPath: url.path)
        }

        /// Builds into `output` (the fixture's site by default) with the build caches, as `docgen build` does
        /// (a fresh build into another folder uses none); `rulesPageSplitThreshold: 1` gives every document with
        /// rules its own rules page.
        func build(into output: URL? = nil, rulesPageSplitThreshold: Int = RulePages.defaultSplitThreshold) async throws -> SiteBuilder.Report {
            var options = BuildOptions(contentDirectory: content, outputDirectory: output ?? site, themeDirectory: theme)
            options.rulesPageSplitThreshold = rulesPageSplitThreshold
            options.cacheDirectory = output == nil ? temp.appendingPathComponent("cache") : nil
            return try await SiteBuilder(options: options).build()
        }

        /// The files of the site that differ from those of a fresh build of the same content into a new folder.
        func differencesFromAFreshBuild(rulesPageSplitThreshold: Int = RulePages.defaultSplitThreshold) async throws -> [String] {
            let fresh = temp.appendingPathComponent("fresh-\(UUID().uuidString)")
            _ = try await build(into: fresh, rulesPageSplitThreshold: rulesPageSplitThreshold)
            let (compared, differing) = try Fixtures.siteDifferences(site, from: fresh)
            #expect(compared > 5)
            return differing
        }

        func text(_ path: String) throws -> String {
            try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
        }

        func inode(_ path: String) throws -> Int {
            try #require(try FileManager.default.attributesOfItem(atPath: site.appendingPathComponent(path).path)[.systemFileNumber] as? Int)
        }
    }

    @Test func nothingChangedMeansNothingIsDoneAndWarningsAreReplayed() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        let first = try await fixture.build()
        #expect(!first.upToDate)
        #expect(first.diagnostics.map(\.id) == ["link.missing-document"])
        let before = try fixture.inode("index.html")
        let second = try await fixture.build()
        #expect(second.upToDate)
        #expect(second.diagnostics == first.diagnostics)
        #expect(second.documentCount == 2)
        #expect(try fixture.inode("index.html") == before)
    }

    @Test func unchangedPagesAndSnippetsAreReusedFromThePreviousSite() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        _ = try await fixture.build()
        let pageB = try fixture.inode("b.html")
        let snippetB = try fixture.inode("snippets/b/b.b.1.swift")
        let pageA = try fixture.inode("a.html")
        try fixture.write("# A\n\n- Always use `struct`.\n\nSee [B](b.md) and [missing](nope.md).\n\nMore.\n\n```swift\nlet a = 1\n```\n", "a.md")
        let report = try await fixture.build()
        #expect(!report.upToDate)
        #expect(try fixture.inode("b.html") == pageB)
        #expect(try fixture.inode("snippets/b/b.b.1.swift") == snippetB)
        #expect(try fixture.inode("a.html") != pageA)
        let page = try String(contentsOf: fixture.site.appendingPathComponent("a.html"), encoding: .utf8)
        #expect(page.contains("More."))
    }

    @Test func aThemeChangeRendersEverythingAgain() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        _ = try await fixture.build()
        let pageB = try fixture.inode("b.html")
        let css = fixture.theme.appendingPathComponent("assets/docgen.css")
        try (try String(contentsOf: css, encoding: .utf8) + "\n/* changed */\n").write(to: css, atomically: true, encoding: .utf8)
        let report = try await fixture.build()
        #expect(!report.upToDate)
        #expect(try fixture.inode("b.html") != pageB)
    }

    @Test func aDamagedPreviousSiteIsRebuiltInFull() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        _ = try await fixture.build()
        try FileManager.default.removeItem(at: fixture.site.appendingPathComponent("b.html"))
        try fixture.write("# A changed\n", "a.md")
        _ = try await fixture.build()
        #expect(FileManager.default.fileExists(atPath: fixture.site.appendingPathComponent("b.html").path))
    }

    @Test func incrementalSiteEqualsAFreshBuild() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        _ = try await fixture.build()
        try fixture.write("# B renamed\n\nText.\n", "b.md")
        _ = try await fixture.build()
        #expect(try await fixture.differencesFromAFreshBuild() == [])
    }

    @Test func aDocumentPageIsRenderedAgainWhenAnotherDocumentTakesItsRuleID() async throws {
        // c.md does not change, but b.md (before it in the navigation) now declares the same explicit id: c's rule
        // becomes shared.rule-1, and its anchor and badge on c.html with it.
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        try fixture.write("# C\n\n- Never use singletons. <!-- docgen: rule id=shared.rule -->\n", "c.md")
        _ = try await fixture.build()
        let pageC = try fixture.inode("c.html")
        #expect(try fixture.text("c.html").contains("id=\"shared.rule\""))
        try fixture.write("# B\n\n- Always use actors. <!-- docgen: rule id=shared.rule -->\n", "b.md")
        _ = try await fixture.build()
        #expect(try fixture.inode("c.html") != pageC)
        #expect(try fixture.text("c.html").contains("id=\"shared.rule-1\""))
        #expect(try await fixture.differencesFromAFreshBuild() == [])
    }

    // MARK: - Per-document rules pages

    @Test func unchangedRulesPagesAreReusedAndChangedOnesRenderedAgain() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        try fixture.write("# C\n\n- Never use singletons.\n", "c.md")
        _ = try await fixture.build(rulesPageSplitThreshold: 1)
        let rulesA = try fixture.inode("rules/a.html")
        let rulesC = try fixture.inode("rules/c.html")
        try fixture.write("# C\n\n- Never use global singletons.\n", "c.md")
        _ = try await fixture.build(rulesPageSplitThreshold: 1)
        #expect(try fixture.inode("rules/a.html") == rulesA)
        #expect(try fixture.inode("rules/c.html") != rulesC)
        #expect(try fixture.text("rules/c.html").contains("Never use global singletons."))
        #expect(try await fixture.differencesFromAFreshBuild(rulesPageSplitThreshold: 1) == [])
    }

    @Test func aRulesPageIsRenderedAgainWhenAnotherDocumentChangesWhatItShows() async throws {
        // a.md's rules page does not change its own document, but a new conflicting rule in c.md is listed on it.
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        try fixture.write("# C\n\n- Never use singletons.\n", "c.md")
        _ = try await fixture.build(rulesPageSplitThreshold: 1)
        let rulesA = try fixture.inode("rules/a.html")
        #expect(try !fixture.text("rules/a.html").contains("rule-conflict"))
        try fixture.write("# C\n\n- Never use singletons.\n- Never use `struct`.\n", "c.md")
        _ = try await fixture.build(rulesPageSplitThreshold: 1)
        #expect(try fixture.inode("rules/a.html") != rulesA)
        #expect(try fixture.text("rules/a.html").contains("rule-conflict"))
        #expect(try await fixture.differencesFromAFreshBuild(rulesPageSplitThreshold: 1) == [])
    }

    // MARK: - Site-wide rules pages

    @Test func siteWidePagesAreReusedUntilARuleOrAnExampleChanges() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        try fixture.write("# C\n\n- Never use singletons.\n", "c.md")
        _ = try await fixture.build(rulesPageSplitThreshold: 1)
        let paths = RulePages.fixedSitePaths + ["rules/a.html", "rules/c.html", "snippets/snippets.json", "rules/a.json", "rules/c.json",
                                                "terms/struct.html", "terms/singleton.html"]
        let before = try paths.map(fixture.inode)

        // Prose only: no rule, pair or example changed, so every rules page is the previous one.
        try fixture.write("# B\n\nOther text.\n\n```swift\nlet b = 2\n```\n", "b.md")
        _ = try await fixture.build(rulesPageSplitThreshold: 1)
        #expect(try paths.map(fixture.inode) == before)

        // A new example mentioning a rule's term is listed in the term index: on the term's own page, since the
        // catalogue is split. (A new file's inode differs from the one it replaces while that one is still in the
        // live site; an inode freed earlier may be reused.)
        try fixture.write("# B\n\nOther text.\n\n```swift\nstruct B {}\n```\n", "b.md")
        _ = try await fixture.build(rulesPageSplitThreshold: 1)
        #expect(try fixture.inode("terms.html") != before[1])
        #expect(try fixture.inode("terms/struct.html") != before[9])
        #expect(try fixture.text("terms/struct.html").contains("b.b.1"))
        #expect(try fixture.text("terms.html").contains("href=\"terms/struct.html\""))
        #expect(try fixture.inode("snippets/snippets.json") != before[6])
        let rulesJSON = try fixture.inode("rules.json"), documentJSON = try fixture.inode("rules/c.json")
        #expect(try fixture.text("snippets/snippets.json").contains("struct B {}"))
        #expect(try await fixture.differencesFromAFreshBuild(rulesPageSplitThreshold: 1) == [])

        // A changed rule is in rules.json.
        try fixture.write("# C\n\n- Never use global singletons.\n", "c.md")
        _ = try await fixture.build(rulesPageSplitThreshold: 1)
        #expect(try fixture.inode("rules.json") != rulesJSON)
        #expect(try fixture.text("rules.json").contains("Never use global singletons."))
        #expect(try fixture.inode("rules/c.json") != documentJSON)
        #expect(try fixture.text("rules/c.json").contains("Never use global singletons."))
        #expect(try await fixture.differencesFromAFreshBuild(rulesPageSplitThreshold: 1) == [])
    }

    @Test func theSiteFingerprintFollowsEveryFieldOfRulesAndSnippets() throws {
        // A new stored field must be added to `StableHasher.combine(rule:)` and friends: these counts remind.
        // (Rule pairs are not hashed: pairing makes them from exactly the rules and ids the fingerprint covers.)
        let document = RuleTestSupport.document("# A\n\n- Always use `struct` in models: P1.\n\n✅ Good:\n\n```swift\nstruct A {}\n```\n", slug: "a")
        let rule = try #require(RuleExtractor.extract(document).0.first)
        let snippet = try #require(document.snippets.first)
        #expect(Mirror(reflecting: rule).children.count == 19)
        #expect(Mirror(reflecting: snippet).children.count == 17)
        #expect(Mirror(reflecting: snippet.attributes).children.count == 5)

        func fingerprint(_ rule: Rule, _ snippet: Snippet, id: String? = nil, document: Document = document, threshold: Int = 1) -> String {
            RulePages.siteFingerprint(documents: [document],
                                      digests: [(StableHasher.digest(rules: [rule]), StableHasher.digest(snippets: [snippet]))],
                                      ruleIDs: [id ?? rule.id], splitThreshold: threshold, shared: "s")
        }
        let original = fingerprint(rule, snippet)
        #expect(fingerprint(rule, snippet) == original)
        let ruleEdits: [(inout Rule) -> Void] = [
            { $0.id += "x" }, { $0.text += "x" }, { $0.plainText += "x" }, { $0.statement += "x" }, { $0.document += "x" },
            { $0.file += "x" }, { $0.section.append("x") }, { $0.sectionID = "x" }, { $0.line += 1 },
            { $0.position = SourcePosition(line: 99, column: 9) }, { $0.strength = .optional }, { $0.priority = "P9" },
            { $0.terms.append("x") }, { $0.examples.append(RuleExample(id: "x", polarity: .bad)) }, { $0.related.append("x") },
            { $0.conflicts.append("x") }, { $0.hasExplicitID.toggle() }, { $0.subject = "x" }, { $0.claims.append(RuleClaim(direction: 1, terms: ["x"])) },
        ]
        let snippetEdits: [(inout Snippet) -> Void] = [
            { $0.id += "x" }, { $0.anchor += "x" }, { $0.document += "x" }, { $0.file += "x" }, { $0.sectionPath.append("x") },
            { $0.sectionID += "x" }, { $0.ordinal += 1 }, { $0.ordinalInSection += 1 }, { $0.fenceLine += 1 }, { $0.firstLine += 1 },
            { $0.lastLine += 1 }, { $0.indentation += 1 }, { $0.info += "x" }, { $0.attributes.ignore.toggle() },
            { $0.attributes.expectError.toggle() }, { $0.attributes.expectedMessage = "x" }, { $0.attributes.polarity = .bad },
            { $0.attributes.unknown.append("x") }, { $0.code += "x" }, { $0.polarity = .neutral }, { $0.label = "x" },
        ]
        let documentEdits: [(inout Document) -> Void] = [
            { $0.title += "x" }, { $0.source = SourceFile(relativePath: "b.md", displayPath: "b.md", text: "") },
        ]
        var fingerprints: [String] = []
        for edit in ruleEdits { var changed = rule; edit(&changed); fingerprints.append(fingerprint(changed, snippet)) }
        for edit in snippetEdits { var changed = snippet; edit(&changed); fingerprints.append(fingerprint(rule, changed)) }
        for edit in documentEdits { var changed = document; edit(&changed); fingerprints.append(fingerprint(rule, snippet, document: changed)) }
        fingerprints.append(fingerprint(rule, snippet, id: rule.id + "-2"))  // made unique across documents
        fingerprints.append(fingerprint(rule, snippet, threshold: 2))
        #expect(!fingerprints.contains(original))
        #expect(Set(fingerprints).count == fingerprints.count)
    }

    @Test func changingTheSplitThresholdRendersEverythingAgain() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.temp) }
        _ = try await fixture.build()
        #expect(!FileManager.default.fileExists(atPath: fixture.site.appendingPathComponent("rules/a.html").path))
        let report = try await fixture.build(rulesPageSplitThreshold: 0)
        #expect(!report.upToDate)
        #expect(FileManager.default.fileExists(atPath: fixture.site.appendingPathComponent("rules/a.html").path))
    }
}
