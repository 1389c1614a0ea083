import ArgumentParser
import ContentRules
import Foundation
import LimotJSON
import Subscriptions

/// `limot rules export`
struct RulesExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every list limot uses as one WKContentRuleList JSON file that Safari accepts.",
        discussion: """
            The lists `serve` uses with the same --rules and --data-dir, in its order: the shipped lists (or --rules), \
            the subscribed lists, then your own rules. JSON lists are copied rule by rule; AdBlock lists are \
            converted as `rules convert` converts them. In one list, an exception (`ignore-previous-rules`) of a \
            later list also lifts the blocks of the lists before it, as your own exceptions do in limot. \
            The result is checked as `rules check` checks a list; more than Safari's 150,000 rules is refused \
            with WebKit's error.
            """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the JSON here instead of standard output.", valueName: "file"))
    var output: String?

    @OptionGroup var selection: RuleSelection
    @OptionGroup var store: StoreOptions

    func run() throws {
        let active = try ActiveRuleLists(selection: selection, store: store)
        var rules: [String] = []
        for list in try active.filesOrExit() { rules += try Self.rules(of: list.path) }
        let text = "[\n" + rules.joined(separator: ",\n") + "\n]\n"
        let checked = RuleListParser.parse(text, source: output ?? "the exported list")
        guard checked.errors.isEmpty else {
            for error in checked.errors { printError("error: \(error)") }
            throw ExitCode(1)
        }
        guard let output else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            printError("error: cannot write \(output): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        printError("wrote \(rules.count) rules to \(output)")
    }

    /// Each rule of the list in `file` as compact JSON; errors exit with 1.
    private static func rules(of file: String) throws -> [String] {
        guard let bytes = FileManager.default.contents(atPath: file).map(Array.init) else {
            printError("error: \(file): cannot be read")
            throw ExitCode(1)
        }
        if AdblockListDetection.isAdblockList(path: file, bytes: bytes) {
            guard let list = AdblockListDetection.parse(bytes, source: file).list else {
                printError("error: \(file): the list cannot be converted (`limot rules check \(file)` says why)")
                throw ExitCode(1)
            }
            return list.rules.map { RuleListJSON.json($0) }
        }
        do {
            guard let elements = try JSONParser.parse(bytes).arrayValue else {
                printError("error: \(file): not a JSON array of rules")
                throw ExitCode(1)
            }
            return elements.map(\.compactText)
        } catch let error as JSONSyntaxError {
            printError("error: \(file): \(error)")
            throw ExitCode(1)
        }
    }
}
