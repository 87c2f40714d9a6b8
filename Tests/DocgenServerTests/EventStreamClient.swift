import DocgenKit
import Foundation

// MARK: - Reading the reload channel in tests

/// Connects to the server's event stream and reads Server-Sent Events from it.
final class EventStreamClient: Sendable {
    /// One event.
    struct Event: Sendable {
        var name: String
        var data: String
    }

    private struct State {
        /// Bytes received, still in chunked framing when the response is chunked.
        var raw = Data()
        /// Event-stream text not yet parsed.
        var buffer = Data()
        var events: [Event] = []
        var ended = false
    }

    private let socket: Socket
    private let state = Locked(State())
    /// The response head (status line and headers).
    let head: RawHTTPClient.Response

    private init(socket: Socket, head: RawHTTPClient.Response, rest: Data) {
        self.socket = socket
        self.head = head
        state.withLock { $0.raw = rest }
        parseEvents()
    }

    /// Connects and reads the response head.
    static func connect(port: Int, path: String = "/_docgen/events") async throws -> EventStreamClient {
        try await RawHTTPClient.onThread {
            let socket = try Socket(port: port)
            try socket.write(Data("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8))
            var received = Data()
            let separator = Data("\r\n\r\n".utf8)
            while received.range(of: separator) == nil {
                guard let chunk = try socket.read(timeout: 30) else { break }
                received.append(chunk)
            }
            guard let end = received.range(of: separator) else { throw RawHTTPClient.Failure.malformedResponse("no head") }
            var head = try RawHTTPClient.parse(received[..<end.upperBound])
            head.body = Data()
            return EventStreamClient(socket: socket, head: head, rest: Data(received[end.upperBound...]))
        }
    }

    /// The next event named `name` (earlier events of other names are skipped); nil when the stream ends.
    /// Throws `RawHTTPClient.Failure.timedOut` after `timeout` seconds without it.
    func next(_ name: String, timeout: Double = 30) async throws -> Event? {
        try await RawHTTPClient.onThread { [self] in
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                if let event = takeEvent(named: name) { return event }
                if state.withLock({ $0.ended }) { return nil }
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else { throw RawHTTPClient.Failure.timedOut }
                if let chunk = try socket.read(timeout: remaining) {
                    state.withLock { $0.raw.append(chunk) }
                    parseEvents()
                } else {
                    state.withLock { $0.ended = true }
                }
            }
        }
    }

    /// Reads until the server ends the stream; true if it did within `timeout` seconds.
    func waitForEnd(timeout: Double = 30) async -> Bool {
        (try? await RawHTTPClient.onThread { [self] in
            let deadline = Date().addingTimeInterval(timeout)
            while deadline.timeIntervalSinceNow > 0 {
                if try socket.read(timeout: deadline.timeIntervalSinceNow) == nil { return true }
            }
            return false
        }) ?? false
    }

    func close() {
        socket.close()
    }

    private func takeEvent(named name: String) -> Event? {
        state.withLock { state in
            while !state.events.isEmpty {
                let event = state.events.removeFirst()
                if event.name == name { return event }
            }
            return nil
        }
    }

    /// Removes the chunked framing, then moves complete events (ended by a blank line) to the queue.
    private func parseEvents() {
        let chunked = head.headers["transfer-encoding"]?.lowercased() == "chunked"
        state.withLock { state in
            if chunked {
                let crlf = Data("\r\n".utf8)
                while let line = state.raw.range(of: crlf) {
                    let sizeText = String(decoding: state.raw[..<line.lowerBound], as: UTF8.self)
                    guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else { break }
                    let available = state.raw.distance(from: line.upperBound, to: state.raw.endIndex)
                    guard available >= size + 2 else { break }
                    let start = line.upperBound
                    let stop = state.raw.index(start, offsetBy: size)
                    state.buffer.append(state.raw[start..<stop])
                    state.raw = Data(state.raw[state.raw.index(stop, offsetBy: 2)...])
                }
            } else {
                state.buffer.append(state.raw)
                state.raw = Data()
            }
            let text = String(decoding: state.buffer, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            var blocks = text.components(separatedBy: "\n\n")
            let incomplete = blocks.removeLast()
            state.buffer = Data(incomplete.utf8)
            for block in blocks {
                var name = "message", data: [String] = []
                var hasField = false
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event:") {
                        name = line.dropFirst(6).trimmingCharacters(in: .whitespaces)
                        hasField = true
                    } else if line.hasPrefix("data:") {
                        data.append(line.dropFirst(5).trimmingCharacters(in: .whitespaces))
                        hasField = true
                    }
                }
                if hasField, !data.isEmpty { state.events.append(Event(name: name, data: data.joined(separator: "\n"))) }
            }
        }
    }
}
