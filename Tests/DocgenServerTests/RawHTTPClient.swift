import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - A raw HTTP client for tests

/// A minimal HTTP/1.1 client over a POSIX socket. Requests go out byte for byte as written, so `..`,
/// backslashes and odd encodings reach the server unchanged (URLSession would normalise them).
/// Blocking socket calls run on their own thread, never on the concurrency pool the server uses.
struct RawHTTPClient: Sendable {
    /// The server's port on 127.0.0.1.
    let port: Int

    /// A response as received.
    struct Response: Sendable {
        var status: Int
        /// Header names lowercased.
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Why a request failed.
    enum Failure: Error, CustomStringConvertible {
        case socket(String)
        case malformedResponse(String)
        case timedOut

        var description: String {
            switch self {
            case .socket(let message): return "socket error: \(message)"
            case .malformedResponse(let head): return "malformed response: \(head)"
            case .timedOut: return "timed out"
            }
        }
    }

    /// Sends one request with `Connection: close` and reads the response to the end of the connection.
    func send(_ method: String = "GET", _ target: String, headers: [String: String] = [:]) async throws -> Response {
        let port = port
        return try await Self.onThread {
            let socket = try Socket(port: port)
            defer { socket.close() }
            var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
            request += "\r\n"
            try socket.write(Data(request.utf8))
            var received = Data()
            while let chunk = try socket.read(timeout: 30) { received.append(chunk) }
            return try Self.parse(received)
        }
    }

    /// Whether something accepts connections on the port.
    func isListening() async -> Bool {
        let port = port
        return (try? await Self.onThread { () -> Bool in
            let socket = try Socket(port: port)
            socket.close()
            return true
        }) ?? false
    }

    static func parse(_ data: Data) throws -> Response {
        let separator = Data("\r\n\r\n".utf8)
        guard let end = data.range(of: separator) else {
            throw Failure.malformedResponse(String(decoding: data.prefix(200), as: UTF8.self))
        }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure.malformedResponse(head) }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        var body = Data(data[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return Response(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ data: Data) -> Data {
        var output = Data()
        var rest = data[...]
        let crlf = Data("\r\n".utf8)
        while let line = rest.range(of: crlf) {
            let sizeText = String(decoding: rest[..<line.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
            let start = line.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else { break }
            let stop = rest.index(start, offsetBy: size)
            output.append(rest[start..<stop])
            rest = rest[min(rest.index(stop, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex, rest.endIndex)...]
        }
        return output
    }

    /// Runs blocking work on a new thread.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.start()
        }
    }
}

// MARK: - Socket

/// A connected TCP socket to 127.0.0.1.
final class Socket: Sendable {
    private let descriptor: Int32

    init(port: Int) throws {
        #if canImport(Glibc)
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw RawHTTPClient.Failure.socket(String(cString: strerror(errno))) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            let message = String(cString: strerror(errno))
            closeDescriptor(fd)
            throw RawHTTPClient.Failure.socket(message)
        }
        descriptor = fd
    }

    func write(_ data: Data) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard let base = raw.baseAddress else { return }
                let sent = send(descriptor, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { throw RawHTTPClient.Failure.socket(String(cString: strerror(errno))) }
                offset += sent
            }
        }
    }

    /// The next bytes, or nil at the end of the stream; throws `timedOut` after `timeout` seconds of silence.
    func read(timeout: Double) throws -> Data? {
        var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptorSet, 1, Int32(timeout * 1000))
        if ready == 0 { throw RawHTTPClient.Failure.timedOut }
        guard ready > 0 else { throw RawHTTPClient.Failure.socket(String(cString: strerror(errno))) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        if count < 0 { throw RawHTTPClient.Failure.socket(String(cString: strerror(errno))) }
        return count == 0 ? nil : Data(buffer[0..<count])
    }

    func close() {
        closeDescriptor(descriptor)
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #else
    _ = Darwin.close(descriptor)
    #endif
}
