import CDocgenSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Memory profile of a build

/// A profiling aid for the build steps: with the environment variable `DOCGEN_MEMORY_TRACE` set, each step
/// of `BuildSession` prints the process's peak and current resident memory to standard error when it
/// ends, with the CPU time (user and system) the process has used so far
/// and how much of it the C allocator has handed out and not had back (the rest is freed memory it keeps)
/// and the wall time since the process started
/// (`[mem] render: peak 1072 MB, now 986 MB (allocated 903 MB), CPU so far 12.31 s, wall 8.02 s`): a step's CPU time
/// against its wall time shows how parallel it is. Benchmarks/README.md shows what it found.
enum MemoryTrace {
    static let enabled = ProcessInfo.processInfo.environment["DOCGEN_MEMORY_TRACE"] != nil

    /// Prints the memory figures after `step`, when enabled.
    static func note(_ step: String) {
        guard enabled else { return }
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let residentKB = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
            .flatMap { Int($0.dropFirst(6).trimming(.whitespaces).dropLast(3)) } ?? 0
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        FileHandle.standardError.write(Data(("[mem] \(step): peak \(usage.ru_maxrss / 1024) MB, now \(residentKB / 1024) MB"
            + allocated() + "CPU so far \(String(format: "%.2f", cpu)) s, wall \(String(format: "%.2f", wallSeconds())) s\n").utf8))
    }

    /// Seconds since the process started (its start time in `/proc/self/stat`, against the system's uptime).
    private static func wallSeconds() -> Double {
        let stat = (try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8)) ?? ""
        let uptime = (try? String(contentsOfFile: "/proc/uptime", encoding: .utf8)) ?? ""
        // Field 22 of stat (after the command name in parentheses, which may contain spaces) is the start time in ticks.
        guard let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 19,
              let ticks = Double(fields[19]), let now = uptime.split(separator: " ").first.flatMap({ Double($0) }) else { return 0 }
        return now - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// " (allocated N MB), ", or ", " where the allocator cannot tell.
    private static func allocated() -> String {
        let bytes = docgen_allocated_bytes()
        return bytes < 0 ? ", " : " (allocated \(bytes >> 20) MB), "
    }
}
