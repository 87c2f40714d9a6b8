import DocgenKit
import DocgenServer
import Foundation
import Testing

/// Real HTTP against a server on an ephemeral port: pages, content types, 404, conditional requests, HEAD.
@Suite(.timeLimit(.minutes(3))) struct ServeHTTPTests {
    @Test func pagesAssetsAndDataHaveTheirContentTypes() async throws {
        try await RunningServer.with { site, running in
            let client = running.client

            let home = try await client.send("GET", "/")
            #expect(home.status == 200)
            #expect(home.headers["content-type"] == "text/html; charset=utf-8")
            #expect(home.text.contains("<!doctype html>"))
            #expect(home.text.contains(ReloadScript.eventsPath), "served pages carry the reload script")
            #expect(Int(home.headers["content-length"] ?? "") == home.body.count)

            let index = try await client.send("GET", "/index.html")
            #expect(index.status == 200)
            #expect(index.body == home.body, "/ serves index.html")

            let document = try #require(site.documents.first).replacingOccurrences(of: ".md", with: ".html")
            let page = try await client.send("GET", "/\(document)")
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            let clean = try await client.send("GET", "/\(document.dropLast(5))?x=1")
            #expect(clean.status == 200)
            #expect(clean.body == page.body, "/page serves page.html")

            let css = try await client.send("GET", "/assets/docgen.css")
            #expect(css.status == 200)
            #expect(css.headers["content-type"] == "text/css; charset=utf-8")
            #expect(css.headers["x-content-type-options"] == "nosniff")
            let script = try await client.send("GET", "/assets/docgen.js")
            #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
            let rules = try await client.send("GET", "/rules.json")
            #expect(rules.status == 200)
            #expect(rules.headers["content-type"] == "application/json")
            #expect((try? JSONSerialization.jsonObject(with: rules.body)) != nil)
        }
    }

    @Test func directoriesServeTheirIndexAndRedirectWithoutASlash() async throws {
        try await RunningServer.with(prepare: { site in
            // A sub-folder of the theme's assets with an index page.
            let folder = site.theme.appendingPathComponent("assets/guide")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "<p>guide index</p>".write(to: folder.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        }) { _, running in
            let directory = try await running.client.send("GET", "/assets/guide/")
            #expect(directory.status == 200)
            #expect(directory.text == "<p>guide index</p>")
            let redirect = try await running.client.send("GET", "/assets/guide")
            #expect(redirect.status == 301)
            #expect(redirect.headers["location"] == "/assets/guide/")
            let noIndex = try await running.client.send("GET", "/assets/")
            #expect(noIndex.status == 404, "a folder without index.html is not listed")
        }
    }

    @Test func aFileOfSeveralChunksIsServedWholeAndInOrder() async throws {
        // Two and a half chunks, every byte position distinguishable (251 is prime): a lost, repeated or
        // misordered chunk changes the bytes.
        let size = StaticResponder.chunkSize * 5 / 2 + 7
        let bytes = Data((0..<size).map { UInt8($0 % 251) })
        try await RunningServer.with(prepare: { site in
            try bytes.write(to: site.theme.appendingPathComponent("assets/large.bin"))
        }) { _, running in
            let response = try await running.client.send("GET", "/assets/large.bin")
            #expect(response.status == 200)
            #expect(response.headers["content-length"] == String(size))
            #expect(response.body.count == size)
            // The first differing offset, not the two 2.6 MB values, if they differ.
            let firstDifference = zip(response.body, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(firstDifference == nil, "the body differs from the file at byte \(firstDifference ?? -1)")
            let head = try await running.client.send("HEAD", "/assets/large.bin")
            #expect(head.headers["content-length"] == String(size))
            #expect(head.body.isEmpty)
        }
    }

    @Test func unknownPathsGetTheThemes404PageWithStatus404() async throws {
        try await RunningServer.with { _, running in
            for path in ["/no-such-page.html", "/no/such/folder/", "/assets/missing.css"] {
                let response = try await running.client.send("GET", path)
                #expect(response.status == 404, "\(path)")
                #expect(response.headers["content-type"] == "text/html; charset=utf-8")
                #expect(response.text.contains("Page not found"), "the theme's 404 page")
                #expect(response.text.contains("class=\"not-found\""))
            }
            let head = try await running.client.send("HEAD", "/no-such-page.html")
            #expect(head.status == 404)
            #expect(head.body.isEmpty)
        }
    }

    @Test func conditionalRequestsGet304() async throws {
        try await RunningServer.with { _, running in
            let client = running.client

            let first = try await client.send("GET", "/assets/docgen.css")
            let tag = try #require(first.headers["etag"])
            let modified = try #require(first.headers["last-modified"])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
            #expect(HTTPDate.parse(modified) != nil)

            let byTag = try await client.send("GET", "/assets/docgen.css", headers: ["If-None-Match": tag])
            #expect(byTag.status == 304)
            #expect(byTag.body.isEmpty)
            #expect(byTag.headers["etag"] == tag)

            let byList = try await client.send("GET", "/assets/docgen.css", headers: ["If-None-Match": "\"other\", W/\(tag)"])
            #expect(byList.status == 304, "weak comparison over a list")

            let byDate = try await client.send("GET", "/assets/docgen.css", headers: ["If-Modified-Since": modified])
            #expect(byDate.status == 304)

            let stale = try await client.send("GET", "/assets/docgen.css", headers: ["If-None-Match": "\"stale\""])
            #expect(stale.status == 200)
            #expect(stale.body == first.body)

            let older = HTTPDate.format((HTTPDate.parse(modified) ?? 0) - 3600)
            let changedSince = try await client.send("GET", "/assets/docgen.css", headers: ["If-Modified-Since": older])
            #expect(changedSince.status == 200)

            let tagWins = try await client.send("GET", "/assets/docgen.css", headers: ["If-None-Match": "\"stale\"", "If-Modified-Since": modified])
            #expect(tagWins.status == 200, "If-None-Match takes precedence over If-Modified-Since")
        }
    }

    @Test func headSendsTheHeadersOfGetWithoutABody() async throws {
        try await RunningServer.with { _, running in
            let get = try await running.client.send("GET", "/index.html")
            let head = try await running.client.send("HEAD", "/index.html")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["content-length"] == String(get.body.count))
            #expect(head.headers["content-type"] == get.headers["content-type"])
            #expect(head.headers["etag"] == get.headers["etag"])

            let post = try await running.client.send("POST", "/index.html")
            #expect(post.status == 405)
            #expect(post.headers["allow"] == "GET, HEAD")
        }
    }

    @Test func aTakenPortIsReportedAsAnError() async throws {
        try await RunningServer.with { site, running in
            let options = BuildOptions(contentDirectory: site.content, outputDirectory: site.root.appendingPathComponent("_site"),
                                       themeDirectory: site.theme)
            let second = PreviewServer(configuration: PreviewConfiguration(build: options, port: running.port))
            await #expect(throws: ServeError.self) { try await second.run() }
            let home = try await running.client.send("GET", "/")
            #expect(home.status == 200, "the first server is unaffected")
        }
    }
}
