import ArgumentParser
import ContentRules
import Foundation
import LimotJSON

/// `limot rules match --requests FILE.jsonl`
struct RulesMatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Decide many requests: one JSON object in, one out, per line.",
        discussion: """
            Each input line is {"url": …, "type": …, "page": …, "frame": …, "method": …}; only url is \
            required (type defaults to top-document, page to the URL itself, frame to the page, \
            method to GET; "page": "" means no known page, which counts as third-party). Each output \
            line, in the same order, is {"url", "blocked", "actions", "stylesheet", "rules"}: the load's \
            own actions as WebKit reports them, and the rules behind them as {"list name": [rule numbers]}, \
            each list named as `rules explain` names it. The load's css-display-none action (its \
            selectors joined, which many loads of one page share) is named by "stylesheet": N, and \
            given once, on a line {"stylesheet": N, "action": "css-display-none:…", "rules": {…}} \
            just before the first request line that names it; the load's actions are its "actions" \
            and that action, its rules those of both lines. --full-lines writes the action and its \
            rules on every line instead, with no "stylesheet". A list's \
            global stylesheet (its css-display-none rules that match every URL, have no other trigger \
            field and come before its first ignore rule) is applied to every document but is not among \
            a load's actions, as in WebKit; a line has "global-off": ["list name", …] when an \
            ignore-previous-rules switched that list's stylesheet off for the load. With \
            --global-stylesheets, a first line {"global-stylesheets": [{"list", "rules", "selectors"}, …]} \
            gives the stylesheets once. A line that cannot be read gives {"line": N, "error": …} and the \
            exit status is 1.
            """
    )

    @Option(help: ArgumentHelp("The JSON Lines file of requests (- for standard input).", valueName: "file"))
    var requests: String

    @OptionGroup var rules: RuleSelection

    @OptionGroup var store: StoreOptions

    @Flag(help: "Print the lists' global stylesheets once, as a first line, before the requests' lines.")
    var globalStylesheets = false

    @Flag(help: "Write each request's css-display-none action and its rules on its own line, not once under a stylesheet number.")
    var fullLines = false

    @Flag(help: "Print to standard error where the lists came from (the compiled rule cache, or compiled) and how long that took, and decision times: a first pass (RE2 builds its DFA states as it goes) and a second, warm pass.")
    var stats = false

    @Flag(help: "Print to standard error the CPU and wall time of reading the requests, deciding them and writing their lines, from after the lists are loaded to the last line written: what the requests cost, without the process's start and the lists' loading.")
    var time = false

    /// Output is flushed to standard output in chunks of about this size.
    private static let chunkSize = 1 << 16

    func run() throws {
        let load = try ActiveRuleLists(selection: rules, store: store).load()
        let engine = load.engine
        let started = time ? RequestsTime.now() : nil
        let input: FileHandle
        if requests == "-" {
            input = .standardInput
        } else {
            guard let handle = FileHandle(forReadingAtPath: requests) else {
                printError("error: cannot read \(requests)")
                throw ExitCode(1)
            }
            input = handle
        }
        // Read in place: copying the file into an array cost about 500 instructions a request.
        let data = input.readDataToEndOfFile()
        var output = MatchLineWriter(reservingCapacity: 2 * Self.chunkSize, fullLines: fullLines)
        if globalStylesheets {
            output.write(json: Self.globalStylesheetsLine(of: engine))
        }
        var rejected = 0
        var cold: [Double] = []
        // Kept only for --stats's second pass.
        var decided: [(ResourceRequest, PreparedPage?)] = []
        var reader = MatchRequestReader(engine: engine)
        let timed = stats  // read once: a flag's getter costs more than a line's check
        var lineNumber = 0
        var answered = 0  // lines not blank: each gets an answer line
        data.withUnsafeBytes { bytes in
            let data = bytes.assumingMemoryBound(to: UInt8.self)
            var lineStart = 0
            while lineStart <= data.count {
                let lineEnd = Self.lineEnd(in: data, from: lineStart)
                defer { lineStart = lineEnd + 1 }
                lineNumber += 1
                let line = UnsafeBufferPointer(rebasing: data[lineStart..<lineEnd])
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                answered += 1
                let failure = reader.withRequest(from: line, number: lineNumber) { request, page, url in
                    let decision = timed ? Self.timedDecision(request, page: page, by: engine, cold: &cold, decided: &decided)
                        : Self.decide(request, page: page, by: engine)
                    switch url {
                    case .bytes(let range): output.write(decision, url: UnsafeBufferPointer(rebasing: line[range]))
                    case .plainBytes(let range): output.write(decision, plainURL: UnsafeBufferPointer(rebasing: line[range]))
                    case .string(let text): output.write(decision, url: text)
                    }
                }
                if let error = failure {
                    rejected += 1
                    printError("\(requests):\(error.line): \(error.message)")
                    output.write(json: "{\"line\":\(error.line),\"error\":\(JSONWriter.quote(error.message))}")
                }
                if output.count >= Self.chunkSize {
                    output.withBytes { Self.writeToStandardOutput($0) }
                    output.removeAll()
                }
            }
        }
        output.withBytes { Self.writeToStandardOutput($0) }
        if let started {
            printError(RequestsTime.now().report(since: started, lines: answered))
        }
        if stats {
            // Where the lists came from: a second run over the same lists reads the cache `serve` uses.
            printError("\(load.summary) (\(engine.lists.count) lists)")
        }
        if stats && !cold.isEmpty {
            var warm: [Double] = []
            warm.reserveCapacity(decided.count)
            for (request, page) in decided {
                let start = ContinuousClock.now
                _ = Self.decide(request, page: page, by: engine)
                warm.append(Self.microseconds(since: start))
            }
            printError(Self.summary("first pass", cold))
            printError(Self.summary("second pass", warm))
        }
        // Everything is written: end the process here rather than return and
        // free the engine, the memos and the input piece by piece (on the
        // benchmark's corpus some 1,000 instructions a request), which the
        // process's end gives back whole.
        Foundation.exit(rejected > 0 ? 1 : 0)
    }

    /// `{"global-stylesheets": [{"list", "rules", "selectors"}, …]}`: every
    /// list's global stylesheet (lists without one are left out).
    static func globalStylesheetsLine(of engine: ContentRuleEngine) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.member("global-stylesheets") { writer in
                writer.array(engine.lists.filter { !$0.globalSelectors.isEmpty }) { writer, list in
                    writer.object { writer in
                        writer.member("list") { $0.string(list.source) }
                        writer.member("rules") { writer in writer.array(list.globalRules) { $0.raw(String(list.reference($1).index)) } }
                        writer.member("selectors") { writer in writer.array(list.globalSelectors) { $0.string($1) } }
                    }
                }
            }
        }
        return writer.text
    }

    /// Writes bytes to standard output (nothing else writes there while
    /// `run` does, so no buffered text can come out of order).
    private static func writeToStandardOutput(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard var next = buffer.baseAddress else { return }
        var left = buffer.count
        while left > 0 {
            let written = write(STDOUT_FILENO, next, left)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }  // a closed pipe: the reader has stopped
            next += written
            left -= written
        }
    }
}

extension RulesMatch {
    /// The decision, on the prepared page when the request has one.
    @inline(__always)
    static func decide(_ request: ResourceRequest, page: PreparedPage?, by engine: ContentRuleEngine) -> Decision {
        if let page { engine.decide(request, page: page) } else { engine.decide(request) }
    }

    /// `decide`, timed for --stats, with the request kept for the second
    /// pass. Apart from the closure that decides each line: kept there, the
    /// request was copied into the closure's frame for every line (a
    /// 283-byte memcpy, some 60 instructions a request by callgrind) to serve
    /// this branch that only --stats takes.
    @inline(never)
    static func timedDecision(_ request: ResourceRequest, page: PreparedPage?, by engine: ContentRuleEngine, cold: inout [Double],
                              decided: inout [(ResourceRequest, PreparedPage?)]) -> Decision {
        let start = ContinuousClock.now
        let decision = decide(request, page: page, by: engine)
        cold.append(microseconds(since: start))
        decided.append((request, page))
        return decision
    }

    /// Where the line that starts at `start` ends: its newline, else the
    /// end of the data. C's `memchr` reads a word at a time where a loop over
    /// the bytes takes a few instructions each.
    static func lineEnd(in data: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = data.baseAddress, start < data.count,
            let found = memchr(base + start, Int32(UInt8(ascii: "\n")), data.count - start)
        else { return data.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    static func microseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
    }

    /// `decided N requests (first pass): median …, p99 …, max …`
    static func summary(_ pass: String, _ durations: [Double]) -> String {
        let sorted = durations.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        return String(format: "decided %d requests (%@): median %.2f µs, p99 %.2f µs, max %.2f µs",
                      sorted.count, pass, percentile(0.5), percentile(0.99), sorted.last ?? 0)
    }
}
