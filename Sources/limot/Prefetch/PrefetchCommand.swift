import ArgumentParser
import ContentRules
import Fetch
import Foundation
import Lookup
import Store
import WebURL
import Vocabulary

/// `limot prefetch WORDLIST`: the result pages of many words into the HTTP
/// cache, for reading offline later.
struct PrefetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prefetch",
        abstract: "Fetch the result pages of a list of words into the cache, to read them offline later.",
        discussion: """
            WORDLIST is a file with one word per line, or - for standard input. Blank lines and \
            lines starting with # are skipped, spaces around a word trimmed, and a word written \
            like an earlier one (after normalization) is fetched once. The direction follows each \
            word's script unless --direction says otherwise.

            Each word's result page is fetched as `limot lookup` fetches it (the same site profile, \
            rule lists and fetch options) and kept in the HTTP cache in limot.sqlite3 in the data \
            directory, where `limot lookup --offline` and `limot serve --offline` find it. The words \
            are not added to the notebook (`limot history`): you did not look them up.

            Pages already in the cache are skipped, so a run that was interrupted continues where \
            it stopped when started again; --refresh fetches them anew. Requests are polite: at \
            most --concurrency at once, --delay seconds between the starts of two requests, and a \
            request that could not connect, timed out, broke off or got HTTP 429, 502, 503 or 504 is tried \
            again up to --retries times, after about 1, 2, 4 … seconds (at most 30, or what the \
            site's Retry-After asks, up to 30). HTTP 404 is the site's "no such word" page: it is \
            kept and counted as not found.

            On a terminal a progress bar is drawn on standard error (not with --no-progress or \
            --quiet). At the end a summary is printed: pages fetched, already cached, not found or \
            without entries, and the words that failed, with why. Ctrl-C (SIGINT) or SIGTERM stops \
            starting words, cancels those in flight and prints the summary; every page kept until \
            then stays kept. A second Ctrl-C stops at once.

            Examples:
              limot prefetch words.txt
              limot prefetch words.txt --concurrency 4 --delay 0.2
              grep -v '^#' vocabulary.txt | limot prefetch - --direction de-fa
              limot prefetch words.txt --refresh --quiet

            Exit status: 0 every word fetched or already cached, 1 some words failed for other \
            reasons (blocked by the rule lists, not kept by the cache) or the list names no words, \
            2 usage error (also a WORDLIST that cannot be read, or LIMOT_NO_HISTORY set: it keeps \
            nothing), 3 some words failed because the \
            site could not be reached or answered with an error, 130 interrupted.
            """
    )

    static let maximumConcurrency = 8

    @Argument(help: ArgumentHelp("A file with one word per line, or - for standard input.", valueName: "wordlist"))
    var wordList: String

    @Option(help: ArgumentHelp("auto (by each word's script), de-fa or fa-de.", valueName: "direction"))
    var direction: DirectionArgument = .auto

    @Flag(help: "Fetch every word, also those whose page is already in the cache.")
    var refresh = false

    @Option(help: ArgumentHelp("Requests to the site at once (1 to \(Self.maximumConcurrency)).", valueName: "N"))
    var concurrency: Int = 2

    @Option(help: ArgumentHelp("Seconds between the starts of two requests.", valueName: "seconds"))
    var delay: Double = 0.5

    @Option(help: ArgumentHelp("Tries after the first for a request that failed in a way that may pass.", valueName: "N"))
    var retries: Int = 3

    @Flag(help: "Draw no progress bar.")
    var noProgress = false

    @Flag(name: .shortAndLong, help: "Print only errors: neither progress nor summary.")
    var quiet = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var cache: CacheOptions
    @OptionGroup var site: SiteSelection
    @OptionGroup var rules: RuleSelection
    @OptionGroup var fetchOptions: FetchOptions

    func validate() throws {
        guard (1...Self.maximumConcurrency).contains(concurrency) else {
            throw ValidationError("--concurrency must be between 1 and \(Self.maximumConcurrency), not \(concurrency)")
        }
        guard delay.isFinite, delay >= 0, delay <= 3600 else { throw ValidationError("--delay must be between 0 and 3600 seconds") }
        guard (0...20).contains(retries) else { throw ValidationError("--retries must be between 0 and 20, not \(retries)") }
    }

    func run() async throws {
        // The user asked limot to keep nothing: prefetched pages would be fetched and forgotten.
        if LimotStore.historyDisabled(environment: ProcessInfo.processInfo.environment) {
            throw usageError("LIMOT_NO_HISTORY is set, so limot keeps no pages and there is nothing to prefetch into; "
                             + "unset it for this command (LIMOT_NO_HISTORY= limot prefetch …)")
        }
        let list: WordList
        do {
            list = try WordList.read(wordList)
        } catch {
            throw usageError(error.description)
        }
        let name = wordList == "-" ? "standard input" : wordList
        guard !list.words.isEmpty else {
            printError("error: nothing to prefetch: \(name) lists no words (only blank lines and # comments)")
            throw ExitCode(1)
        }
        let profile = try site.profile()
        let engine = try rules.engine(dataDirectory: store.directory)
        let fetch = try fetchOptions.configuration()
        let opened = try store.open(cache: cache)
        let http = HTTPClient(configuration: fetch)
        defer { http.shutdown() }
        // The lookup service `limot lookup` uses: the same search address,
        // the same extraction. It keeps nothing in the notebook: a prefetch fills the cache.
        let quiet = self.quiet
        let lookups = LookupService(profile: profile, pages: CachingHTTPClient(client: http, storage: opened), engine: engine,
                                    notebook: nil, keepsLookups: false, origin: .commandLine,
                                    notice: { note in if !quiet { printError("note: \(note)") } })
        let prefetcher = Prefetcher(http: http, store: opened, lookups: lookups, retry: RetryPolicy(retries: retries),
                                    concurrency: concurrency, delay: delay, refresh: refresh)
        var (report, jobs) = try plan(list, search: lookups.search, engine: engine, store: opened)
        // The first page fetched tells whether the search address answers:
        // one with neither entries nor suggestions has the prefetcher read the
        // home page's search form (once), and when that asks elsewhere every
        // word goes there.
        if let first = jobs.first {
            let asked = lookups.search
            let outcome = await prefetcher.prefetch(first)
            if lookups.search != asked {
                (report, jobs) = try plan(list, search: lookups.search, engine: engine, store: opened)
            } else {
                report.record(first, outcome)
                jobs.removeFirst()
            }
        }
        if quiet { report.failures.forEach { printError("error: \($0.word): \($0.failure.reason)") } }

        let progress = !quiet && !noProgress && !jobs.isEmpty && ProgressBar.canDraw
            ? ProgressBar(total: list.words.count, done: list.words.count - jobs.count) : nil
        let shared = Locked(report)
        let work = Locked<Task<Void, Never>?>(nil)
        let stopped = Locked(false)
        let signals = await StopSignals.install { _ in
            stopped.withLock { $0 = true }
            work.withLock { $0?.cancel() }
        }
        let started = ContinuousClock.now
        progress?.begin()
        let task = Task {
            await prefetcher.run(jobs, started: { progress?.started($0.word.text) }, finished: { job, outcome in
                shared.withLock { $0.record(job, outcome) }
                if outcome != .interrupted { progress?.finished() }
                if quiet, case .failed(let failure) = outcome { printError("error: \(job.word.text): \(failure.reason)") }
            })
        }
        work.withLock { $0 = task }
        if stopped.value { task.cancel() }
        await task.value
        progress?.finish()
        opened.flushUsage()
        _ = signals

        let elapsed = ContinuousClock.now - started
        var final = shared.value
        final.elapsed = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        final.interrupted = stopped.value
        if quiet {
            if final.interrupted { printError("interrupted: run the same command again to continue") }
        } else {
            print(final.summary(), terminator: "")
            if let note = cacheNote(opened) { printError(note) }
        }
        fflush(nil)
        if let code = final.exitCode { throw ExitCode(code) }
    }

    /// Every word's job at `search`; the blocked ones fail without a
    /// request, the cached ones are skipped (unless --refresh).
    private func plan(_ list: WordList, search: SearchTemplate, engine: ContentRuleEngine, store: LimotStore) throws -> (PrefetchReport, [PrefetchJob]) {
        var report = PrefetchReport(total: list.words.count)
        var jobs: [PrefetchJob] = []
        for word in list.words {
            let chosen = direction.direction ?? LookupDirection.detect(word.normalized)
            guard let url = search.url(for: word.normalized, direction: chosen) else {
                throw usageError("the site profile's search URL \(search) is not an http or https URL")
            }
            let job = PrefetchJob(word: word, direction: chosen, url: url)
            if engine.decide(ResourceRequest(url: url, type: .topDocument, pageURL: url)).isBlocked {
                report.record(job, .failed(PrefetchFailure(
                    kind: .rejected, reason: "the rule lists block \(url.serialization); `limot rules explain` says which rule")))
            } else if !refresh, (try? store.hasStoredResponse(url: url.serialization)) == true {
                report.record(job, .alreadyCached)
            } else {
                jobs.append(job)
            }
        }
        return (report, jobs)
    }

    /// A warning when the cache is nearly full: older pages are being
    /// evicted to make room for the new ones.
    private func cacheNote(_ store: LimotStore) -> String? {
        guard let statistics = try? store.cacheStatistics(), statistics.limit > 0,
              Double(statistics.bytes) >= 0.9 * Double(statistics.limit) else { return nil }
        return "warning: the cache is nearly full (\(HumanUnits.bytes(statistics.bytes)) of \(HumanUnits.bytes(statistics.limit))): "
            + "the least recently used pages make room for new ones; a larger --cache-size keeps more"
    }
}
