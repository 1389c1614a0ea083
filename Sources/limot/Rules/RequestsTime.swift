import Foundation

/// The process's CPU time and the wall clock at one moment, for `rules match
/// --time`: the requests' own cost read inside the process, which is steadier
/// than a whole run less a run over no request (two process starts and two
/// loads of the lists, each varying by milliseconds, around some 20 ms of
/// requests on the benchmark's corpus).
struct RequestsTime {
    /// CPU time of every thread of the process (user and system), in seconds.
    var cpu: Double
    /// A monotonic wall clock, in seconds.
    var wall: Double

    static func now() -> RequestsTime {
        RequestsTime(cpu: seconds(CLOCK_PROCESS_CPUTIME_ID), wall: seconds(CLOCK_MONOTONIC))
    }

    private static func seconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `requests: N lines read, decided and written in X ms CPU (Y µs a line), Z ms wall, …`
    func report(since start: RequestsTime, lines: Int) -> String {
        let cpuSeconds = cpu - start.cpu, wallSeconds = wall - start.wall
        let perLine = lines > 0 ? cpuSeconds / Double(lines) * 1e6 : 0
        return String(format: "requests: %d lines read, decided and written in %.3f ms CPU (%.3f µs a line), %.3f ms wall; "
                      + "the process's start and the lists' loading not included", lines, cpuSeconds * 1e3, perLine, wallSeconds * 1e3)
    }
}
