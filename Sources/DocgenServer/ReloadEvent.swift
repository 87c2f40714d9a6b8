import Foundation

// MARK: - Events sent to the browser

/// One Server-Sent Event of the reload channel.
public enum ReloadEvent: Sendable, Equatable {
    /// Sent first on every connection: which server and build the client is talking to.
    case hello(SiteStore.Status)
    /// A build succeeded and changed the site: open pages reload.
    case reload(SiteStore.Status)
    /// The problems to show (an empty list hides the overlay).
    case problems(ProblemReport)
    /// A comment that keeps idle connections open and detects gone clients.
    case keepAlive

    /// The event's name (`event:` field); nil for a comment.
    public var name: String? {
        switch self {
        case .hello: return "hello"
        case .reload: return "reload"
        case .problems: return "problems"
        case .keepAlive: return nil
        }
    }

    /// The event in the `text/event-stream` format: `event:` and a one-line JSON `data:`, then a blank line.
    public var encoded: String {
        let payload: Data?
        switch self {
        case .hello(let status), .reload(let status): payload = try? Self.encoder.encode(status)
        case .problems(let report): payload = try? Self.encoder.encode(report)
        case .keepAlive: return ": keep-alive\n\n"
        }
        // JSONEncoder escapes newlines inside strings, so the data is always one line.
        let data = payload.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "event: \(name ?? "message")\ndata: \(data)\n\n"
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
