import Fetch
import Foundation
import HTTPTypes
@testable import Lookup
import Testing
import WebURL

@testable import limot

/// The parts of `limot prefetch` whose rules a user relies on without
/// seeing them: how the word list is read, how long it waits between
/// retries, what the bar and the summary say.
@Suite("limot prefetch: word list, backoff, bar, summary")
struct PrefetchPartsTests {
    @Test("the word list: trimmed, comments and blank lines skipped, duplicates after normalization dropped")
    func wordList() {
        // Arabic yeh (ي) normalizes to Persian yeh (ی): the same word twice.
        let list = WordList.parse("\u{FEFF}# Kapitel 1\r\n  Haus \r\n\r\nBuch\nHaus\nکتابي\nکتابی\n   # indented comment\n\t\n")
        #expect(list.words.map(\.text) == ["Haus", "Buch", "کتابي"])
        #expect(list.words.map(\.normalized) == ["Haus", "Buch", "کتابی"])
        #expect(list.words.map(\.line) == [2, 4, 6])
        #expect(list.duplicates == 2)
        // Case is kept: the site tells Essen (food) from essen (to eat).
        #expect(WordList.parse("Essen\nessen\n").words.count == 2)
    }

    @Test("backoff: 1, 2, 4 … seconds with jitter in the upper half, at most 30; Retry-After up to 30")
    func backoff() {
        #expect(RetryPolicy.delay(retry: 0, retryAfter: nil, random: 0) == 0.5)
        #expect(RetryPolicy.delay(retry: 0, retryAfter: nil, random: 1) == 1)
        #expect(RetryPolicy.delay(retry: 2, retryAfter: nil, random: 1) == 4)
        #expect(RetryPolicy.delay(retry: 2, retryAfter: nil, random: 0) == 2)
        #expect(RetryPolicy.delay(retry: 10, retryAfter: nil, random: 1) == 30)
        #expect(RetryPolicy.delay(retry: 60, retryAfter: nil, random: 0) == 15)
        #expect(RetryPolicy.delay(retry: 0, retryAfter: 7, random: 1) == 7)
        #expect(RetryPolicy.delay(retry: 0, retryAfter: 3600, random: 1) == 30)
        let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        #expect(RetryPolicy.retryAfter([.retryAfter: "12"]) == 12)
        #expect(RetryPolicy.retryAfter([.retryAfter: "Thu, 01 Jan 2026 00:00:20 GMT"], now: now) == 20)
        #expect(RetryPolicy.retryAfter([.retryAfter: "soon"]) == nil)
        #expect(RetryPolicy.retryAfter([.retryAfter: "-5"]) == nil)
        #expect(RetryPolicy.retryAfter([:]) == nil)
    }

    @Test("requests start at least --delay apart, however many workers ask")
    func pacing() async throws {
        let pacer = Pacer(interval: .milliseconds(100))
        let slots = await withTaskGroup(of: ContinuousClock.Instant.self) { group in
            for _ in 0..<4 { group.addTask { await pacer.reserve() } }
            return await group.reduce(into: []) { $0.append($1) }.sorted()
        }
        for (earlier, later) in zip(slots, slots.dropFirst()) { #expect(later - earlier >= .milliseconds(100)) }
    }

    @Test("the progress bar: filled by words done, rate and ETA from this run's words, cut to the terminal")
    func bar() {
        let line = ProgressBar.line(total: 500, done: 120, worked: 62, toFetch: 442, elapsed: 20, word: "Haus", columns: 100)
        #expect(line == "[####..............] 120/500  24%  3.1 words/s  ETA 2m03s  Haus")
        #expect(ProgressBar.line(total: 10, done: 0, worked: 0, toFetch: 10, elapsed: 0, word: "", columns: 100)
                == "[..................] 0/10  0%  0.0 words/s  ETA --")
        let narrow = ProgressBar.line(total: 500, done: 120, worked: 62, toFetch: 442, elapsed: 20, word: "Donaudampfschifffahrt", columns: 50)
        #expect(narrow.count == 49)
        #expect(narrow.hasSuffix("…"))
    }

    @Test("the summary lists 20 failed words, then how many more; exit 3 for network failures, 1 for others, 130 interrupted")
    func summary() throws {
        let url = try WebURL("https://www.loghatnameh.de/search?q=x")
        func job(_ word: String) -> PrefetchJob {
            PrefetchJob(word: WordList.Word(text: word, normalized: word, line: 1), direction: .germanToPersian, url: url)
        }
        var report = PrefetchReport(total: 29)
        report.record(job("Haus"), .fetched)
        report.record(job("Hauss"), .noEntries)
        report.record(job("Hausss"), .notFound)
        report.record(job("Buch"), .alreadyCached)
        #expect(report.exitCode == nil)
        report.record(job("Tür"), .failed(PrefetchFailure(kind: .rejected, reason: "the rule lists block it")))
        #expect(report.exitCode == 1)
        for index in 1...24 {
            report.record(job("Wort\(index)"), .failed(PrefetchFailure(kind: .network, reason: "connection refused")))
        }
        #expect(report.exitCode == 3)
        report.elapsed = 123
        let text = report.summary()
        #expect(text.hasPrefix("""
            Prefetched 29 words in 2m03s:
              fetched          3
                no entries     2  (1 not found: HTTP 404)
              already cached   1  (skipped)
              failed          25
            Failed:
              Tür (de-fa): the rule lists block it
              Wort1 (de-fa): connection refused

            """), "\(text)")
        #expect(text.hasSuffix("  Wort19 (de-fa): connection refused\n  … and 5 more\n"), "\(text)")
        report.interrupted = true
        #expect(report.exitCode == 130)
        #expect(report.summary().hasSuffix("interrupted: run the same command again to continue\n"))
    }
}
