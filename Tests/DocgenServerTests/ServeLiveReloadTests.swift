import DocgenServer
import Foundation
import Testing

/// Editing the sources while serving: reload events, new content, problems in the overlay, the last
/// good site kept on errors, documents added and deleted, and a clean shutdown with open pages.
@Suite(.timeLimit(.minutes(3))) struct ServeLiveReloadTests {
    /// Decodes a `problems` event.
    func report(_ event: EventStreamClient.Event?) throws -> ProblemReport {
        let event = try #require(event)
        return try JSONDecoder().decode(ProblemReport.self, from: Data(event.data.utf8))
    }

    @Test func editingADocumentSendsReloadAndServesTheNewContent() async throws {
        try await RunningServer.with { site, running in
            let events = try await EventStreamClient.connect(port: running.port)
            defer { events.close() }
            #expect(events.head.status == 200)
            #expect(events.head.headers["content-type"]?.hasPrefix("text/event-stream") == true)
            let hello = try #require(try await events.next("hello"))
            let before = try JSONDecoder().decode(SiteStore.Status.self, from: Data(hello.data.utf8))
            #expect(before.generation == 1)

            let name = try #require(site.documents.first)
            let page = "/" + name.replacingOccurrences(of: ".md", with: ".html")
            let oldPage = try await running.client.send("GET", page)
            try site.write(try site.read(name) + "\n\nA freshly edited paragraph: live-reload-check-7.\n", to: name)

            let reload = try #require(try await events.next("reload"), "\(running.events.all)")
            let after = try JSONDecoder().decode(SiteStore.Status.self, from: Data(reload.data.utf8))
            #expect(after.generation > before.generation)
            #expect(after.instance == before.instance)
            // The edited page is shown ahead of the full build, and the event says which page it is.
            #expect(after.pages == [String(page.dropFirst())], "\(running.events.all)")
            let newPage = try await running.client.send("GET", page)
            #expect(newPage.status == 200)
            #expect(newPage.text.contains("live-reload-check-7"))
            #expect(newPage.headers["etag"] != oldPage.headers["etag"])
        }
    }

    @Test func aBrokenLinkShowsUpAsAProblemOfTheEditedDocument() async throws {
        try await RunningServer.with { site, running in
            let events = try await EventStreamClient.connect(port: running.port)
            defer { events.close() }
            _ = try await events.next("hello")
            let name = try #require(site.documents.first)
            try site.write(try site.read(name) + "\n\nSee [the missing guide](no-such-document-42.md).\n", to: name)

            let problems = try report(try await events.next("problems"))
            #expect(problems.problems.contains { $0.message.contains("no-such-document-42") && $0.location.contains(name) },
                    "\(problems)")
            // Entries carry file:line:col.
            let entry = try #require(problems.problems.first { $0.message.contains("no-such-document-42") })
            #expect(entry.location.split(separator: ":").count == 3)

            // A new connection (a reloaded page) is told the current problems right away.
            let again = try await EventStreamClient.connect(port: running.port)
            defer { again.close() }
            #expect(try report(try await again.next("problems")).problems.contains { $0.message.contains("no-such-document-42") })

            // Fixing the link clears the overlay.
            try site.write(try site.read(name).replacingOccurrences(of: "(no-such-document-42.md)", with: "(#)"), to: name)
            let cleared = try report(try await again.next("problems"))
            #expect(cleared.problems.isEmpty, "\(cleared)")
        }
    }

    @Test func aFailedBuildKeepsServingTheLastGoodSiteAndShowsTheErrors() async throws {
        try await RunningServer.with { site, running in
            let events = try await EventStreamClient.connect(port: running.port)
            defer { events.close() }
            _ = try await events.next("hello")
            let name = try #require(site.documents.first)
            let page = "/" + name.replacingOccurrences(of: ".md", with: ".html")
            let good = try await running.client.send("GET", page)
            let original = try site.read(name)

            // Front matter that is not a mapping is an error: the build fails.
            try site.write("---\n- not a mapping\n---\n" + original + "\nbroken-edit-marker\n", to: name)
            let problems = try report(try await events.next("problems"))
            #expect(problems.title.contains("Build failed"), "\(problems)")
            #expect(problems.problems.contains { $0.severity == "error" && $0.location.contains(name) })

            let served = try await running.client.send("GET", page)
            #expect(served.status == 200)
            #expect(served.body == good.body, "the last good page is still served")
            #expect(!served.text.contains("broken-edit-marker"))

            // Fixing it reloads, and the overlay is clear for the reloaded page.
            try site.write(original + "\nfixed-edit-marker\n", to: name)
            _ = try #require(try await events.next("reload"), "\(running.events.all)")
            let fixed = try await running.client.send("GET", page)
            #expect(fixed.text.contains("fixed-edit-marker"))
            let reconnected = try await EventStreamClient.connect(port: running.port)
            defer { reconnected.close() }
            _ = try await reconnected.next("hello")
            #expect(running.server.store.problems.isEmpty)
        }
    }

    @Test func documentsAddedAndDeletedWhileServing() async throws {
        try await RunningServer.with { site, running in
            let events = try await EventStreamClient.connect(port: running.port)
            defer { events.close() }
            _ = try await events.next("hello")
            let before = try await running.client.send("GET", "/zz-added-while-serving.html")
            #expect(before.status == 404)

            try site.write("# Added while serving\n\nA new document: added-marker-31.\n", to: "zz-added-while-serving.md")
            _ = try #require(try await events.next("reload"), "\(running.events.all)")
            let added = try await running.client.send("GET", "/zz-added-while-serving.html")
            #expect(added.status == 200)
            #expect(added.text.contains("added-marker-31"))
            let home = try await running.client.send("GET", "/")
            #expect(home.text.contains("zz-added-while-serving.html"), "the home page lists the new document")

            let deleted = try #require(site.documents.first { $0 != "zz-added-while-serving.md" })
            let deletedPage = "/" + deleted.replacingOccurrences(of: ".md", with: ".html")
            let present = try await running.client.send("GET", deletedPage)
            #expect(present.status == 200)
            try FileManager.default.removeItem(at: site.content.appendingPathComponent(deleted))
            _ = try #require(try await events.next("reload"), "\(running.events.all)")
            let gone = try await running.client.send("GET", deletedPage)
            #expect(gone.status == 404)
            #expect(gone.text.contains("Page not found"))
        }
    }

    @Test func aThemeChangeReloadsEveryPage() async throws {
        try await RunningServer.with { site, running in
            let events = try await EventStreamClient.connect(port: running.port)
            defer { events.close() }
            _ = try await events.next("hello")
            let css = site.theme.appendingPathComponent("assets/docgen.css")
            let text = try String(contentsOf: css, encoding: .utf8)
            try (text + "\n/* theme-edit-marker */\n").write(to: css, atomically: true, encoding: .utf8)
            _ = try #require(try await events.next("reload"), "\(running.events.all)")
            let served = try await running.client.send("GET", "/assets/docgen.css")
            #expect(served.text.contains("theme-edit-marker"))
        }
    }

    @Test(.enabled(if: SwiftcLookup.available)) func aSnippetThatDoesNotParseIsReported() async throws {
        try await RunningServer.with(snippetCheck: true) { site, running in
            let events = try await EventStreamClient.connect(port: running.port)
            defer { events.close() }
            _ = try await events.next("hello")
            let name = try #require(site.documents.first)
            try site.write(try site.read(name) + "\n\n```swift\nfunc broken( {\n```\n", to: name)
            // The reload comes first; the snippet check follows in the background.
            _ = try #require(try await events.next("reload"), "\(running.events.all)")
            var found: ProblemReport?
            while let event = try await events.next("problems", timeout: 60) {
                let problems = try report(event)
                if problems.problems.contains(where: { $0.severity == "error" && $0.location.contains(name) }) {
                    found = problems
                    break
                }
            }
            #expect(found != nil, "\(running.events.all)")
        }
    }

    @Test func stopEndsOpenEventStreamsAndClosesThePort() async throws {
        let site = try TestSite.copy()
        defer { site.remove() }
        let running = try await RunningServer.start(site)
        let events = try await EventStreamClient.connect(port: running.port)
        defer { events.close() }
        _ = try await events.next("hello")

        await running.server.stop()
        let result = await running.task.result
        #expect(throws: Never.self) { try result.get() }
        #expect(await events.waitForEnd(), "the event stream ended")
        #expect(await running.client.isListening() == false, "the port is closed")
    }
}

/// Whether a Swift compiler can be found for the snippet check.
enum SwiftcLookup {
    static var available: Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/swiftc") }
    }
}
