import Foundation
import Mustache
import Testing
@testable import DocgenKit

@Suite struct ThemeTests {
    func theme(_ files: [String: String]) throws -> URL {
        let directory = try Fixtures.temporaryDirectory().appendingPathComponent("Theme")
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return directory
    }

    @Test func theBuiltInThemeIsTheRepositoryTheme() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Fixtures.theme.path).filter {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: Fixtures.theme.appendingPathComponent($0).path, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue && !$0.split(separator: "/").contains { $0.hasPrefix(".") }
        }
        #expect(Set(EmbeddedTheme.files.keys) == Set(files))
        for path in files {
            let onDisk = try String(contentsOf: Fixtures.theme.appendingPathComponent(path), encoding: .utf8)
            #expect(EmbeddedTheme.files[path] == onDisk, "\(path) differs from the built-in copy")
        }
        let builtIn = try Theme.load(overlay: nil)
        for name in Theme.requiredTemplates { #expect(builtIn.library.getTemplate(named: name) != nil) }
    }

    @Test func aSyntaxErrorNamesTheTemplateFileAndLine() throws {
        let directory = try theme(["templates/index.mustache": "{{<layout}}\n{{$main}}\n<p>{{#documents}}{{title}}</p>\n{{/main}}\n{{/layout}}\n"])
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        #expect {
            _ = try Theme.load(overlay: directory, displayName: "Theme")
        } throws: { error in
            // The section opened on line 3 is closed by the wrong tag on line 4 (the line docgen puts before every
            // template is not counted).
            guard case Theme.Failure.syntax(let file, let line, _, _) = error else { return false }
            return file == "Theme/templates/index.mustache" && line == 4
        }
    }

    @Test func aMissingPartialIsAnError() throws {
        let directory = try theme(["templates/404.mustache": "{{<layout}}{{$main}}\n{{> partials/nope}}\n{{/main}}{{/layout}}\n"])
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        #expect(throws: Theme.Failure.missingPartial(file: "Theme/templates/404.mustache", line: 2, name: "partials/nope")) {
            _ = try Theme.load(overlay: directory, displayName: "Theme")
        }
    }

    @Test func aThemeFolderOverridesFilesOfTheBuiltInTheme() async throws {
        let directory = try theme([
            "templates/404.mustache": "{{<layout}}{{$main}}<p class=\"custom-404\">gone</p>{{/main}}{{/layout}}\n",
            "assets/extra.css": "body { color: red }\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let loaded = try Theme.load(overlay: directory)
        #expect(loaded.assets["assets/extra.css"] != nil)
        #expect(loaded.assets["assets/docgen.css"] != nil)
        let page = try loaded.render("404", ["page": ["title": "x", "root": "/"], "site": ["title": "S"]])
        #expect(page.contains("custom-404"))
        #expect(page.contains("<!doctype html>") || page.contains("<!DOCTYPE html>"))
    }

    @Test func largeSitesListTheDocumentsAroundEachPage() throws {
        let theme = try Theme.load(overlay: Fixtures.theme)
        let many = (0..<300).map { NavigationEntry(title: "Doc \($0)", href: "d\($0).html") }
        let renderer = PageRenderer(theme: theme, siteTitle: "S", navigation: many)
        let html = renderer.navigationHTML(root: "", current: "d150.html")
        #expect(html.contains("<a href=\"d150.html\" aria-current=\"page\">Doc 150</a>"))
        #expect(html.contains(">Doc 140<") && html.contains(">Doc 160<"))
        #expect(!html.contains(">Doc 139<") && !html.contains(">Doc 161<") && !html.contains(">Doc 0<"))
        #expect(html.contains("<a href=\"index.html\">All 300 documents</a>"))
        // The first pages show the first documents; small sites list every document.
        #expect(renderer.navigationHTML(root: "../", current: "rules/x.html").contains("<a href=\"../d20.html\">Doc 20</a>"))
        let few = PageRenderer(theme: theme, siteTitle: "S", navigation: Array(many.prefix(20)))
        #expect(few.navigationHTML(root: "", current: "d3.html").components(separatedBy: "<li>").count == 21)
        #expect(!few.navigationHTML(root: "", current: "d3.html").contains("All 20 documents"))
    }

    @Test func templatesEscapeExactlyAsSwiftMustacheDoes() throws {
        // Every template starts with docgen's escaping (`TemplateEscaping`); it must give swift-mustache's output
        // byte for byte: the five characters as whole `Character`s (a quote with a combining mark stays as it is).
        let texts = ["", "plain words", "a < b > c & d", "\"quoted\" and 'single'", "&amp; already", "q\u{301}\"\u{301}'\u{301}",
                     "👩‍💻 <é> \u{2028}", "<<<>>>&&&\"\"''", "tail&", "\r\n<\r\n"]
        let plain = try MustacheTemplate(string: "{{v}}|{{{v}}}|{{#list}}{{.}},{{/list}}")
        let docgen = try MustacheTemplate(string: Theme.escapingPragma + "{{v}}|{{{v}}}|{{#list}}{{.}},{{/list}}")
        for text in texts {
            let context: [String: Any] = ["v": text, "list": [text, text + "<"]]
            #expect(docgen.render(context) == plain.render(context), "\(text.debugDescription)")
            #expect(TemplateEscaping().escapeText(text) == plain.render(["v": text]).components(separatedBy: "|")[0])
        }
        #expect(TemplateEscaping().escapeText("a<'b'>") == "a&lt;&#39;b&#39;&gt;")
    }

    @Test func userTextIsEscapedInTemplates() throws {
        let loaded = try Theme.load(overlay: Fixtures.theme)
        let renderer = PageRenderer(theme: loaded, siteTitle: "<script>x</script>", navigation: [NavigationEntry(title: "A & <B>", href: "a.html")])
        let page = try renderer.notFoundPage()
        let html = String(decoding: page.data, as: UTF8.self)
        #expect(!html.contains("<script>x</script>"))
        #expect(html.contains("&lt;script&gt;x&lt;/script&gt;"))
        #expect(html.contains("A &amp; &lt;B&gt;"))
    }
}
