import Foundation
import Hummingbird

// MARK: - Answering requests

/// Answers every request of the preview server from the `SiteStore` (never from the file system):
///
/// - `GET`/`HEAD` only (others: 405 with `Allow`); `HEAD` sends the headers of `GET` and no body;
/// - `/dir/` serves `dir/index.html`, `/dir` redirects to `/dir/` when that exists, and `/page` serves
///   `page.html`;
/// - content types by extension, `ETag` (content hash) and `Last-Modified` (build time), 304 on a matching
///   `If-None-Match` or, without one, `If-Modified-Since`;
/// - a path that is malformed or could step outside the site (see `RequestPath`) gets 400; an unknown
///   path gets the theme's 404 page with status 404;
/// - `/_docgen/events` is the live-reload event stream.
public struct StaticResponder: HTTPResponder {
    public typealias Context = BasicRequestContext

    /// The site.
    public let store: SiteStore
    /// The live-reload channel.
    public let channel: ReloadChannel

    /// Creates a responder.
    public init(store: SiteStore, channel: ReloadChannel) {
        self.store = store
        self.channel = channel
    }

    /// Answers one request.
    public func respond(to request: Request, context: Context) async throws -> Response {
        let isHead = request.method == .head
        guard request.method == .get || isHead else {
            var response = text(.methodNotAllowed, "405 Method Not Allowed: use GET or HEAD\n", head: false)
            response.headers[.allow] = "GET, HEAD"
            return response
        }
        let rawPath = request.uri.path
        if rawPath == ReloadScript.eventsPath {
            return isHead ? Response(status: .ok, headers: [.contentType: "text/event-stream; charset=utf-8"])
                : channel.response(to: request, initial: initialEvents())
        }
        let path: RequestPath
        switch RequestPath.parse(rawPath) {
        case .success(let parsed): path = parsed
        case .failure(let rejection):
            return text(.badRequest, "400 Bad Request: \(rejection.errorDescription ?? "invalid path")\n", head: isHead)
        }
        guard store.hasSite else { return unavailable(head: isHead) }

        if let file = store.file(at: path.sitePath) {
            return serve(file, request: request, head: isHead)
        }
        if !path.isDirectory {
            if let file = store.file(at: path.sitePath + ".html") {
                return serve(file, request: request, head: isHead)
            }
            if store.file(at: path.sitePath + "/index.html") != nil {
                let query = request.uri.query.map { "?" + $0 } ?? ""
                var response = text(.movedPermanently, "301 Moved Permanently\n", head: isHead)
                response.headers[.location] = rawPath + "/" + query
                return response
            }
        }
        return notFound(head: isHead)
    }

    // MARK: - Responses

    /// What a new event-stream client is sent first: the current build and any problems.
    private func initialEvents() -> [ReloadEvent] {
        let problems = store.problems
        return [.hello(store.status)] + (problems.isEmpty ? [] : [.problems(problems)])
    }

    private func serve(_ file: ServedFile, request: Request, head: Bool) -> Response {
        var headers: HTTPFields = [
            .eTag: file.entityTag,
            .lastModified: file.lastModifiedText,
            .cacheControl: "no-cache",
            // The length a 200 would have (RFC 9110 §8.6): a 304 has no body either way.
            .contentLength: String(file.data.count),
        ]
        if file.isNotModified(ifNoneMatch: request.headers[.ifNoneMatch], ifModifiedSince: request.headers[.ifModifiedSince]) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = file.contentType
        headers[.xContentTypeOptions] = "nosniff"
        return Response(status: .ok, headers: headers, body: head ? ResponseBody() : Self.body(of: file.data))
    }

    /// Bytes copied into one `ByteBuffer` per chunk sent.
    public static let chunkSize = 1 << 20

    /// A body that sends `data` a chunk at a time: the store's bytes stay shared with the build session, and
    /// a large file (`rules.json` is 115 MB on 2,000 documents) is never copied whole for one response.
    /// A file of one chunk (every page) goes as one buffer: through the writer closure, `Benchmarks/serve/run`
    /// served 13 % fewer requests per second on a page and 23 % fewer on the home page.
    static func body(of data: Data) -> ResponseBody {
        guard data.count > chunkSize else { return ResponseBody(byteBuffer: ByteBuffer(bytes: data)) }
        return ResponseBody(contentLength: data.count) { writer in
            var start = data.startIndex
            while start < data.endIndex {
                let end = start + min(chunkSize, data.endIndex - start)
                try await writer.write(ByteBuffer(bytes: data[start..<end]))
                start = end
            }
            try await writer.finish(nil)
        }
    }

    private func notFound(head: Bool) -> Response {
        guard let page = store.file(at: "404.html") else {
            return text(.notFound, "404 Not Found\n", head: head)
        }
        let headers: HTTPFields = [
            .contentType: page.contentType,
            .contentLength: String(page.data.count),
            .cacheControl: "no-store",
            .xContentTypeOptions: "nosniff",
        ]
        return Response(status: .notFound, headers: headers, body: head ? ResponseBody() : Self.body(of: page.data))
    }

    /// Before the first good build: a page that shows the problems and reloads once the site builds.
    private func unavailable(head: Bool) -> Response {
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>The site does not build yet · docgen</title>
            <style>body{font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:40rem;padding:0 1rem}\
            #docgen-overlay{position:fixed;left:0;right:0;bottom:0;max-height:60vh;overflow:auto;background:#fff;border-top:3px solid #b3261e}\
            #docgen-overlay header{display:flex;gap:1rem;padding:.6rem 1rem;background:#b3261e;color:#fff;font-weight:600}\
            #docgen-overlay button{margin-left:auto}#docgen-overlay ul{list-style:none;margin:0;padding:.5rem 1rem;font-family:monospace}\
            #docgen-overlay li{white-space:pre-wrap;padding:.2rem 0}</style></head>
            <body><h1>The site does not build yet</h1>
            <p>docgen serve is running, but the content has errors. Fix them and this page reloads by itself.</p>
            \(ReloadScript.html)
            </body></html>
            """
        var response = text(.serviceUnavailable, html, head: head)
        response.headers[.contentType] = "text/html; charset=utf-8"
        return response
    }

    private func text(_ status: HTTPResponse.Status, _ body: String, head: Bool) -> Response {
        let buffer = ByteBuffer(string: body)
        let headers: HTTPFields = [
            .contentType: "text/plain; charset=utf-8",
            .contentLength: String(buffer.readableBytes),
            .cacheControl: "no-store",
            .xContentTypeOptions: "nosniff",
        ]
        return Response(status: status, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: buffer))
    }
}
