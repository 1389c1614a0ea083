import ArgumentParser
import ContentRules

/// `limot rules explain URL …`
struct RulesExplain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show what the rules decide for one request, and every rule that contributed.",
        discussion: """
            Includes any ignore-previous-rules that overrode earlier rules. The lists are those `limot serve` \
            decides with (the shipped lists or --rules, then the lists subscribed in --data-dir), named as \
            everywhere else: a subscription by its name, a shipped list by its file's base name, a --rules \
            file by the path given; the lists: line gives each list's file. Exit status 0 whatever the decision.
            """
    )

    @Argument(help: "The URL of the resource.")
    var url: String

    @Option(help: ArgumentHelp("The resource type: top-document (or document), child-document, image, style-sheet, script, font, svg-document, media, popup, ping, fetch, websocket, csp-report, other.", valueName: "type"))
    var type = "top-document"

    @Option(help: ArgumentHelp("The top-level page's URL (default: the URL itself).", valueName: "url"))
    var page: String?

    @Option(help: ArgumentHelp("The frame's URL (default: the page).", valueName: "url"))
    var frame: String?

    @Option(help: ArgumentHelp("The HTTP method.", valueName: "method"))
    var method = "GET"

    @Flag(help: "List every css-display-none action instead of summarising them.")
    var all = false

    @OptionGroup var rules: RuleSelection

    @OptionGroup var store: StoreOptions

    func run() throws {
        let request: ResourceRequest
        do {
            request = try ResourceRequest(url: url, type: type, page: page, frame: frame, method: method)
        } catch {
            printError("error: --\(error.field == "url" ? "url" : error.field): \(error.message)")
            throw ExitCode(2)
        }
        let active = try ActiveRuleLists(selection: rules, store: store)
        let lists = try active.filesOrExit()
        let engine = try RuleSelection.loadOrExit(lists, dataDirectory: active.dataDirectory).engine
        let decision = engine.decide(request)
        let party = request.isThirdParty(publicSuffixList: .shared) ? "third-party" : "first-party"
        let context = request.loadContext == .topFrame ? "top-frame" : "child-frame"
        print("url:      \(request.url.serialization)")
        print("type:     \(request.type.names.joined()) (\(party), \(context), \(method.uppercased()))")
        print("page:     \(request.pageURL?.serialization ?? "(none)")")
        print("lists:    \(lists.map(\.label).joined(separator: ", "))")
        print(decision.explanation(listAll: all))
    }
}
