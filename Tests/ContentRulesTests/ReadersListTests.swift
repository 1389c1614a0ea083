import Foundation
import Testing
import WebURL
@testable import ContentRules

/// The reader's own list applies after every other list: its
/// `ignore-previous-rules` discards what the lists before it decided (as the
/// same rule appended to each of them would in WebKit), while without the
/// mark lists stay independent, as separate WKContentRuleLists in Safari.
@Suite("The reader's list applies after every list")
struct ReadersListTests {
    /// A shipped list: a block, a global stylesheet, a hide for one site.
    static let shipped = """
        [{"trigger":{"url-filter":".*"},"action":{"type":"css-display-none","selector":".banner"}},
         {"trigger":{"url-filter":"ads\\\\.example/"},"action":{"type":"block"}},
         {"trigger":{"url-filter":".*","if-domain":["news.example"]},"action":{"type":"css-display-none","selector":".promo"}}]
        """
    /// The reader's rules: allow one ad script, pause news.example, then block one more thing.
    static let readers = """
        [{"trigger":{"url-filter":"ads\\\\.example/ok\\\\.js"},"action":{"type":"ignore-previous-rules"}},
         {"trigger":{"url-filter":".*","if-top-url":["^[a-z]+://news\\\\.example[:/]"]},"action":{"type":"ignore-previous-rules"}},
         {"trigger":{"url-filter":"ads\\\\.example/ok\\\\.js\\\\?late"},"action":{"type":"block"}}]
        """

    static func engine(readersApplyAfterEveryList: Bool = true) throws -> ContentRuleEngine {
        let shipped = try #require(RuleListParser.parse(Self.shipped, source: "limot-ads").list)
        var readers = try #require(RuleListParser.parse(Self.readers, source: "your rules").list)
        readers.appliesAfterEveryList = readersApplyAfterEveryList
        return try ContentRuleEngine(lists: [shipped, readers])
    }

    static func script(_ url: String, on page: String) throws -> ResourceRequest {
        let page = try WebURL(page)
        return ResourceRequest(url: try WebURL(url), type: .script, pageURL: page, frameURL: page, method: nil, loadContext: .topFrame)
    }

    static func document(_ url: String) throws -> ResourceRequest {
        let url = try WebURL(url)
        return ResourceRequest(url: url, type: .topDocument, pageURL: url, frameURL: url, method: nil, loadContext: .topFrame)
    }

    @Test("an allow of the reader's beats an earlier list's block, and the report names the reader's rule")
    func allowBeatsEarlierBlock() throws {
        let engine = try Self.engine()
        let allowed = engine.decide(try Self.script("https://ads.example/ok.js", on: "https://www.loghatnameh.de/"))
        #expect(!allowed.isBlocked)
        let report = allowed.explanation()
        #expect(report.contains("ignore-previous-rules  <- rule 0 (line 1) of your rules: discarded rule 1"), "\(report)")
        #expect(engine.decide(try Self.script("https://ads.example/other.js", on: "https://www.loghatnameh.de/")).isBlocked,
                "only what the allow names")
    }

    @Test("positive control: without the mark the lists are independent, as in Safari, and the block stands")
    func independentListsKeepTheBlock() throws {
        let engine = try Self.engine(readersApplyAfterEveryList: false)
        #expect(engine.decide(try Self.script("https://ads.example/ok.js", on: "https://www.loghatnameh.de/")).isBlocked)
        let paused = engine.decide(try Self.document("https://news.example/"))
        #expect(paused.hiddenSelectors.contains(".promo"))
    }

    @Test("a rule of the reader's after its allow still applies")
    func laterReaderRuleApplies() throws {
        let engine = try Self.engine()
        #expect(engine.decide(try Self.script("https://ads.example/ok.js?late", on: "https://www.loghatnameh.de/")).isBlocked)
    }

    @Test("a pause turns off every list on the site's pages: blocks, hides and the global stylesheet; other sites keep them")
    func pauseTurnsOffEveryList() throws {
        let engine = try Self.engine()
        let page = engine.decide(try Self.document("https://news.example/artikel"))
        #expect(page.hiddenSelectors.isEmpty, "\(page.hiddenSelectors)")
        #expect(page.globalStylesheetsSwitchedOff == ["limot-ads"])
        #expect(!engine.decide(try Self.script("https://ads.example/x.js", on: "https://news.example/artikel")).isBlocked)
        let elsewhere = engine.decide(try Self.document("https://other.example/"))
        #expect(elsewhere.hiddenSelectors == [".banner"])
        #expect(engine.decide(try Self.script("https://ads.example/x.js", on: "https://other.example/")).isBlocked)
    }

    @Test("an engine read back from the compiled cache applies the reader's list after every list when the load says so, and not otherwise")
    func cachedEngineKeepsTheMark() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limot-readers-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = CompiledRuleCache(directory: folder.path, toolVersion: "test")
        let key = cache.key(forContents: [Array(Self.shipped.utf8), Array(Self.readers.utf8)])
        try cache.store(try Self.engine(), key: key)
        let request = try Self.script("https://ads.example/ok.js", on: "https://www.loghatnameh.de/")
        let marked = try cache.load(key: key, sources: ["limot-ads", "your rules"], lastListAppliesAfterEveryList: true).get()
        #expect(!marked.decide(request).isBlocked)
        let unmarked = try cache.load(key: key, sources: ["limot-ads", "your rules"]).get()
        #expect(unmarked.decide(request).isBlocked, "positive control: the mark is the load's, not the file's")
    }

    @Test("only the last list applies after every list")
    func onlyTheLastList() throws {
        var readers = try #require(RuleListParser.parse(Self.readers, source: "your rules").list)
        readers.appliesAfterEveryList = true
        let shipped = try #require(RuleListParser.parse(Self.shipped, source: "limot-ads").list)
        let engine = try ContentRuleEngine(lists: [readers, shipped])
        #expect(engine.decide(try Self.script("https://ads.example/ok.js", on: "https://www.loghatnameh.de/")).isBlocked)
    }
}
