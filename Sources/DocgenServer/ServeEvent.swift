import DocgenKit
import Foundation

// MARK: - What the server reports

/// Things the server tells its user (the command prints them); the browser learns them over `ReloadChannel`.
public enum ServeEvent: Sendable {
    /// A build succeeded.
    case built(BuildSummary)
    /// The pages of edited documents were rendered ahead of the full build and shown (`pages` reloaded).
    case previewed(pages: [String], seconds: Double)
    /// A build failed; the last good site is still served.
    case buildFailed(ProblemReport, seconds: Double)
    /// The background snippet check of edited documents finished with these problems (empty: all parse).
    case snippetsChecked(ProblemReport)
    /// Something worth a line that is not a build (a check that could not run, a file left out).
    case notice(String)

    /// One successful build.
    public struct BuildSummary: Sendable {
        /// Whether this was the first build.
        public var initial: Bool
        /// Documents in the site.
        public var documents: Int
        /// Documents parsed by this build.
        public var parsed: [String]
        /// Site files that changed or were removed.
        public var changedFiles: Int
        /// Warnings (all documents).
        public var warnings: [Diagnostic]
        /// What the overlay shows after this build (warnings of the edited documents, known snippet problems).
        public var problems: ProblemReport
        /// Browsers told to reload.
        public var reloadedClients: Int
        /// Seconds from the start of the build to the reload event.
        public var seconds: Double
        /// Seconds spent in each step of the build, in order.
        public var timings: [(step: String, seconds: Double)]
    }
}
