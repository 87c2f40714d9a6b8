import Foundation
import Testing
@testable import DocgenKit

/// rules.json, the CLI filters, the linter, and the pages.
@Suite struct RuleOutputTests {
    typealias Support = RuleTestSupport

    static let documents: [Document] = [
        Support.document("""
            # One

            ## Views - P1

            **Rules:**
            - Always use `@Observable` view models
            - Never call services directly from views

            ```swift
            // ✅ Good
            @Observable final class Model {}
            ```

            ## Other

            - Never call services directly from views
            """, slug: "one"),
        Support.document("""
            # Two

            ## Anti-patterns

            Do not implement anti-patterns. This includes:
            - Singletons
            """, slug: "two"),
    ]

    static let catalog = RuleExtractor.extract(documents)

    // MARK: - JSON

    @Test func rulesJSONIsWhatJSONEncoderMakesOfTheWholeArray() throws {
        // rules.json is written directly (RuleJSONWriter); it must not differ from JSONEncoder encoding the whole array.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let documents = try Fixtures.contentFiles.map { file in
            DocumentAnalyzer.analyze(SourceFile(relativePath: file.lastPathComponent, displayPath: file.lastPathComponent,
                                                text: try String(contentsOf: file, encoding: .utf8))).0
        }
        let real = RuleExtractor.extract(documents).rules
        #expect(real.count > 100)
        #expect(real.contains { !$0.related.isEmpty } && real.contains { !$0.conflicts.isEmpty })
        // Strings JSON must escape, and ones it must not: quotes, backslashes, every control byte, slashes,
        // DEL, non-ASCII letters, emoji, U+2028; no priority; empty and one-element arrays.
        var hostile = try #require(Self.catalog.rules.first)
        let controls = String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) })
        hostile.text = "\"quoted\" back\\slash a/b </script> \u{7F} é 👩‍💻 \u{2028}\u{2029} " + controls
        hostile.plainText = controls + "\\\""
        hostile.priority = nil
        hostile.section = ["/", "\t"]
        hostile.terms = []
        hostile.related = ["x"]
        // More than 2,000 rules: rules.json is made in several parts (`RuleCatalog.jsonParts`).
        let many = (0..<(2_100 / real.count + 1)).flatMap { _ in real }
        #expect(RuleCatalog.jsonParts(many).count > 1)
        for rules in [real, Self.catalog.rules, Array(real.prefix(1)), [], [hostile, hostile], many] {
            let whole = try encoder.encode(rules.map(\.record)) + Data("\n".utf8)
            #expect(RuleCatalog.json(rules) == whole)
        }
    }

    @Test func eachDocumentsJSONHoldsExactlyItsEntriesOfRulesJSON() async throws {
        // rules/<slug>.json: the document's records as rules.json has them (with every related and conflicting
        // rule), in the same format; together, in navigation order, they are rules.json.
        let (documents, catalog) = try await SearchTestSupport.realContent()
        let theme = try Theme.load(overlay: Fixtures.theme)
        let renderer = PageRenderer(theme: theme, siteTitle: "T", navigation: [])
        let files = try await RulePages.pages(catalog: catalog, documents: documents, renderer: renderer).files
        let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.data) })
        let all = try JSONDecoder().decode([RuleRecord].self, from: try #require(byPath["rules.json"]))
        var joined: [RuleRecord] = []
        for document in documents {
            let ofDocument = catalog.rules.filter { $0.document == document.slug }
            let data = byPath[RulePages.jsonPath(of: document.slug)]
            guard !ofDocument.isEmpty else {
                #expect(data == nil, "\(document.slug) has no rules, so no file")
                continue
            }
            let json = try #require(data, "\(document.slug)")
            #expect(json == RuleCatalog.json(ofDocument))
            let records = try JSONDecoder().decode([RuleRecord].self, from: json)
            #expect(records == ofDocument.map(\.record))
            #expect(records.allSatisfy { $0.document == document.slug })
            joined += records
        }
        #expect(documents.filter { byPath[RulePages.jsonPath(of: $0.slug)] != nil }.count >= 4)
        #expect(joined == all)
        // Written in parts by the pages, rules.json has the bytes of the whole array written at once.
        #expect(byPath["rules.json"] == RuleCatalog.json(catalog.rules))
    }

    @Test func aCardListingOnlySomeLinkedRulesLinksToItsDocumentsJSON() throws {
        // More related rules than a card lists: the rest are a link away, in the rule's document's JSON file.
        var rules = (0..<(RulePageContext.linkLimit + 3)).map { number in
            Rule(id: "b.r\(number)", text: "Use x\(number).", plainText: "Use x\(number).", statement: "Use x\(number).",
                 document: "b", file: "b.md", section: ["B"], sectionID: "b", line: number + 3,
                 position: SourcePosition(line: number + 3, column: 1), strength: .required, priority: nil)
        }
        var rule = Rule(id: "a&b.r", text: "Use x.", plainText: "Use x.", statement: "Use x.", document: "a&b", file: "a&b.md",
                        section: ["A"], sectionID: "a", line: 3, position: SourcePosition(line: 3, column: 1),
                        strength: .required, priority: nil)
        rule.related = rules.map(\.id)
        rules.append(rule)
        let catalog = RuleCatalog(rules: rules, pairs: [])
        let context = RulePageContext(catalog: catalog, documents: [], termHrefs: [:])
        let html = try #require(context.rule(rule, root: "../").child(named: "relatedHTML") as? String)
        #expect(html.contains("<span class=\"rule-more\">and 3 more (all in <a href=\"../rules/a&amp;b.json\">a&amp;b.json</a>)</span>"))
        #expect(!html.contains("rules.json"))
        let other = try #require(context.rule(rules[0], root: "").child(named: "relatedHTML") as? String)
        #expect(!other.contains("rule-more"))
    }

    @Test func aLinkToARuleWhosePageAndIDNeedEscapingIsEscapedWhole() throws {
        // The link is made of the document's escaped page path and the escaped id: the same as escaping the whole href.
        let target = Rule(id: "guides/a b&c.use-x", text: "Use x.", plainText: "Use x.", statement: "Use x.",
                          document: "guides/a b&c", file: "guides/a b&c.md", section: ["A"], sectionID: "a", line: 3,
                          position: SourcePosition(line: 3, column: 1), strength: .required, priority: nil)
        var rule = Rule(id: "d.use-y", text: "Use y.", plainText: "Use y.", statement: "Use y.", document: "d", file: "d.md",
                        section: ["D"], sectionID: "d", line: 3, position: SourcePosition(line: 3, column: 1),
                        strength: .required, priority: nil)
        rule.conflicts = [target.id]
        let context = RulePageContext(catalog: RuleCatalog(rules: [rule, target], pairs: []), documents: [], termHrefs: [:])
        let card = context.rule(rule, root: "../")
        let html = try #require(card.child(named: "conflictsHTML") as? String)
        #expect(html == "<a class=\"rule-conflict\" href=\"../guides/a%20b&amp;c.html#guides/a%20b&amp;c.use-x\">"
                + "<code>guides/a b&amp;c.use-x</code></a> ")
        #expect(html.contains(HTMLEscaping.escapeHref(target.href)))
        #expect(card.conflicts.map(\.href) == ["guides/a b&c.html#guides/a b&c.use-x"])
    }

    @Test func rulesJSONHasTheDocumentedSchema() throws {
        let data = RuleCatalog.json(Self.catalog.rules)
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(array.count == Self.catalog.rules.count)
        let keys: Set<String> = ["id", "text", "plainText", "document", "section", "line", "strength", "priority",
                                 "terms", "examples", "related", "conflicts"]
        for object in array {
            #expect(Set(object.keys) == keys)
            #expect(object["id"] is String && object["text"] is String && object["plainText"] is String)
            #expect(object["document"] is String && object["strength"] is String)
            #expect(object["section"] is [String] && object["terms"] is [String])
            #expect(object["related"] is [String] && object["conflicts"] is [String])
            #expect(object["line"] is Int)
            #expect(object["priority"] is String || object["priority"] is NSNull)
            let examples = try #require(object["examples"] as? [[String: Any]])
            for example in examples {
                #expect(Set(example.keys) == ["id", "polarity"])
                #expect(["good", "bad", "neutral"].contains(example["polarity"] as? String ?? ""))
            }
            #expect(RuleStrength(rawValue: object["strength"] as? String ?? "") != nil)
        }
        let first = try #require(array.first)
        #expect(first["id"] as? String == "one.views.always-use-observable-view")
        #expect(first["text"] as? String == "Always use `@Observable` view models")
        #expect(first["plainText"] as? String == "Always use @Observable view models")
        #expect(first["section"] as? [String] == ["One", "Views - P1"])
        #expect(first["priority"] as? String == "P1")
        #expect(first["line"] as? Int == 6)
        let examples = try #require(first["examples"] as? [[String: Any]])
        #expect(examples.first?["id"] as? String == "one.views---p1.1")
        #expect(examples.first?["polarity"] as? String == "good")
        let decoded = try JSONDecoder().decode([RuleRecord].self, from: data)
        #expect(decoded == Self.catalog.rules.map(\.record))
    }

    // MARK: - Filters

    @Test func filtersCombine() {
        let rules = Self.catalog.rules
        #expect(RuleFilter(document: "two.md").apply(rules).map(\.document) == ["two"])
        #expect(RuleFilter(strengths: [.prohibited]).apply(rules).count == 3)
        #expect(RuleFilter(strengths: [.prohibited], priority: "p1").apply(rules).count == 1)
        #expect(RuleFilter(priority: "none").apply(rules).count == 2)
        #expect(RuleFilter(term: "singletons").apply(rules).map(\.document) == ["two"])
        #expect(RuleFilter(term: "`@Observable`").apply(rules).count == 1)
        #expect(RuleFilter(term: "observable").apply(rules).count == 1)
        #expect(RuleFilter(search: "SERVICES views").apply(rules).count == 2)
        #expect(RuleFilter(document: "one", search: "singletons").apply(rules).isEmpty)
        #expect(RuleFilter().apply(rules).count == rules.count)
    }

    @Test func textLinesShowIDStrengthPriorityAndText() {
        let lines = RuleFilter.textLines(Array(Self.catalog.rules.prefix(1))).split(separator: "\n")
        #expect(lines == ["one.views.always-use-observable-view  required     P1  Always use `@Observable` view models"])
        let last = RuleFilter.textLines(Array(Self.catalog.rules.suffix(1)))
        #expect(last == "two.anti-patterns.singletons  prohibited   -   Singletons")
    }

    // MARK: - Linter

    @Test func repeatedRulesInOneDocumentAreReported() {
        let diagnostics = RuleLinter.diagnostics(for: Self.catalog)
        #expect(diagnostics.map(\.id) == ["rules.repeated"])
        #expect(diagnostics.first?.file == "Content/one.md")
        #expect(diagnostics.first?.range?.start.line == 16)
        #expect(diagnostics.first?.message.contains("line 7") == true)
    }

    // MARK: - Pages

    @Test func annotationsCarryAnchorAndBadge() throws {
        let annotations = RulePages.annotations(for: Self.catalog.rules)
        let rule = try #require(Self.catalog.rules.first)
        let annotation = try #require(annotations["one"]?[rule.position])
        #expect(annotation.id == rule.id)
        #expect(annotation.classes == ["has-rule"])
        #expect(annotation.prefixHTML == "<span class=\"rule-badge strength-required\" title=\"Rule one.views.always-use-observable-view: required, P1\"><a href=\"#one.views.always-use-observable-view\">required · P1</a></span>")
    }

    @Test func documentPagesShowEachRuleOnceWithItsAnchor() throws {
        let theme = try Theme.load(overlay: Fixtures.theme)
        let renderer = PageRenderer(theme: theme, siteTitle: "T", navigation: [], extraNavigation: RulePages.navigation)
        let document = Self.documents[0]
        let page = try renderer.documentPage(
            document, resolver: LinkResolver(documents: Self.documents), annotations: RulePages.annotations(for: Self.catalog.rules)["one"] ?? [:],
            counts: DocumentCounts(), previous: nil, next: nil)
        let html = String(decoding: page.data, as: UTF8.self)
        for rule in Self.catalog.rules(inDocument: "one") {
            #expect(html.components(separatedBy: "id=\"\(rule.id)\"").count == 2, "\(rule.id)")
        }
        #expect(html.contains("<li id=\"one.views.always-use-observable-view\" class=\"has-rule\"><span class=\"rule-badge strength-required\""))
        #expect(!html.contains("<ul id="))
    }

    @Test func rulePagesListEveryRuleAndPair() async throws {
        let theme = try Theme.load(overlay: Fixtures.theme)
        let renderer = PageRenderer(theme: theme, siteTitle: "T", navigation: [], extraNavigation: RulePages.navigation)
        let files = try await RulePages.pages(catalog: Self.catalog, documents: Self.documents, renderer: renderer).files
        #expect(files.map(\.path) == ["rules.html", "terms.html", "conflicts.html", "rules.json", "rules/one.json", "rules/two.json"])
        let rules = String(decoding: files[0].data, as: UTF8.self)
        #expect(rules.contains("href=\"rules/one.json\" download>JSON</a>"))
        for rule in Self.catalog.rules {
            #expect(rules.contains("id=\"\(rule.id)\" data-strength=\"\(rule.strength.rawValue)\""))
            #expect(rules.contains("href=\"\(rule.document).html#\(rule.id)\""))
        }
        #expect(rules.contains("id=\"rules-one\"") && rules.contains("id=\"rules-two\""))
        #expect(rules.contains("<form class=\"filters\" id=\"rule-filters\" role=\"search\" aria-label=\"Filter rules\" hidden>"))
        #expect(rules.contains("assets/rules.js"))
        let terms = String(decoding: files[1].data, as: UTF8.self)
        #expect(terms.contains("id=\"term-singleton\""))
        #expect(terms.contains("<a href=\"#letter-s\">S</a>"))
        #expect(terms.contains("one.html#example-views---p1-1"))
        let conflicts = String(decoding: files[2].data, as: UTF8.self)
        #expect(conflicts.contains("No conflicts found."))
    }

    @Test func largeCatalogsAreSplitPerDocument() async throws {
        let theme = try Theme.load(overlay: Fixtures.theme)
        let renderer = PageRenderer(theme: theme, siteTitle: "T", navigation: [])
        let files = try await RulePages.pages(catalog: Self.catalog, documents: Self.documents, renderer: renderer, splitThreshold: 2).files
        let index = RuleIndex(rules: Self.catalog.rules, documents: Self.documents)
        let termPages = index.entries.map { RuleIndex.pagePath(ofAnchor: $0.anchor) }
        #expect(termPages.contains("terms/singleton.html") && termPages.contains("terms/observable.html"))
        #expect(files.map(\.path) == ["rules.html", "rules/one.html", "rules/two.html", "terms.html"] + termPages
                + ["conflicts.html", "rules.json", "rules/one.json", "rules/two.json"])
        let perDocument = String(decoding: files[1].data, as: UTF8.self)
        #expect(perDocument.contains("href=\"../one.html#one.views.always-use-observable-view\""))
        #expect(!perDocument.contains("two.anti-patterns.singletons"))
        // The filter form of a document's page offers that document only.
        #expect(perDocument.contains("<option value=\"one\">"))
        #expect(!perDocument.contains("<option value=\"two\">"))
        // A rule's terms link to their own pages.
        #expect(perDocument.contains("<a class=\"rule-term\" href=\"../terms/observable.html\">@Observable</a>"))
        let overview = String(decoding: files[0].data, as: UTF8.self)
        #expect(overview.contains("href=\"rules/two.html\""))
    }

    @Test func aSplitCatalogsIndexLinksEachTermToItsOwnPage() async throws {
        let theme = try Theme.load(overlay: Fixtures.theme)
        let renderer = PageRenderer(theme: theme, siteTitle: "T", navigation: [])
        let files = try await RulePages.pages(catalog: Self.catalog, documents: Self.documents, renderer: renderer, splitThreshold: 2).files
        let page = { (path: String) throws -> String in
            String(decoding: try #require(files.first { $0.path == path }).data, as: UTF8.self)
        }
        // The Index lists terms with their counts, not their rules.
        let terms = try page("terms.html")
        #expect(terms.contains("<a class=\"term-name\" href=\"terms/singleton.html\">singleton</a>"))
        #expect(terms.contains("<a href=\"#letter-s\">S</a>"))
        #expect(!terms.contains("two.anti-patterns.singletons"))
        // A term's page lists every rule that speaks of it, with the site root one folder up, and its examples.
        let singleton = try page("terms/singleton.html")
        #expect(singleton.contains("href=\"../two.html#two.anti-patterns.singletons\""))
        #expect(singleton.contains("href=\"../terms.html#letter-s\""))
        let observable = try page("terms/observable.html")
        #expect(observable.contains("<code>@Observable</code>"))
        #expect(observable.contains("href=\"../one.html#example-views---p1-1\""))
        #expect(!observable.contains("Rules by document"))
    }

    @Test func aTermWithManyRulesListsItsDocumentsWithFilteredLinks() async throws {
        // More rules than the Index lists under a term: its page gives each document's count and links to that
        // document's rules page filtered by the term (`rules.js` reads `?term=`).
        let many = (1...RulePageContext.termRuleLimit).map { "- Never use a singleton for cache number \($0)." }
        let documents = [
            Support.document("# Alpha\n\n## Caches\n\n" + many.joined(separator: "\n") + "\n", slug: "alpha"),
            Support.document("# Beta\n\n## Caches\n\n- Never use a singleton for the clock.\n", slug: "beta"),
            Support.document("# Gamma\n\n## Other\n\n- Always use a protocol.\n", slug: "gamma"),
        ]
        let catalog = RuleExtractor.extract(documents)
        let index = RuleIndex(rules: catalog.rules, documents: documents)
        let entry = try #require(index.entries.first { $0.term == "singleton" })
        #expect(entry.rules.count == RulePageContext.termRuleLimit + 1)
        let context = RulePageContext(catalog: catalog, documents: documents, termHrefs: RulePageContext.termHrefs(index, split: true))
        let values = context.termPageValues(entry, index: index)
        let listed = try #require(values["documents"] as? [[String: Any]])
        #expect(listed.compactMap { $0["slug"] as? String } == ["alpha", "beta"])
        #expect(listed.compactMap { $0["count"] as? Int } == [RulePageContext.termRuleLimit, 1])
        #expect(listed.compactMap { $0["href"] as? String } == ["rules/alpha.html?term=singleton", "rules/beta.html?term=singleton"])
        #expect((values["rules"] as? [Any])?.isEmpty == true)

        let renderer = PageRenderer(theme: try Theme.load(overlay: Fixtures.theme), siteTitle: "T", navigation: [])
        let files = try await RulePages.pages(catalog: catalog, documents: documents, renderer: renderer, splitThreshold: 2).files
        let html = String(decoding: try #require(files.first { $0.path == "terms/singleton.html" }).data, as: UTF8.self)
        #expect(html.contains("<a href=\"../rules/alpha.html?term=singleton\">Alpha</a></td><td>\(RulePageContext.termRuleLimit)</td>"))
        #expect(html.contains("41 rules in 2 documents"))
        // The filtered page holds the term's rules, marked with it for the filter.
        let alpha = String(decoding: try #require(files.first { $0.path == "rules/alpha.html" }).data, as: UTF8.self)
        #expect(alpha.components(separatedBy: "data-terms=\"singleton").count - 1 == RulePageContext.termRuleLimit)
    }
}
