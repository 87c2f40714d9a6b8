import DocgenKit
import DocgenServer
import Foundation
import Testing

// MARK: - Test sites and servers

/// A temporary copy of the repository's `Content/` and `Theme/`, removed by `remove()`.
struct TestSite: Sendable {
    /// The repository root, found from this file's location.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let root: URL
    var content: URL { root.appendingPathComponent("Content") }
    var theme: URL { root.appendingPathComponent("Theme") }

    /// Copies the real content and theme into a fresh temporary folder.
    static func copy() throws -> TestSite {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("docgen-serve-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Content"), to: root.appendingPathComponent("Content"))
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Theme"), to: root.appendingPathComponent("Theme"))
        return TestSite(root: root)
    }

    /// The Markdown documents of the copy, sorted.
    var documents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: content.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
    }

    /// Writes a document (atomically, as editors do).
    func write(_ text: String, to name: String) throws {
        try text.write(to: content.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// Reads a document.
    func read(_ name: String) throws -> String {
        try String(contentsOf: content.appendingPathComponent(name), encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// A `PreviewServer` running on an ephemeral port inside the test process.
struct RunningServer: Sendable {
    let server: PreviewServer
    let task: Task<Void, any Error>
    let port: Int
    let events: EventLog

    var client: RawHTTPClient { RawHTTPClient(port: port) }

    /// What the server reported, for messages when a test fails.
    final class EventLog: Sendable {
        private let lines = Locked<[String]>([])
        func append(_ event: ServeEvent) {
            lines.withLock { $0.append("\(event)") }
        }
        var all: [String] { lines.withLock { $0 } }
    }

    /// Starts a server on `site` and waits until it listens; `buildCache` is the folder of its build caches (none by default).
    static func start(_ site: TestSite, snippetCheck: Bool = false, buildCache: URL? = nil) async throws -> RunningServer {
        var options = BuildOptions(contentDirectory: site.content, outputDirectory: site.root.appendingPathComponent("_site"),
                                   themeDirectory: site.theme)
        options.cacheDirectory = buildCache
        let check = snippetCheck
            ? CheckOptions(contentDirectory: site.content, cacheDirectory: site.root.appendingPathComponent("check-cache"), jobs: 1)
            : nil
        let configuration = PreviewConfiguration(build: options, port: 0, snippetCheck: check)
        let log = EventLog()
        let server = PreviewServer(configuration: configuration, report: { log.append($0) })
        let (ready, continuation) = AsyncStream.makeStream(of: URL?.self)
        let task = Task {
            defer { continuation.yield(nil); continuation.finish() }
            try await server.run { url in continuation.yield(url) }
        }
        var iterator = ready.makeAsyncIterator()
        guard let next = await iterator.next(), let url = next, let port = url.port else {
            _ = try await task.value
            throw ServerDidNotStart()
        }
        return RunningServer(server: server, task: task, port: port, events: log)
    }

    struct ServerDidNotStart: Error {}

    /// Copies the site, lets `prepare` change the copy, starts a server on it, runs `body`, then always
    /// stops the server and removes the copy.
    static func with(snippetCheck: Bool = false, prepare: (TestSite) throws -> Void = { _ in },
                     _ body: (TestSite, RunningServer) async throws -> Void) async throws {
        let site = try TestSite.copy()
        defer { site.remove() }
        try prepare(site)
        let running = try await start(site, snippetCheck: snippetCheck)
        do {
            try await body(site, running)
        } catch {
            await running.stop()
            throw error
        }
        await running.stop()
    }

    /// Stops the server gracefully and waits for it.
    func stop() async {
        await server.stop()
        _ = try? await task.value
    }

    /// Polls `GET path` until `condition` holds (the rebuild is asynchronous); returns the last response.
    func waitFor(_ path: String, timeout: Double = 30, until condition: (RawHTTPClient.Response) -> Bool) async throws -> RawHTTPClient.Response {
        let deadline = Date().addingTimeInterval(timeout)
        var response = try await client.send("GET", path)
        while !condition(response), Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            response = try await client.send("GET", path)
        }
        return response
    }
}
