import ArgumentParser
import ContentRules
import Foundation
import Subscriptions

/// `--rules PATH…`, defaulting to the lists limot ships.
struct RuleSelection: ParsableArguments {
    @Option(name: .customLong("rules"), parsing: .upToNextOption,
            help: ArgumentHelp("Rule files (WKContentRuleList JSON, or AdBlock lists such as easylist.txt, converted in memory) or folders of *.json (default: the shipped Rules/ folder, or $LIMOT_RULES).", valueName: "path"))
    var paths: [String] = []

    /// The lists to load: `--rules` files named as given, or the shipped
    /// lists named by their base names.
    func files() throws -> [RuleListFile] {
        if !paths.isEmpty { return RuleFileLoader.expand(paths).map(RuleListFile.given) }
        guard let folder = ShippedFolder.find("Rules", environment: "LIMOT_RULES") else {
            printError("error: no rule lists given and the shipped Rules/ folder was not found; pass --rules PATH or set LIMOT_RULES")
            throw ExitCode(1)
        }
        return RuleFileLoader.expand([folder]).map(RuleListFile.shipped)
    }

    /// Names the lists' exact contents (XXH3-128 over each file's path and
    /// bytes): what the proxy's cached sanitized pages were made with. The
    /// files are read a block at a time, not into memory (see
    /// `ContentDigest.update(contentsOfFile:)`); one that cannot be read
    /// counts as empty.
    static func fingerprint(of files: [String]) -> String {
        let digest = ContentDigest()
        for file in files {
            digest.update(Array(file.utf8) + [0])
            digest.update(contentsOfFile: file)
            digest.update([0])
        }
        return digest.finish().map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// Loads and compiles the lists, in order, each under its name; invalid
    /// lists stop with their errors (which name the files). The one step
    /// from files to an engine, for every command and for `serve`'s swaps
    /// while it runs. With a data directory, large selections go through its
    /// compiled rule cache (`RulesLoad`).
    static func load(_ selection: [RuleListFile], dataDirectory: String?) throws(RuleListsError) -> RulesLoad {
        let clock = ContinuousClock.now
        let files = selection.map(\.path), names = selection.map(\.name)
        // The lists are only hashed here (the parser reads them on a miss).
        let fingerprint = fingerprint(of: files)
        var missed: (cache: CompiledRuleCache, key: [UInt8], miss: CompiledRuleCache.Miss)?
        if let dataDirectory {
            if files.reduce(0, { $0 + (CompiledRuleCache.byteCount(ofFile: $1) ?? 0) }) >= RulesLoad.cachedFromBytes {
                let cache = CompiledRuleCache(directory: dataDirectory + "/" + RulesLoad.cacheFolder, toolVersion: Limot.configuration.version)
                let key = cache.key(forFiles: files)
                switch cache.load(key: key, sources: names, lastListAppliesAfterEveryList: isReadersList(files.last, dataDirectory: dataDirectory)) {
                case .success(let engine):
                    ResidentMemory.releaseFreedMemory()
                    return RulesLoad(engine: engine, fingerprint: fingerprint, origin: .cache(cache.path(forKey: key)), seconds: clock.secondsSince)
                case .failure(let miss):
                    missed = (cache, key, miss)
                }
            }
        }
        var lists = try parse(files, names: names)
        if let dataDirectory, isReadersList(files.last, dataDirectory: dataDirectory) { lists[lists.count - 1].appliesAfterEveryList = true }
        let engine = try compile(&lists)
        var origin = RulesLoad.Origin.compiled
        if let missed {
            do {
                let size = try missed.cache.store(engine, key: missed.key)
                origin = .compiledAndCached(missed.cache.path(forKey: missed.key), bytes: size, miss: missed.miss)
            } catch {
                printError("warning: the compiled rules could not be kept in \(missed.cache.directory) (\(error.localizedDescription)); the next start compiles them again")
            }
        }
        return RulesLoad(engine: engine, fingerprint: fingerprint, origin: origin, seconds: clock.secondsSince)
    }

    /// Whether `file` is the reader's own list (`user-rules.json` of the
    /// data directory), which applies after every other list when it is the
    /// last (see `RuleList.appliesAfterEveryList`).
    private static func isReadersList(_ file: String?, dataDirectory: String) -> Bool {
        file == UserRuleStore(dataDirectory: dataDirectory).rulesFile
    }

    /// `load(_:dataDirectory:)` for a command: errors are printed, exit status 1.
    static func loadOrExit(_ selection: [RuleListFile], dataDirectory: String?) throws -> RulesLoad {
        do {
            return try load(selection, dataDirectory: dataDirectory)
        } catch {
            for message in error.messages { printError(message) }
            throw ExitCode(1)
        }
    }

    /// Each file read and validated, its list named `names[i]`; every
    /// list's errors are gathered.
    private static func parse(_ files: [String], names: [String]) throws(RuleListsError) -> [RuleList] {
        var lists: [RuleList] = []
        var errors: [String] = []
        for (file, name) in zip(files, names) {
            let parsed = RuleFileLoader.load(file)
            errors += parsed.errors.map(\.description)
            if var list = parsed.list {
                list.source = name
                lists.append(list)
            }
        }
        guard errors.isEmpty else { throw RuleListsError(messages: errors + ["error: rule lists with errors cannot be used; `limot rules check` lists every problem"]) }
        return lists
    }

    /// The engine for `lists`, which are emptied: only the engine stays in memory.
    private static func compile(_ lists: inout [RuleList]) throws(RuleListsError) -> ContentRuleEngine {
        do {
            let engine = try ContentRuleEngine(lists: lists)
            lists = []
            ResidentMemory.releaseFreedMemory()
            return engine
        } catch {
            throw RuleListsError(messages: ["error: \(error)"])
        }
    }
}

/// Why rule lists could not be made into an engine: every diagnostic, as
/// `rules check` words them.
struct RuleListsError: Error, CustomStringConvertible {
    var messages: [String]
    var description: String { messages.joined(separator: "\n") }
}
