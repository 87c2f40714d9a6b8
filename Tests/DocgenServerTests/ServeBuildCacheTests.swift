import Foundation
import Testing
@testable import DocgenKit

/// `docgen serve` shares `docgen build`'s caches: it starts from the rules a build extracted, and writes the
/// caches again after an edit, so the next build or serve starts from them too.
@Suite(.timeLimit(.minutes(3))) struct ServeBuildCacheTests {
    /// The one rule cache file in `folder`.
    func ruleCacheFile(in folder: URL) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("rules-") && $0.hasSuffix(".bin") }
        #expect(names.count == 1, "\(names)")
        return folder.appendingPathComponent(try #require(names.first))
    }

    @Test func serveStartsFromTheRulesABuildCachedAndCachesWhatAnEditChanged() async throws {
        let site = try TestSite.copy()
        defer { site.remove() }
        let cache = site.root.appendingPathComponent("build-cache")
        var options = BuildOptions(contentDirectory: site.content, outputDirectory: site.root.appendingPathComponent("_site"),
                                   themeDirectory: site.theme)
        options.cacheDirectory = cache
        _ = try await BuildSession(options: options).build()
        let url = try ruleCacheFile(in: cache)
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent(url.lastPathComponent.replacingOccurrences(of: "rules-", with: "pairs-")).path))

        // Doctor one cached rule of every document: serve can only show these texts if it read the cache.
        let built = RuleCache(contentsOf: url)
        #expect(built.file.count == site.documents.count)
        let doctored = try built.file.keys.map { key -> (key: String, encoded: ArraySlice<UInt8>) in
            var entry = try #require(built.entry(for: key))
            if !entry.rules.isEmpty { entry.rules[0].plainText = "From the build cache: \(entry.rules[0].document)" }
            return (key, RuleCache.encode(entry))
        }
        try RuleCache.write(doctored, to: url)

        let running = try await RunningServer.start(site, buildCache: cache)
        do {
            let rules = try await running.client.send("GET", "/rules.json")
            #expect(rules.status == 200)
            let name = try #require(site.documents.first)
            let slug = String(name.dropLast(3))
            #expect(rules.text.contains("From the build cache: \(slug)"), "\(running.events.all)")

            // An edit re-extracts that document's rules and writes the cache again with its new text.
            let events = try await EventStreamClient.connect(port: running.port)
            defer { events.close() }
            _ = try await events.next("hello")
            try site.write(try site.read(name) + "\n\n- Always name serve-cache-check-5 types in UpperCamelCase.\n", to: name)
            var after = try await running.client.send("GET", "/rules.json")
            for _ in 0..<3 where !after.text.contains("serve-cache-check-5") {
                _ = try await events.next("reload")
                after = try await running.client.send("GET", "/rules.json")
            }
            #expect(after.text.contains("serve-cache-check-5"), "\(running.events.all)")
            #expect(!after.text.contains("From the build cache: \(slug)"))
            let rewritten = RuleCache(contentsOf: url)
            #expect(rewritten.file.count == site.documents.count)
            #expect(Set(rewritten.file.keys) != Set(built.file.keys))
            let editedRules = rewritten.file.keys.compactMap { rewritten.entry(for: $0) }.flatMap(\.rules)
            #expect(editedRules.contains { $0.plainText.contains("serve-cache-check-5") })
        } catch {
            await running.stop()
            throw error
        }
        await running.stop()
    }
}
