import Foundation

// MARK: - Errors

/// Why `docgen serve` could not start.
public enum ServeError: LocalizedError, Equatable {
    /// The port is taken, the address is not local, or listening failed otherwise.
    case cannotListen(host: String, port: Int, reason: String)
    /// The port is outside 0…65535.
    case invalidPort(Int)

    public var errorDescription: String? {
        switch self {
        case .cannotListen(let host, let port, let reason):
            return "cannot listen on \(host):\(port) (\(reason)); choose another --port (0 picks a free one) or --host"
        case .invalidPort(let port):
            return "--port must be between 0 and 65535, not \(port)"
        }
    }
}
