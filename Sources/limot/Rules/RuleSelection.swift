import ArgumentParser
import ContentRules
import Foundation

/// `--rules PATH…`, defaulting to the lists limot ships.
struct RuleSelection: ParsableArguments {
    @Option(name: .customLong("rules"), parsing: .upToNextOption,
            help: ArgumentHelp("Rule files or folders of *.json (default: the shipped Rules/ folder, or $LIMOT_RULES).", valueName: "path"))
    var paths: [String] = []

    /// The files to load.
    func files() throws -> [String] {
        if !paths.isEmpty { return RuleFileLoader.expand(paths) }
        guard let folder = ShippedRules.folder() else {
            printError("error: no rule lists given and the shipped Rules/ folder was not found; pass --rules PATH or set LIMOT_RULES")
            throw ExitCode(1)
        }
        return RuleFileLoader.expand([folder])
    }

    /// Loads and compiles the lists; invalid lists stop with their errors.
    func engine() throws -> ContentRuleEngine {
        var lists: [RuleList] = []
        var failed = false
        for file in try files() {
            let parsed = RuleFileLoader.load(file)
            for diagnostic in parsed.errors { printError(diagnostic.description) }
            if let list = parsed.list { lists.append(list) } else { failed = true }
        }
        if failed {
            printError("error: rule lists with errors cannot be used; `limot rules check` lists every problem")
            throw ExitCode(1)
        }
        do {
            return try ContentRuleEngine(lists: lists)
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }
}

/// Finds the rule lists shipped with limot.
enum ShippedRules {
    /// `$LIMOT_RULES`, else a `Rules/` folder beside the executable or above
    /// it (a checkout's `.build/debug/limot` finds the checkout's `Rules/`),
    /// else the installed share folder.
    static func folder() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let configured = environment["LIMOT_RULES"], !configured.isEmpty { return configured }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent("Rules")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate.path
            }
            directory.deleteLastPathComponent()
        }
        for path in ["/usr/local/share/limot/Rules", "/usr/share/limot/Rules"] where FileManager.default.fileExists(atPath: path) {
            return path
        }
        return nil
    }
}
