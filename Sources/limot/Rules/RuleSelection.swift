import ArgumentParser
import ContentRules
import Foundation

/// `--rules PATH…`, defaulting to the lists limot ships.
struct RuleSelection: ParsableArguments {
    @Option(name: .customLong("rules"), parsing: .upToNextOption,
            help: ArgumentHelp("Rule files (WKContentRuleList JSON, or AdBlock lists such as easylist.txt, converted in memory) or folders of *.json (default: the shipped Rules/ folder, or $LIMOT_RULES).", valueName: "path"))
    var paths: [String] = []

    /// The files to load.
    func files() throws -> [String] {
        if !paths.isEmpty { return RuleFileLoader.expand(paths) }
        guard let folder = ShippedFolder.find("Rules", environment: "LIMOT_RULES") else {
            printError("error: no rule lists given and the shipped Rules/ folder was not found; pass --rules PATH or set LIMOT_RULES")
            throw ExitCode(1)
        }
        return RuleFileLoader.expand([folder])
    }

    /// Names the lists' exact contents (FNV-1a over each file's path and
    /// bytes): what the proxy's cached sanitized pages were made with.
    static func fingerprint(of files: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in files {
            let bytes = Array(file.utf8) + [0] + ((FileManager.default.contents(atPath: file)).map(Array.init) ?? []) + [0]
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }

    /// Loads and compiles the lists, in order; invalid lists stop with their
    /// errors. The one step from files to an engine, for every command and
    /// for `serve`'s swaps while it runs.
    static func engine(files: [String]) throws(RuleListsError) -> ContentRuleEngine {
        var lists: [RuleList] = []
        var errors: [String] = []
        for file in files {
            let parsed = RuleFileLoader.load(file)
            errors += parsed.errors.map(\.description)
            if let list = parsed.list { lists.append(list) }
        }
        guard errors.isEmpty else { throw RuleListsError(messages: errors + ["error: rule lists with errors cannot be used; `limot rules check` lists every problem"]) }
        do {
            let engine = try ContentRuleEngine(lists: lists)
            lists = []
            ResidentMemory.releaseFreedMemory()
            return engine
        } catch {
            throw RuleListsError(messages: ["error: \(error)"])
        }
    }

    /// `engine(files:)` for a command: errors are printed, exit status 1.
    static func engineOrExit(files: [String]) throws -> ContentRuleEngine {
        do {
            return try engine(files: files)
        } catch {
            for message in error.messages { printError(message) }
            throw ExitCode(1)
        }
    }
}

/// Why rule lists could not be made into an engine: every diagnostic, as
/// `rules check` words them.
struct RuleListsError: Error, CustomStringConvertible {
    var messages: [String]
    var description: String { messages.joined(separator: "\n") }
}
