import Foundation
import Lookup
import Vocabulary

/// What a prefetch run did, word by word, and the summary it prints.
struct PrefetchReport: Sendable {
    /// Failed words listed in the summary; the rest are counted.
    static let listedFailures = 20

    struct Failed: Sendable {
        var word: String
        var direction: LookupDirection
        var failure: PrefetchFailure
    }

    /// Distinct words in the list.
    var total: Int
    var fetched = 0
    var noEntries = 0
    var notFound = 0
    var alreadyCached = 0
    var failures: [Failed] = []
    /// Whether Ctrl-C or SIGTERM stopped the run.
    var interrupted = false
    var elapsed: Double = 0

    init(total: Int) {
        self.total = total
    }

    mutating func record(_ job: PrefetchJob, _ outcome: PrefetchOutcome) {
        switch outcome {
        case .fetched: fetched += 1
        case .noEntries: noEntries += 1
        case .notFound: notFound += 1
        case .alreadyCached: alreadyCached += 1
        case .failed(let failure): failures.append(Failed(word: job.word.text, direction: job.direction, failure: failure))
        case .interrupted: break
        }
    }

    /// Pages fetched and kept in this run.
    var pagesFetched: Int { fetched + noEntries + notFound }
    /// Words neither fetched, cached nor failed (an interrupted run).
    var notDone: Int { total - pagesFetched - alreadyCached - failures.count }

    /// 130 interrupted, 3 a word failed for network reasons, 1 failures of
    /// other kinds only, nil (0) none.
    var exitCode: Int32? {
        if interrupted { return 130 }
        if failures.contains(where: { $0.failure.kind == .network }) { return 3 }
        return failures.isEmpty ? nil : 1
    }

    /// The summary for standard output, ending in a newline.
    func summary() -> String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var lines = ["Prefetched \(plural(total, "word")) in \(HumanUnits.duration(elapsed)):"]
        var rows: [(label: String, count: Int, note: String)] = [
            ("fetched", pagesFetched, ""),
            ("  no entries", noEntries + notFound, notFound > 0 ? "(\(notFound) not found: HTTP 404)" : ""),
            ("already cached", alreadyCached, alreadyCached > 0 ? "(skipped)" : ""),
            ("failed", failures.count, ""),
        ]
        if notDone > 0 { rows.append(("not done", notDone, "")) }
        let digits = rows.map { String($0.count).count }.max() ?? 1
        for row in rows {
            let number = String(repeating: " ", count: digits - String(row.count).count) + String(row.count)
            lines.append("  " + row.label.padding(toLength: 16, withPad: " ", startingAt: 0) + number + (row.note.isEmpty ? "" : "  " + row.note))
        }
        if !failures.isEmpty {
            lines.append("Failed:")
            for failed in failures.prefix(Self.listedFailures) {
                lines.append("  \(failed.word) (\(failed.direction.rawValue)): \(failed.failure.reason)")
            }
            if failures.count > Self.listedFailures { lines.append("  … and \(failures.count - Self.listedFailures) more") }
        }
        if interrupted { lines.append("interrupted: run the same command again to continue") }
        return lines.joined(separator: "\n") + "\n"
    }
}
