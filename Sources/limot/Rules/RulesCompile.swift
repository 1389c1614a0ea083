import ArgumentParser
import ContentRules
import Foundation
import LimotJSON

/// `limot rules compile PATH… [-o FILE]`
struct RulesCompile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Compile rule lists into RE2 matchers and print a summary.",
        discussion: """
            The summary gives rules by action, how they are matched (host index, RE2 sets, universal), \
            selectors, compile time and memory. The lists subscribed in --data-dir are compiled after \
            the given ones, as `limot serve` does.
            """
    )

    @Argument(help: ArgumentHelp("Rule files (JSON, or AdBlock lists converted in memory), or folders of *.json files (default: the shipped Rules/ folder, or $LIMOT_RULES).", valueName: "path"))
    var paths: [String] = []

    @OptionGroup var store: StoreOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Also write the summary as JSON to this file.", valueName: "file"))
    var output: String?

    func run() throws {
        let before = ResidentMemory.current() ?? 0
        var selection = RuleSelection()
        selection.paths = paths
        let load = try ActiveRuleLists(selection: selection, store: store).load()
        let engine = load.engine
        let after = ResidentMemory.current() ?? 0
        let stats = engine.statistics
        let memory = Double(max(0, after - before)) / 1_048_576
        let byAction: [(key: String, value: Int)] = stats.rulesByAction.sorted { (a: (key: String, value: Int), b: (key: String, value: Int)) -> Bool in
            a.value != b.value ? a.value > b.value : a.key < b.key
        }
        print("compiled \(stats.rules) rules from \(stats.lists) list\(stats.lists == 1 ? "" : "s") in \(String(format: "%.3f", stats.compileSeconds)) s, \(String(format: "%.1f", memory)) MiB")
        for (action, count) in byAction { print("  \(action.padding(toLength: 24, withPad: " ", startingAt: 0)) \(count)") }
        print(load.summary)
        print("matching:")
        print("  host index               \(stats.hostIndexedRules) (\(stats.nativeHostRules) by the host alone)")
        print("  word index               \(stats.wordIndexedRules)")
        print("  literal index            \(stats.literalIndexedRules)")
        print("  RE2 sets                 \(stats.regexSetPatterns) patterns in \(stats.regexSets) set\(stats.regexSets == 1 ? "" : "s")")
        print("  confirmed natively       \(stats.nativePatterns) patterns (\(stats.singleRegexes) by their own RE2 regex)")
        print("  match every URL          \(stats.universalRules)")
        print("  test the scheme only     \(stats.schemeOnlyRules)")
        print("  conditions               \(stats.conditions)")
        print("  selectors                \(stats.selectors) (\(stats.globalSelectors) in global stylesheets)")
        if let output {
            let actions = byAction.map { "\(JSONWriter.quote($0.key)):\($0.value)" }.joined(separator: ",")
            let json = """
                {"lists":\(stats.lists),"rules":\(stats.rules),"rulesByAction":{\(actions)},"hostIndexedRules":\(stats.hostIndexedRules),\
                "nativeHostRules":\(stats.nativeHostRules),"wordIndexedRules":\(stats.wordIndexedRules),"literalIndexedRules":\(stats.literalIndexedRules),"regexSetPatterns":\(stats.regexSetPatterns),"regexSets":\(stats.regexSets),\
                "nativePatterns":\(stats.nativePatterns),"singleRegexes":\(stats.singleRegexes),"universalRules":\(stats.universalRules),"schemeOnlyRules":\(stats.schemeOnlyRules),"conditions":\(stats.conditions),"selectors":\(stats.selectors),\
                "globalSelectors":\(stats.globalSelectors),"compileSeconds":\(stats.compileSeconds),"memoryMiB":\(memory)}

                """
            do {
                try Data(json.utf8).write(to: URL(fileURLWithPath: output))
            } catch {
                printError("error: cannot write \(output): \(error.localizedDescription)")
                throw ExitCode(1)
            }
        }
    }
}
