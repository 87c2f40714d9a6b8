import DocgenKit
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

// MARK: - The preview server

/// `docgen serve`: builds the site in memory, serves it with Hummingbird, watches the sources, rebuilds
/// incrementally and tells open pages to reload (or shows problems in them).
///
/// ```swift
/// let server = PreviewServer(configuration: PreviewConfiguration(build: options, port: 0))
/// try await server.run(gracefulShutdownSignals: [.sigint, .sigterm]) { url in print("Serving at \(url)") }
/// ```
///
/// The server never stops because of bad content: a build that fails keeps the last good site served and
/// sends its errors to the browser. It stops on a signal, on `stop()` or when its task is cancelled.
public final class PreviewServer: Sendable {
    /// The configuration (its build options include the reload script).
    public let configuration: PreviewConfiguration
    /// The site being served.
    public let store = SiteStore()
    /// The live-reload channel.
    public let channel = ReloadChannel()

    private let report: @Sendable (ServeEvent) -> Void
    private let control = Locked(Control())

    private struct Control {
        var group: ServiceGroup?
        var stopRequested = false
        var listening = false
    }

    /// Creates a server; `report` receives build results and notices (it is called from any task).
    public init(configuration: PreviewConfiguration, report: @escaping @Sendable (ServeEvent) -> Void = { _ in }) {
        var configuration = configuration
        configuration.build.reloadScript = ReloadScript.html
        self.configuration = configuration
        self.report = report
    }

    /// Builds, then serves until a graceful-shutdown signal, `stop()` or cancellation.
    ///
    /// `onReady` is called with the URL once the server listens (with the actual port when the configured
    /// one is 0). Throws `ContentLoader.Failure` when the content folder does not exist and `ServeError`
    /// when the server cannot listen; content and theme errors never make it throw.
    public func run(gracefulShutdownSignals: [UnixSignal] = [], onReady: @escaping @Sendable (URL) -> Void = { _ in }) async throws {
        guard (0...65535).contains(configuration.port) else { throw ServeError.invalidPort(configuration.port) }
        let rebuilder = SiteRebuilder(options: configuration.build, store: store, channel: channel,
                                      snippetCheck: configuration.snippetCheck, report: report)
        let watcher = ContentWatcher(folders: configuration.watchedFolders, files: configuration.configurationFiles,
                                     interval: configuration.watchInterval, quietPeriod: configuration.quietPeriod)
        // Taken before the first build: a save made while it runs is then seen as a change.
        let baseline = watcher.scan()
        if case .failed(let error as ContentLoader.Failure) = await rebuilder.rebuild() {
            throw error
        }

        var logger = Logger(label: "docgen.serve")
        logger.logLevel = .critical
        let host = configuration.host
        let application = Application(
            responder: StaticResponder(store: store, channel: channel),
            configuration: ApplicationConfiguration(address: .hostname(host, port: configuration.port), serverName: nil),
            onServerRunning: { [self] channel in
                self.control.withLock { $0.listening = true }
                let port = channel.localAddress?.port ?? 0
                onReady(Self.url(host: host, port: port))
            },
            logger: logger)
        let watch = WatchService(watcher: watcher, rebuilder: rebuilder, channel: channel, baseline: baseline)

        // Services shut down in reverse order: the watcher (closing the event streams) first, then HTTP.
        var groupConfiguration = ServiceGroupConfiguration(
            services: [.init(service: application), .init(service: watch)],
            gracefulShutdownSignals: gracefulShutdownSignals, logger: logger)
        groupConfiguration.maximumGracefulShutdownDuration = configuration.shutdownTimeout
        let group = ServiceGroup(configuration: groupConfiguration)
        let stopEarly = control.withLock { control -> Bool in
            control.group = group
            return control.stopRequested
        }
        if stopEarly { await group.triggerGracefulShutdown() }
        defer { channel.close() }
        do {
            try await group.run()
        } catch {
            await rebuilder.stop()
            let listening = control.withLock { $0.listening }
            if !listening, !(error is CancellationError) {
                throw ServeError.cannotListen(host: host, port: configuration.port, reason: Self.reason(error))
            }
            if !(error is CancellationError) { throw error }
        }
    }

    /// Shuts the server down gracefully: the watcher stops, open event streams end, then HTTP stops.
    public func stop() async {
        let group = control.withLock { control -> ServiceGroup? in
            control.stopRequested = true
            return control.group
        }
        await group?.triggerGracefulShutdown()
    }

    // MARK: - Helpers

    /// The URL to print: loopback names as given, the wildcard addresses as `localhost`.
    static func url(host: String, port: Int) -> URL {
        var shown = host
        if host == "0.0.0.0" || host == "::" || host.isEmpty { shown = "localhost" }
        if shown.contains(":"), !shown.hasPrefix("[") { shown = "[\(shown)]" }
        return URL(string: "http://\(shown):\(port)/") ?? URL(fileURLWithPath: "/")
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return error.description }
        if let error = error as? LocalizedError, let description = error.errorDescription { return description }
        return "\(error)"
    }
}
