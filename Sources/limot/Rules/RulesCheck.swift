import ArgumentParser
import Foundation
import Subscriptions
import ContentRules
import LimotJSON

/// `limot rules check [PATH…]`
struct RulesCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate rule lists and report every error and warning.",
        discussion: """
            Each diagnostic names the file, line, rule index and field, with a stable code modelled \
            on WebKit's (JSONInvalidRegex, JSONDomainNotLowerCaseASCII, …). Warnings flag rules that \
            are legal but almost certainly wrong. Exit status 0 when every list is valid (warnings \
            allowed), 1 when any is not. Without a path, the lists `limot serve` decides with are \
            checked: the shipped lists (or $LIMOT_RULES), then the lists subscribed in --data-dir, each \
            shown by its name and file.
            """
    )

    @Argument(help: ArgumentHelp("Rule files (JSON, or AdBlock lists: their skipped filters are warnings), or folders of *.json files (default: the shipped lists and the subscribed ones).", valueName: "path"))
    var paths: [String] = []

    @OptionGroup var store: StoreOptions

    @Flag(help: "Print the diagnostics as JSON (code, file, line, rule, field, message, severity).")
    var json = false

    @Flag(name: .shortAndLong, help: "Print only errors and the summary.")
    var quiet = false

    func run() throws {
        var invalid = 0
        var errorCount = 0
        var warningCount = 0
        var reports: [String] = []
        var fileSummaries: [String] = []
        let files = try lists()
        for checked in files {
            let file = checked.path
            let parsed = RuleFileLoader.load(file)
            let shown = quiet ? parsed.errors : parsed.diagnostics
            errorCount += parsed.errors.count
            warningCount += parsed.warnings.count
            if parsed.list == nil { invalid += 1 }
            if json {
                reports += shown.map(\.json)
                let rules = parsed.list.map { String($0.rules.count) } ?? "null"
                fileSummaries.append("{\"name\":\(JSONWriter.quote(checked.name)),\"file\":\(JSONWriter.quote(file)),\"valid\":\(parsed.list != nil),\"rules\":\(rules),\"errors\":\(parsed.errors.count),\"warnings\":\(parsed.warnings.count)}")
            } else {
                for diagnostic in shown { print(diagnostic.description) }
                if let list = parsed.list {
                    let skipped = list.declaredRuleCount - list.rules.count
                    print("\(checked.label): valid, \(list.rules.count) rules" + (skipped > 0 ? " (\(skipped) skipped as WebKit does)" : ""))
                } else {
                    print("\(checked.label): invalid")
                }
            }
        }
        if json {
            print("{\"valid\":\(invalid == 0),\"files\":[\(fileSummaries.joined(separator: ","))],\"diagnostics\":[\(reports.joined(separator: ","))]}")
        } else {
            let noun = files.count == 1 ? "file" : "files"
            print("\(files.count) \(noun) checked: \(files.count - invalid) valid, \(invalid) invalid; \(errorCount) error\(errorCount == 1 ? "" : "s"), \(warningCount) warning\(warningCount == 1 ? "" : "s")")
        }
        if invalid > 0 { throw ExitCode(1) }
    }

    /// The files given, or with none the active lists (`ActiveRuleLists`).
    private func lists() throws -> [RuleListFile] {
        guard !paths.isEmpty else {
            var shipped = RuleSelection()
            shipped.paths = []
            // The reader's own list is checked even when broken: that is when its errors matter.
            let active = try ActiveRuleLists(selection: shipped, store: store)
            let own = RuleListFile(name: UserRuleStore.listName, path: active.userRules.rulesFile)
            let lists = try active.files().filter { $0.path != own.path }
            return lists + (FileManager.default.fileExists(atPath: own.path) ? [own] : [])
        }
        let files = RuleFileLoader.expand(paths)
        if files.isEmpty {
            printError("error: no *.json rule files in \(paths.joined(separator: " "))")
            throw ExitCode(1)
        }
        return files.map(RuleListFile.given)
    }
}
