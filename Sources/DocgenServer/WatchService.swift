import ServiceLifecycle

// MARK: - The watcher as a service

/// Runs the `ContentWatcher` and rebuilds on every burst of changes, plus a keep-alive for the event
/// streams. On graceful shutdown it stops watching and closes the reload channel, so that open pages do
/// not hold the HTTP server's shutdown up (it runs after the server in the service group, so it is shut
/// down first).
struct WatchService: Service {
    let watcher: ContentWatcher
    let rebuilder: SiteRebuilder
    let channel: ReloadChannel
    /// The scan taken before the first build.
    let baseline: [String: FileStamp]
    /// Time between two keep-alive comments on the event streams.
    var keepAliveInterval: Duration = .seconds(15)

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await cancelWhenGracefulShutdown {
                    await watcher.run(from: baseline) { changed in
                        await rebuilder.schedule(changedFiles: changed)
                    }
                }
            }
            group.addTask {
                await cancelWhenGracefulShutdown {
                    while !Task.isCancelled {
                        do { try await Task.sleep(for: keepAliveInterval) } catch { return }
                        channel.broadcast(.keepAlive)
                    }
                }
            }
            await group.waitForAll()
        }
        await rebuilder.stop()
        channel.close()
    }
}
