import DocgenKit
import Foundation
import Hummingbird

// MARK: - Server-Sent Events

/// Broadcasts `ReloadEvent`s to every connected browser over Server-Sent Events.
///
/// Each connection gets its own buffered stream; a client that stops reading loses old events, never
/// blocks the others. A disconnected client is dropped at once (the response loop runs inside
/// `consumeWithCancellationOnInboundClose`), and `close()` ends every stream so that a graceful shutdown
/// does not wait for open pages.
public final class ReloadChannel: Sendable {
    private struct State {
        var clients: [Int: AsyncStream<ReloadEvent>.Continuation] = [:]
        var nextID = 0
        var closed = false
    }

    private let state = Locked(State())

    /// A channel with no clients.
    public init() {}

    /// How many browsers are connected.
    public var clientCount: Int {
        state.withLock { $0.clients.count }
    }

    /// Sends an event to every client.
    public func broadcast(_ event: ReloadEvent) {
        let clients = state.withLock { Array($0.clients.values) }
        for client in clients { client.yield(event) }
    }

    /// Ends every stream and refuses new ones (shutdown).
    public func close() {
        let clients = state.withLock { state -> [AsyncStream<ReloadEvent>.Continuation] in
            state.closed = true
            defer { state.clients.removeAll() }
            return Array(state.clients.values)
        }
        for client in clients { client.finish() }
    }

    /// A new client's stream, starting with `initial`. It ends when the channel closes.
    func subscribe(initial: [ReloadEvent]) -> (id: Int, events: AsyncStream<ReloadEvent>) {
        let (stream, continuation) = AsyncStream.makeStream(of: ReloadEvent.self, bufferingPolicy: .bufferingNewest(32))
        for event in initial { continuation.yield(event) }
        let id = state.withLock { state -> Int? in
            guard !state.closed else { return nil }
            state.nextID += 1
            state.clients[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return (0, stream)
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    private func unsubscribe(_ id: Int) {
        _ = state.withLock { $0.clients.removeValue(forKey: id) }
    }

    // MARK: - The HTTP response

    /// The `text/event-stream` response for a connecting client: `retry`, the initial events, then
    /// every broadcast until the client goes away or the channel closes.
    func response(to request: Request, initial: [ReloadEvent]) -> Response {
        let subscription = subscribe(initial: initial)
        let headers: HTTPFields = [
            .contentType: "text/event-stream; charset=utf-8",
            .cacheControl: "no-cache, no-store",
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            do {
                try await request.body.consumeWithCancellationOnInboundClose { _ in
                    try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
                    for await event in subscription.events {
                        try await writer.write(ByteBuffer(string: event.encoded))
                    }
                }
            } catch is CancellationError {
                // The client went away: nothing more to write.
                return
            }
            try await writer.finish(nil)
        })
    }
}
