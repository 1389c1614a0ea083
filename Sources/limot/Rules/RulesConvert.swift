import ArgumentParser
import ContentRules
import Foundation

/// `limot rules convert FILE.txt… [-o OUT.json] [--max-rules N] [--split N] [--report]`
struct RulesConvert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert AdBlock Plus / uBlock Origin filter lists into WKContentRuleList JSON.",
        discussion: """
            Network filters (||host^, anchors, *, ^, /regex/ within WebKit's subset, type and party options, \
            $domain=, $match-case, @@ exceptions, $important, $badfilter) and element hiding (##, #@#) are \
            converted; what WebKit cannot express ($redirect, $csp, $removeparam, scriptlets, procedural \
            cosmetics, other regexes, non-ASCII) is skipped and counted by reason (--report lists each line). \
            Several files make one list. Without -o the JSON goes to standard output and the summary to \
            standard error.
            """
    )

    @Argument(help: ArgumentHelp("AdBlock lists (easylist.txt …).", valueName: "file"))
    var paths: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the JSON here (with --split: FILE-1.json, FILE-2.json …).", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("The most rules one list may have (Safari's limit is 150,000).", valueName: "n"))
    var maxRules = RuleListParser.maximumRuleCount

    @Option(help: ArgumentHelp("Write lists of at most N rules each, deciding as the one list would.", valueName: "n"))
    var split: Int?

    @Flag(help: "List every skipped filter with its file, line and reason.")
    var report = false

    @Option(help: ArgumentHelp("Also write where each rule came from: one line per rule, tab-separated output file, rule index, list, line.", valueName: "file"))
    var origins: String?

    func validate() throws {
        guard maxRules >= 1 else { throw ValidationError("--max-rules must be at least 1") }
        if let split {
            guard split >= 1, split <= maxRules else { throw ValidationError("--split must be between 1 and --max-rules (\(maxRules)), not \(split)") }
            guard output != nil else { throw ValidationError("--split writes several files: give -o FILE") }
        }
    }

    func run() throws {
        var inputs: [(source: String, text: String)] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                printError("error: \(path): cannot be read (\(FileManager.default.fileExists(atPath: path) ? "permission denied or a folder" : "no such file"))")
                throw ExitCode(1)
            }
            inputs.append((path, String(decoding: data, as: UTF8.self)))
        }
        let start = ContinuousClock.now
        let conversion = AdblockConverter.convert(inputs)
        let seconds = (ContinuousClock.now - start).seconds
        let summary = ConvertSummary(conversion: conversion, seconds: seconds)
        // The summary goes where the JSON does not.
        let toStandardError = output == nil
        let say = { (text: String) in
            if toStandardError { printError(text) } else { print(text) }
        }
        if report {
            for line in conversion.skipped { say("\(line.source):\(line.line): skipped: \(line.reason): \(line.text)") }
        }
        for line in summary.lines { say(line) }
        guard !conversion.rules.isEmpty else {
            printError("error: no filter could be converted, so there is no rule list to write")
            throw ExitCode(1)
        }
        let parts: [[Int]]
        if let split {
            do {
                parts = try conversion.partIndexes(maximumRules: split)
            } catch {
                printError("error: --split \(split): \(error)")
                throw ExitCode(1)
            }
        } else {
            guard conversion.rules.count <= maxRules else {
                printError("error: \(conversion.rules.count) rules are more than --max-rules \(maxRules); --split \(maxRules) -o FILE writes them as several lists")
                throw ExitCode(1)
            }
            parts = [Array(conversion.rules.indices)]
        }
        var originLines = ""
        for (number, part) in parts.enumerated() {
            let file = output.map { split == nil ? $0 : Self.partName($0, number + 1) } ?? "-"
            let rules = part.enumerated().map { position, original in
                var rule = conversion.rules[original]
                rule.index = position
                return rule
            }
            if origins != nil {
                for (position, original) in part.enumerated() {
                    let source = conversion.sources[Int(conversion.ruleSources[original])]
                    originLines += "\(file)\t\(position)\t\(source)\t\(conversion.rules[original].line ?? 0)\n"
                }
            }
            let json = Data(RuleListJSON.json(rules).utf8)
            guard output != nil else {
                FileHandle.standardOutput.write(json)
                continue
            }
            try write(json, to: file)
            say("wrote \(file): \(rules.count) rules")
        }
        if let origins { try write(Data(originLines.utf8), to: origins) }
    }

    private func write(_ data: Data, to file: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: file))
        } catch {
            printError("error: cannot write \(file): \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }

    /// `out.json` → `out-2.json`; a name without `.json` gets `-2.json`.
    static func partName(_ output: String, _ number: Int) -> String {
        output.hasSuffix(".json") ? String(output.dropLast(5)) + "-\(number).json" : output + "-\(number).json"
    }
}

/// What `rules convert` prints about a conversion: rules by action, skipped filters by reason.
struct ConvertSummary {
    var conversion: AdblockConversion
    var seconds: Double

    var lines: [String] {
        let names = conversion.sources.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
        var lines = ["converted \(names): \(conversion.filterCount) filters into \(conversion.rules.count) rules in \(String(format: "%.3f", seconds)) s"]
        var byAction: [String: Int] = [:]
        for rule in conversion.rules { byAction[rule.action.typeName, default: 0] += 1 }
        for (action, count) in byAction.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
            lines.append("  \(action.padding(toLength: 44, withPad: " ", startingAt: 0)) \(count)")
        }
        if !conversion.skipped.isEmpty {
            lines.append("skipped \(conversion.skipped.count) filters WebKit cannot express (--report lists them):")
            for (category, count) in conversion.skippedByCategory {
                lines.append("  \(category.padding(toLength: 44, withPad: " ", startingAt: 0)) \(count)")
            }
        }
        return lines
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
