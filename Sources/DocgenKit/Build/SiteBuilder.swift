import Foundation

// MARK: - The build pipeline

/// Builds the static site: **load → parse → analyse → render → write**, each a named step below.
public struct SiteBuilder: Sendable {
    /// Where things are.
    public var options: BuildOptions

    /// Writes one file's bytes; `SiteWriter`'s system calls except in tests, which inject a full disk.
    var writeBytes: @Sendable (Data, String) -> Int32 = { data, path in SiteWriter.writeBytes(data, to: path) }

    /// Creates a builder.
    public init(options: BuildOptions) {
        self.options = options
    }

    /// What a successful build reports.
    public struct Report: Sendable {
        /// Warnings (a successful build has no errors).
        public var diagnostics: [Diagnostic]
        /// The documents built (empty when the site was up to date and nothing was read).
        public var documents: [Document]
        /// How many documents the site has.
        public var documentCount: Int
        /// Number of files written.
        public var fileCount: Int
        /// Seconds spent in each step, in order.
        public var timings: [(step: String, seconds: Double)]
        /// True when nothing had changed since the previous build, so nothing was done.
        public var upToDate: Bool
    }

    /// Why a build did not produce a site. The previous site is untouched in every case.
    public enum Failure: LocalizedError {
        /// The input has errors; all diagnostics (errors and warnings) are attached, with the files
        /// they refer to (for quoting lines).
        case invalidInput([Diagnostic], sources: [SourceFile])
        /// The output folder is inside the content folder.
        case outputInsideContent(String)
        /// A document's file changed while the site was being built (shown as in diagnostics): its page would not
        /// match what the rest of the site was made from.
        case changedDuringBuild(String)

        public var errorDescription: String? {
            switch self {
            case .invalidInput(let diagnostics, _):
                let errors = diagnostics.filter { $0.severity == .error }.count
                return "build failed with \(errors) error\(errors == 1 ? "" : "s"); the previous site was left untouched"
            case .outputInsideContent(let path):
                return "output folder '\(path)' is inside the content folder; choose an --output outside it"
            case .changedDuringBuild(let path):
                return "\(path) changed while the site was being built; the previous site was left untouched; build again"
            }
        }
    }

    /// Builds the site with a fresh `BuildSession`, writing each file into a temporary folder as soon as
    /// it is made (`SiteStaging`), and swaps that folder in only when the whole site is written.
    ///
    /// The previous site's manifest makes rebuilds cheap: when no input changed (same settings, same
    /// files with the same sizes and modification times) nothing is done and the warnings of that build
    /// are reported again; otherwise pages and snippet files whose inputs did not change are hard-linked
    /// from the previous site instead of being rendered and written again.
    public func build() async throws -> Report {
        var writer = SiteWriter(output: options.outputDirectory)
        writer.writeBytes = writeBytes
        writer.recyclesPreviousSite = options.cacheDirectory != nil
        try checkOutputLocation()
        try writer.validate()
        let start = DispatchTime.now()
        let manifest = BuildManifest.read(from: options.outputDirectory)
        let session = BuildSession(options: options)
        if let manifest {
            let loader = ContentLoader(directory: options.contentDirectory, displayName: options.contentDisplayName)
            let settings = BuildManifest.settings(for: options, themeStamp: await session.themeStamp())
            if manifest.isCurrent(settings: settings, loader: loader) {
                // Nothing to write, but a build killed after its swap may have left the old site behind.
                writer.removeStaleTemporaries()
                return Report(diagnostics: manifest.diagnostics, documents: [], documentCount: manifest.documentCount,
                              fileCount: manifest.fileCount, timings: [("up to date", Self.seconds(since: start))], upToDate: true)
            }
        }
        await session.reuse(manifest)
        // Pages are written into the staging folder as they are rendered: the site is never all in memory.
        let snapshot: BuildSession.Snapshot, staging: SiteStaging
        do {
            (snapshot, staging) = try await streamedBuild(session, writer: writer)
        } catch SiteWriter.Failure.previousFileMissing {
            // Someone changed the previous site behind our back: build everything again.
            (snapshot, staging) = try await streamedBuild(BuildSession(options: options), writer: writer)
        }
        let writeStart = DispatchTime.now()
        do {
            try staging.write(Array(snapshot.files.values) + [snapshot.manifest.outputFile()])
            MemoryTrace.note("write: manifest")
            try staging.commit()
            MemoryTrace.note("write")
        } catch {
            staging.discard()
            throw error
        }
        return Report(diagnostics: snapshot.diagnostics, documents: snapshot.documents,
                      documentCount: snapshot.documents.count, fileCount: staging.writtenCount + 1,
                      timings: snapshot.timings + [("write", Self.seconds(since: writeStart))], upToDate: false)
    }

    // MARK: - Helpers

    /// Runs `session`'s build streaming into a new staging folder; discards the folder when the build fails.
    private func streamedBuild(_ session: BuildSession, writer: SiteWriter) async throws -> (BuildSession.Snapshot, SiteStaging) {
        let staging = SiteStaging(writer: writer)
        do {
            return (try await session.build(streamingInto: staging), staging)
        } catch {
            staging.discard()
            throw error
        }
    }

    func checkOutputLocation() throws {
        let content = options.contentDirectory.resolvingSymlinksInPath().path
        let output = options.outputDirectory.path
        if output == content || output.hasPrefix(content + "/") {
            throw Failure.outputInsideContent(BuildOptions.displayPath(options.outputDirectory))
        }
    }

    /// Documents ordered by front matter `order` (if any), then by path.
    static func navigationOrder(_ documents: [Document]) -> [Document] {
        documents.enumerated().sorted { lhs, rhs in
            let left = lhs.element.frontMatter?["order"].flatMap(Double.init) ?? .infinity
            let right = rhs.element.frontMatter?["order"].flatMap(Double.init) ?? .infinity
            if left != right { return left < right }
            return lhs.element.source.relativePath < rhs.element.source.relativePath
        }.map(\.element)
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
