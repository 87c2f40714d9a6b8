import DocgenKit
import Foundation

// MARK: - The site being served

/// The site the server answers from: the last good build, **in memory**, plus what the browser needs to
/// know about it (its generation and current problems). Requests only ever look paths up in this map,
/// so nothing outside the site can be served, whatever the request or the file system holds.
///
/// Reads are a lock and a dictionary lookup; a new build is prepared outside the lock and swapped in.
public final class SiteStore: Sendable {
    /// What a reload client is told when it connects.
    public struct Status: Sendable, Codable, Equatable {
        /// Identifies this server process (a restarted server has a new one).
        public var instance: String
        /// Increases with every published build; 0 before the first good build.
        public var generation: Int
        /// When the current build was published (milliseconds since 1970), 0 before the first.
        public var builtAt: Int64
        /// In a `reload` event: the pages that changed (site paths); an open page that is not listed
        /// stays as it is. Absent: every page reloads.
        public var pages: [String]?
    }

    private struct State {
        var files: [String: ServedFile] = [:]
        var status: Status
        var problems = ProblemReport.clean
    }

    private let state: Locked<State>

    /// An empty store.
    public init() {
        let instance = String(UInt64.random(in: 1...UInt64.max), radix: 36)
        state = Locked(State(status: Status(instance: instance, generation: 0, builtAt: 0)))
    }

    // MARK: - Reading

    /// The file at a site path, if the site has it.
    public func file(at path: String) -> ServedFile? {
        state.withLock { $0.files[path] }
    }

    /// Whether a good build has been published.
    public var hasSite: Bool {
        state.withLock { $0.status.generation > 0 }
    }

    /// The current status.
    public var status: Status {
        state.withLock { $0.status }
    }

    /// The problems currently shown in the browser.
    public var problems: ProblemReport {
        state.withLock { $0.problems }
    }

    /// Every site path, sorted (for tests and diagnostics).
    public var paths: [String] {
        state.withLock { Array($0.files.keys) }.sorted()
    }

    // MARK: - Writing

    /// Publishes a build: files whose bytes are unchanged keep their `ETag` and `Last-Modified`, the
    /// others get the build time. Returns the new generation.
    @discardableResult
    public func publish(_ files: [String: Data], changed: Set<String>, at date: Date = Date()) -> Int {
        let previous = state.withLock { $0.files }
        let seconds = Int(date.timeIntervalSince1970)
        var next: [String: ServedFile] = [:]
        next.reserveCapacity(files.count)
        for (path, data) in files {
            if !changed.contains(path), var kept = previous[path], kept.data.count == data.count {
                // Its tag and date, with the caller's buffer: a page rendered again to the same bytes is then
                // held once, by the session, not also in the buffer it replaced.
                kept.data = data
                next[path] = kept
            } else {
                next[path] = ServedFile(path: path, data: data, lastModified: seconds)
            }
        }
        return state.withLock { state in
            state.files = next
            state.status.generation += 1
            state.status.builtAt = Int64(date.timeIntervalSince1970 * 1000)
            return state.status.generation
        }
    }

    /// Publishes some files of the site ahead of the full build (the preview of edited documents):
    /// they replace their current versions, the rest of the site stays. Returns the new generation.
    @discardableResult
    public func publishPreview(_ files: [String: Data], at date: Date = Date()) -> Int {
        let seconds = Int(date.timeIntervalSince1970)
        let prepared = files.map { ServedFile(path: $0.key, data: $0.value, lastModified: seconds) }
        return state.withLock { state in
            for file in prepared { state.files[file.path] = file }
            state.status.generation += 1
            state.status.builtAt = Int64(date.timeIntervalSince1970 * 1000)
            return state.status.generation
        }
    }

    /// Of `files`, the paths whose bytes differ from what is served now (or are not served yet).
    public func differing(_ files: [String: Data]) -> Set<String> {
        let current = state.withLock { $0.files }
        return Set(files.compactMap { path, data in
            guard let served = current[path], served.data == data else { return path }
            return nil
        })
    }

    /// Replaces the problems; returns whether they changed.
    @discardableResult
    public func setProblems(_ report: ProblemReport) -> Bool {
        state.withLock { state in
            guard state.problems != report else { return false }
            state.problems = report
            return true
        }
    }
}
