import Foundation

// MARK: - A file ready to serve

/// One file of the site with everything a response needs, computed once per build in which it changed.
public struct ServedFile: Sendable {
    /// Path relative to the site root.
    public var path: String
    /// The bytes, sharing the buffer of the `Data` they were made from (the build session's, in `docgen serve`):
    /// the site is in memory once, not once for the session and again for the server. A response copies them
    /// a chunk at a time as it sends them (`StaticResponder.body(of:)`).
    public var data: Data
    /// Strong `ETag`, from the bytes.
    public var entityTag: String
    /// When the bytes last changed: the time of the build that produced them (seconds since 1970).
    public var lastModified: Int
    /// `lastModified` as an HTTP date.
    public var lastModifiedText: String
    /// `Content-Type`.
    public var contentType: String

    /// Prepares `data` served at `path`, last modified at `lastModified`.
    public init(path: String, data: Data, lastModified: Int) {
        self.path = path
        self.data = data
        self.entityTag = ContentHash.entityTag(data)
        self.lastModified = lastModified
        self.lastModifiedText = HTTPDate.format(lastModified)
        self.contentType = ContentType.forPath(path)
    }

    /// Whether a conditional GET/HEAD may be answered with 304: `If-None-Match` decides when present
    /// (RFC 9110 §13.2.2), otherwise `If-Modified-Since`.
    public func isNotModified(ifNoneMatch: String?, ifModifiedSince: String?) -> Bool {
        if let ifNoneMatch {
            return ContentHash.matches(ifNoneMatch: ifNoneMatch, tag: entityTag)
        }
        if let ifModifiedSince, let since = HTTPDate.parse(ifModifiedSince) {
            return lastModified <= since
        }
        return false
    }
}
