import Foundation
import Testing

/// `docgen serve` as a user runs it: prints the URL, serves, warns about non-loopback hosts, and stops
/// cleanly on SIGINT and SIGTERM.
@Suite(.timeLimit(.minutes(3))) struct ServeCommandLineTests {
    /// The `docgen` executable next to the test bundle.
    static var binary: URL {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("docgen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return TestSite.repository.appendingPathComponent(".build/debug/docgen")
    }

    /// A running `docgen serve` process and what it printed.
    final class ServeProcess: Sendable {
        let process: Process
        let output: Pipe
        let errors: Pipe

        init(arguments: [String], in directory: URL) throws {
            process = Process()
            output = Pipe()
            errors = Pipe()
            process.executableURL = ServeCommandLineTests.binary
            process.arguments = ["serve"] + arguments
            process.currentDirectoryURL = directory
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = "1"
            process.environment = environment
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        /// Reads standard output until the "Serving … at URL" line; returns the URL.
        func url() async throws -> URL? {
            let handle = output.fileHandleForReading
            return try await RawHTTPClient.onThread {
                var text = ""
                while !text.contains("\n") || !text.contains("Serving") {
                    let data = handle.availableData
                    if data.isEmpty { return nil }
                    text += String(decoding: data, as: UTF8.self)
                }
                guard let range = text.range(of: "http://") else { return nil }
                let rest = text[range.lowerBound...]
                return URL(string: String(rest.prefix { !$0.isWhitespace }))
            }
        }

        /// Waits (on its own thread) up to `timeout` seconds for the process to exit; nil if it did not.
        func waitForExit(timeout: Double = 30) async throws -> Int32? {
            let process = process
            return try await RawHTTPClient.onThread {
                let deadline = Date().addingTimeInterval(timeout)
                while process.isRunning, Date() < deadline { usleep(20_000) }
                return process.isRunning ? nil : process.terminationStatus
            }
        }

        var standardError: String {
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }

        func kill() {
            if process.isRunning { process.terminate() }
        }

        /// Why no URL came, for the test's failure message: the exit status and standard error (the process is
        /// stopped first so the read ends). Under `--sanitize=thread` a report of the child shows up here, with
        /// exit status 66.
        var startupFailure: String {
            kill()
            let text = standardError
            process.waitUntilExit()
            return "docgen serve printed no URL (exit status \(process.terminationStatus)); standard error:\n\(text)"
        }
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func servesAndStopsCleanlyOnASignal(signal: Int32) async throws {
        let site = try TestSite.copy()
        defer { site.remove() }
        let serve = try ServeProcess(arguments: ["--port", "0", "--no-check"], in: site.root)
        defer { serve.kill() }
        let url = try #require(try await serve.url(), "\(serve.startupFailure)")
        #expect(url.host == "127.0.0.1")
        let port = try #require(url.port)
        #expect(port > 0)
        let home = try await RawHTTPClient(port: port).send("GET", "/")
        #expect(home.status == 200)
        let events = try await EventStreamClient.connect(port: port)
        defer { events.close() }
        _ = try await events.next("hello")

        kill(serve.process.processIdentifier, signal)
        let status = try await serve.waitForExit()
        #expect(status == 0, "exit status after signal \(signal)")
        #expect(serve.standardError.contains("Stopped."))
    }

    @Test func aNonLoopbackHostPrintsAWarning() async throws {
        let site = try TestSite.copy()
        defer { site.remove() }
        let serve = try ServeProcess(arguments: ["--host", "0.0.0.0", "--port", "0", "--no-check"], in: site.root)
        defer { serve.kill() }
        _ = try #require(try await serve.url(), "\(serve.startupFailure)")
        kill(serve.process.processIdentifier, SIGTERM)
        _ = try await serve.waitForExit()
        #expect(serve.standardError.contains("warning: listening on 0.0.0.0, not on loopback"))
    }

    @Test(arguments: [false, true])
    func writesTheBuildCachesOfDocgenBuildUnlessToldNot(noCache: Bool) async throws {
        let site = try TestSite.copy()
        defer { site.remove() }
        let serve = try ServeProcess(arguments: ["--port", "0", "--no-check"] + (noCache ? ["--no-cache"] : []), in: site.root)
        defer { serve.kill() }
        _ = try #require(try await serve.url(), "\(serve.startupFailure)")
        kill(serve.process.processIdentifier, SIGTERM)
        #expect(try await serve.waitForExit() == 0)
        let folder = site.root.appendingPathComponent(".build/docgen-build-cache")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        if noCache {
            #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".build").path), "\(names)")
        } else {
            // The same files `docgen build` keeps there (no document cache: serve keeps its documents in memory).
            #expect(Set(names.map { String($0.prefix { $0 != "-" }) }) == ["rules", "pairs", "search"], "\(names)")
        }
    }

    @Test func aMissingContentFolderIsAUsageError() async throws {
        let site = try TestSite.copy()
        defer { site.remove() }
        let serve = try ServeProcess(arguments: ["--port", "0", "--content", "NoSuchFolder"], in: site.root)
        defer { serve.kill() }
        let status = try await serve.waitForExit()
        #expect(status == 2)
        #expect(serve.standardError.contains("NoSuchFolder"))
    }
}
