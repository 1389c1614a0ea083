import ArgumentParser
import ContentRules
import Fetch
import Foundation
import Lookup
import Store
import Terminal
import WebURL
import Vocabulary

/// `limot lookup WORD`: the dictionary in the terminal.
struct LookupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Look a word up, German→Persian or Persian→German, and print its entries.",
        discussion: """
            The direction follows the word's script (Latin: German→Persian, Arabic: \
            Persian→German) unless --direction says otherwise. The result page is fetched \
            through the same fetcher and rule lists as `limot serve`, and its entries are \
            found by the site profile's selectors, or by the page's structure when those \
            find nothing.

            Without a word, and on a terminal, limot asks for words one after another \
            (arrows, Up/Down and Ctrl-R for earlier words; Ctrl-D ends). Without a terminal, it \
            reads one word per line from standard input.

            Every lookup that finds entries is kept in the notebook (`limot history`) unless \
            --no-history is given or LIMOT_NO_HISTORY is set. --offline answers from the \
            notebook only.

            Examples:
              limot lookup Haus
              limot lookup خانه --limit 3
              limot lookup gehen --json | jq '.entries[].translations[].text'

            Exit status: 0 entries found, 1 nothing found, 2 usage error, 3 network or site failure.
            """
    )

    @Argument(help: "The word or phrase to look up (German or Persian).")
    var words: [String] = []

    @Option(help: ArgumentHelp("auto (by the word's script), de-fa or fa-de.", valueName: "direction"))
    var direction: DirectionArgument = .auto

    @Flag(help: "Print the result as JSON (schema 1, documented in the README).")
    var json = false

    @Option(help: ArgumentHelp("Print at most this many entries.", valueName: "N"))
    var limit: Int?

    @Option(help: ArgumentHelp("Colour: auto (on a terminal, unless NO_COLOR is set), always or never.", valueName: "when"))
    var color: ColorArgument = .auto

    @Option(help: ArgumentHelp("Persian text: auto, isolates (logical order in Unicode isolates, for terminals that reorder), visual (reordered for terminals that do not, such as xterm and tmux) or none.", valueName: "mode"))
    var bidi: BidiArgument = .auto

    @Option(help: ArgumentHelp("Lay out for this many columns (default: the terminal's width, else 80).", valueName: "N"))
    var width: Int?

    @Flag(help: "Answer from the notebook and the cached pages only; never touch the network.")
    var offline = false

    @Flag(help: "Keep nothing: neither the notebook, nor the prompt's history, nor the page in the cache.")
    var noHistory = false

    @OptionGroup var cache: CacheOptions

    @OptionGroup var site: SiteSelection

    @OptionGroup var store: StoreOptions

    @Flag(name: .shortAndLong, help: "Say more: where the site's search turned out to be, when it is not where the site profile says.")
    var verbose = false

    @OptionGroup var rules: RuleSelection
    @OptionGroup var fetchOptions: FetchOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if let width, width < 20 { throw ValidationError("--width must be at least 20") }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let keepsHistory = !noHistory && !LimotStore.historyDisabled(environment: environment)
        let profile = try site.profile()
        let notebook = openStore(environment: environment)
        let client = offline ? nil : CachingHTTPClient(
            client: HTTPClient(configuration: try fetchOptions.configuration()), storage: notebook, keepsCopies: keepsHistory,
            storeFailed: { error in printError("warning: the page was not cached: \(error)") })
        defer {
            notebook?.flushUsage()
            client?.client.shutdown()
        }
        let verbose = self.verbose
        let service = LookupService(profile: profile, pages: client, engine: offline ? nil : try rules.engine(dataDirectory: store.directory), notebook: notebook,
                                    keepsLookups: keepsHistory, origin: .commandLine,
                                    notice: { note in if verbose { printError("note: \(note)") } })
        let output = OutputOptions(command: self, environment: environment)

        if !words.isEmpty {
            let code = await lookUp(words.joined(separator: " "), service: service, output: output)
            if code != 0 { throw ExitCode(code) }
            return
        }
        // No word: a prompt on a terminal, else one word per line.
        var worst: Int32 = 0
        if LineEditor.isInteractive && !json {
            let historyFile = PromptHistory(directory: store.directory, enabled: keepsHistory)
            let editor = LineEditor(prompt: "limot› ", history: historyFile.load())
            while let line = editor.readLine() {
                let query = line.trimmingCharacters(in: .whitespaces)
                if query.isEmpty { continue }
                editor.remember(query)
                historyFile.append(query)
                _ = await lookUp(query, service: service, output: output)
            }
            return
        }
        while let line = Swift.readLine() {
            let query = line.trimmingCharacters(in: .whitespaces)
            if query.isEmpty { continue }
            worst = max(worst, await lookUp(query, service: service, output: output))
        }
        if worst != 0 { throw ExitCode(worst) }
    }

    /// Looks one query up and prints it; returns the exit status it deserves.
    private func lookUp(_ query: String, service: LookupService, output: OutputOptions) async -> Int32 {
        let chosen = direction.direction ?? LookupDirection.detect(query)
        switch await service.lookUp(query, direction: chosen) {
        case .failure(let failure):
            printError("error: \(failure.message)")
            return Self.exitCode(failure)
        case .success(let found):
            var result = found.result
            let total = result.entries.count
            if let limit { result.entries = Array(result.entries.prefix(limit)) }
            var warnings = found.notes
            if let reason = found.copyReason, !offline {
                warnings.insert("\(reason); this is the copy saved on \(StoredTime.minute(found.fetchedAt))", at: 0)
            }
            if !warnings.isEmpty { printError("warning: \(warnings.joined(separator: "; "))") }
            if json {
                print(LookupJSON.encode(result, fetchedAt: found.fetchedAt))
            } else {
                let renderer = EntryRenderer(width: output.width, color: output.color, bidi: output.bidi)
                FileHandle.standardOutput.write(Data((result.entries.isEmpty ? renderer.renderNotFound(result) : renderer.render(result, total: total)).utf8))
            }
            return result.entries.isEmpty ? 1 : 0
        }
    }

    /// 1 nothing found, 2 usage (a query or profile that cannot work), 3 network, site or store.
    static func exitCode(_ failure: LookupFailure) -> Int32 {
        switch failure.kind {
        case .notStored: return 1
        case .emptyQuery, .misconfigured: return 2
        case .blocked, .unreachable, .siteError, .undecodable, .noStore: return 3
        }
    }

    /// The store (notebook and cache), or nil when it cannot be opened: a lookup still answers.
    private func openStore(environment: [String: String]) -> LimotStore? {
        store.openForReading(cacheSizeLimit: cache.bytes, purpose: offline ? "nothing can be found offline" : "nothing is cached or kept")
    }
}

/// How the terminal output is laid out, decided once.
struct OutputOptions {
    var width: Int
    var color: Bool
    var bidi: BidiMode

    init(command: LookupCommand, environment: [String: String]) {
        let isTerminal = isatty(1) == 1
        width = command.width ?? Self.terminalWidth(environment: environment)
        switch command.color {
        case .always: color = true
        case .never: color = false
        case .auto: color = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
        switch command.bidi {
        case .isolates: bidi = .isolates
        case .visual: bidi = .visual
        case .none: bidi = .none
        case .auto: bidi = isTerminal && !Self.terminalReorders(environment: environment) ? .visual : .isolates
        }
    }

    /// The terminal's columns (ioctl), else $COLUMNS, else 80.
    static func terminalWidth(environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns >= 20 { return columns }
        return 80
    }

    /// Terminals known to apply the bidirectional algorithm themselves:
    /// VTE-based ones since 0.58 (GNOME Terminal…), Konsole, mlterm.
    /// Inside tmux or screen nothing reorders, whatever the outer terminal.
    static func terminalReorders(environment: [String: String]) -> Bool {
        if environment["TMUX"] != nil || (environment["TERM"] ?? "").hasPrefix("screen") { return false }
        if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 5800 { return true }
        return environment["KONSOLE_VERSION"] != nil || environment["MLTERM"] != nil
    }
}

enum DirectionArgument: String, ExpressibleByArgument, CaseIterable {
    case auto
    case deFa = "de-fa"
    case faDe = "fa-de"

    var direction: LookupDirection? {
        switch self {
        case .auto: return nil
        case .deFa: return .germanToPersian
        case .faDe: return .persianToGerman
        }
    }
}

enum ColorArgument: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

enum BidiArgument: String, ExpressibleByArgument, CaseIterable {
    case auto, isolates, visual, none
}
