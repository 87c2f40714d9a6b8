import Foundation
import Testing
@testable import DocgenKit

/// End-to-end builds of the real `Content/` and of small fixture folders.
@Suite struct SiteBuildTests {
    /// Builds `content` into `output` with the repository theme.
    func build(content: URL, output: URL, theme: URL? = Fixtures.theme) async throws -> SiteBuilder.Report {
        try await SiteBuilder(options: BuildOptions(contentDirectory: content, outputDirectory: output, themeDirectory: theme)).build()
    }

    /// Every `attribute="value"` in an HTML text.
    func values(of attribute: String, in html: String) -> [String] {
        let pattern = "\\s\(attribute)=\"([^\"]*)\""
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
            Range($0.range(at: 1), in: html).map { String(html[$0]).replacingOccurrences(of: "&amp;", with: "&") }
        }
    }

    @Test func buildsEveryPageOfTheRealContent() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let site = temp.appendingPathComponent("_site")
        let report = try await build(content: Fixtures.content, output: site)

        #expect(report.documents.count == Fixtures.contentFiles.count)
        #expect(!report.diagnostics.containsErrors)
        for url in Fixtures.contentFiles {
            let page = site.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".html")
            #expect(FileManager.default.fileExists(atPath: page.path), "missing page for \(url.lastPathComponent)")
        }
        for path in ["index.html", "404.html", "assets/docgen.css", "assets/docgen.js", "snippets/snippets.json", SiteWriter.markerName] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(path).path), "missing \(path)")
        }
        let snippetCount = report.documents.reduce(0) { $0 + $1.snippets.count }
        let published = try FileManager.default.subpathsOfDirectory(atPath: site.appendingPathComponent("snippets").path)
            .filter { $0.hasSuffix(".swift") }
        #expect(published.count == snippetCount)
    }

    @Test func everyHeadingHasAnIDAndASelfLink() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let site = temp.appendingPathComponent("_site")
        let report = try await build(content: Fixtures.content, output: site)
        for document in report.documents {
            let html = try String(contentsOf: site.appendingPathComponent(document.outputPath), encoding: .utf8)
            for heading in document.headings {
                #expect(html.contains("<h\(heading.level) id=\"\(heading.id)\">"), "\(document.slug): no id for \(heading.text)")
                #expect(html.contains("href=\"#\(heading.id)\""), "\(document.slug): no self-link for \(heading.text)")
            }
        }
    }

    @Test func everyInternalLinkInTheOutputResolves() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let site = temp.appendingPathComponent("_site")
        let report = try await build(content: Fixtures.content, output: site)
        // Broken links of the content are reported as warnings and left as written: those are the only exceptions.
        var idsByPage: [String: Set<String>] = [:]
        let pages = try FileManager.default.subpathsOfDirectory(atPath: site.path).filter { $0.hasSuffix(".html") }
        for page in pages {
            let html = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
            idsByPage[page] = Set(values(of: "id", in: html))
        }
        var unresolved: [String] = []
        for page in pages where page != "404.html" {
            let html = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
            for href in values(of: "href", in: html) + values(of: "src", in: html) where !LinkResolver.isExternal(href) {
                let (path, fragment) = LinkResolver.splitFragment(href)
                let target = path.isEmpty ? page : LinkResolver.normalize(path, relativeTo: String(page.dropLast(5)))
                guard FileManager.default.fileExists(atPath: site.appendingPathComponent(target).path) else {
                    unresolved.append("\(page): \(href)")
                    continue
                }
                if let fragment, !fragment.isEmpty, target.hasSuffix(".html") {
                    #expect(idsByPage[target]?.contains(fragment.removingPercentEncoding ?? fragment) == true,
                            "\(page): \(href) has no target anchor")
                }
            }
        }
        let linkWarnings = report.diagnostics.filter { $0.id.hasPrefix("link.") }
        #expect(unresolved.count == linkWarnings.count, "unresolved links not reported as warnings: \(unresolved)")
        for entry in unresolved {
            #expect(entry.hasSuffix(".md") || entry.contains(".md#"), "a rewritten link is broken: \(entry)")
        }
    }

    @Test func relativeMarkdownLinksAreRewritten() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = temp.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("guides"), withIntermediateDirectories: true)
        try "# Home\n\nRead [the intro](guides/intro.md#getting-started) or [Apple](https://developer.apple.com).\n"
            .write(to: content.appendingPathComponent("home.md"), atomically: true, encoding: .utf8)
        try "# Intro\n\n## Getting started\n\nBack [home](../home.md).\n"
            .write(to: content.appendingPathComponent("guides/intro.md"), atomically: true, encoding: .utf8)
        let site = temp.appendingPathComponent("site")
        let report = try await build(content: content, output: site)
        #expect(report.diagnostics.isEmpty)
        let home = try String(contentsOf: site.appendingPathComponent("home.html"), encoding: .utf8)
        #expect(home.contains("<a href=\"guides/intro.html#getting-started\">the intro</a>"))
        #expect(home.contains("<a href=\"https://developer.apple.com\">Apple</a>"))
        let intro = try String(contentsOf: site.appendingPathComponent("guides/intro.html"), encoding: .utf8)
        #expect(intro.contains("<a href=\"../home.html\">home</a>"))
        #expect(intro.contains("href=\"../assets/docgen.css\""))
    }

    @Test func swiftBlocksAreHighlightedAndOthersEscaped() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = temp.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try "# Code\n\n**✅ Good:**\n\n```swift\nlet a = [1] // <ok>\n```\n\n```text\nView → <Controller>\n```\n"
            .write(to: content.appendingPathComponent("code.md"), atomically: true, encoding: .utf8)
        let site = temp.appendingPathComponent("site")
        _ = try await build(content: content, output: site)
        let html = try String(contentsOf: site.appendingPathComponent("code.html"), encoding: .utf8)
        #expect(html.contains("<span class=\"hl-keyword\">let</span>"))
        #expect(html.contains("<span class=\"hl-comment\">// &lt;ok&gt;</span>"))
        #expect(html.contains("class=\"codeblock polarity-good\""))
        #expect(html.contains("href=\"snippets/code/code.code.1.swift\" download"))
        #expect(html.contains("<pre><code class=\"language-text\">View → &lt;Controller&gt;\n</code></pre>"))
    }

    @Test func theBuiltInThemeIsUsedWithoutAThemeFolder() async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let content = temp.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try "# Only\n".write(to: content.appendingPathComponent("only.md"), atomically: true, encoding: .utf8)
        let options = BuildOptions(contentDirectory: content, outputDirectory: temp.appendingPathComponent("out"))
        #expect(options.themeDirectory == nil)
        _ = try await SiteBuilder(options: options).build()
        let css = try Data(contentsOf: temp.appendingPathComponent("out/assets/docgen.css"))
        #expect(css == (try Data(contentsOf: Fixtures.theme.appendingPathComponent("assets/docgen.css"))))
    }
}
