import ArgumentParser
import ContentRules
import Foundation

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

    @Flag(help: "Print timing statistics for the decisions to standard error.")
    var stats = false

    func run() throws {
        let engine = try rules.engine()
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
        var output = ""
        var rejected = 0
        var durations: [Double] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            switch RequestLine.parse(Array(line)) {
            case .failure(let message):
                rejected += 1
                printError("\(requests):\(lineNumber): \(message)")
                output += "{\"line\":\(lineNumber),\"error\":\(JSONText.quote(message))}\n"
            case .success(let fields):
                do {
                    let request = try ResourceRequest(url: fields.url, type: fields.type, page: fields.page, frame: fields.frame, method: fields.method)
                    let start = ContinuousClock.now
                    let decision = engine.decide(request)
                    if stats {
                        let elapsed = ContinuousClock.now - start
                        durations.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
                    }
                    output += decision.jsonLine(url: fields.url) + "\n"
                } catch {
                    rejected += 1
                    printError("\(requests):\(lineNumber): \(error)")
                    output += "{\"line\":\(lineNumber),\"error\":\(JSONText.quote(error.description))}\n"
                }
            }
            if output.utf8.count > 1 << 16 {
                FileHandle.standardOutput.write(Data(output.utf8))
                output = ""
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        if stats && !durations.isEmpty {
            durations.sort()
            func percentile(_ p: Double) -> Double { durations[min(durations.count - 1, Int(Double(durations.count) * p))] }
            printError(String(format: "decided %d requests: median %.2f µs, p99 %.2f µs, max %.2f µs (URL parsing included)",
                              durations.count, percentile(0.5), percentile(0.99), durations.last!))
        }
        if rejected > 0 { throw ExitCode(1) }
    }
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
