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
            line, in the same order, is {"url", "blocked", "actions", "rules"}; a line that cannot \
            be read gives {"line": N, "error": …} and the exit status is 1.
            """
    )

    @Option(help: ArgumentHelp("The JSON Lines file of requests (- for standard input).", valueName: "file"))
    var requests: String

    @OptionGroup var rules: RuleSelection

    @OptionGroup var store: StoreOptions

    @Flag(help: "Print decision times to standard error: a first pass (RE2 builds its DFA states as it goes) and a second, warm pass.")
    var stats = false

    func run() throws {
        let engine = try ActiveRuleLists(selection: rules, store: store).engine()
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
        let data = input.readDataToEndOfFile()
        // Read every line first, so that timing covers decisions only.
        var lines: [(number: Int, request: Result<(String, ResourceRequest), RequestLineError>)] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            switch RequestLine.parse(Array(line)) {
            case .failure(let message):
                lines.append((lineNumber, .failure(RequestLineError(message: message))))
            case .success(let fields):
                do {
                    let request = try ResourceRequest(url: fields.url, type: fields.type, page: fields.page, frame: fields.frame, method: fields.method)
                    lines.append((lineNumber, .success((fields.url, request))))
                } catch {
                    lines.append((lineNumber, .failure(RequestLineError(message: error.description))))
                }
            }
        }
        var decisions: [Decision?] = []
        decisions.reserveCapacity(lines.count)
        var cold: [Double] = []
        for line in lines {
            guard case .success(let (_, request)) = line.request else {
                decisions.append(nil)
                continue
            }
            let start = ContinuousClock.now
            decisions.append(engine.decide(request))
            if stats { cold.append(Self.microseconds(since: start)) }
        }
        var output = ""
        var rejected = 0
        for (line, decision) in zip(lines, decisions) {
            switch line.request {
            case .failure(let error):
                rejected += 1
                printError("\(requests):\(line.number): \(error.message)")
                output += "{\"line\":\(line.number),\"error\":\(JSONWriter.quote(error.message))}\n"
            case .success(let (url, _)):
                output += decision!.jsonLine(url: url) + "\n"
            }
            if output.utf8.count > 1 << 16 {
                FileHandle.standardOutput.write(Data(output.utf8))
                output = ""
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        if stats && !cold.isEmpty {
            var warm: [Double] = []
            for line in lines {
                guard case .success(let (_, request)) = line.request else { continue }
                let start = ContinuousClock.now
                _ = engine.decide(request)
                warm.append(Self.microseconds(since: start))
            }
            printError(Self.summary("first pass", cold))
            printError(Self.summary("second pass", warm))
        }
        if rejected > 0 { throw ExitCode(1) }
    }
}

extension RulesMatch {
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

struct RequestLineError: Error {
    var message: String
}

/// The fields of one request line.
struct RequestLine {
    var url: String
    var type: String?
    var page: String?
    var frame: String?
    var method: String?

    enum Outcome {
        case success(RequestLine)
        case failure(String)
    }

    static func parse(_ bytes: [UInt8]) -> Outcome {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            return .failure("not a JSON object: \(error)")
        }
        guard let object = value.objectValue else { return .failure("not a JSON object but \(value.kindDescription)") }
        guard let url = object["url"]?.stringValue else { return .failure("no \"url\" string") }
        func string(_ key: String) -> Result<String?, Never>? {
            guard let field = object[key] else { return .success(nil) }
            if case .null = field { return .success(nil) }
            return field.stringValue.map { .success($0) }
        }
        var line = RequestLine(url: url)
        for (key, path) in [("type", \RequestLine.type), ("page", \.page), ("frame", \.frame), ("method", \.method)] as [(String, WritableKeyPath<RequestLine, String?>)] {
            guard case .success(let text)? = string(key) else { return .failure("\"\(key)\" must be a string") }
            line[keyPath: path] = text
        }
        return .success(line)
    }
}
