import Foundation
import FixtureSupport
import Testing
import WebURL
@testable import ContentRules

// The indexed engine against the plain one on a sample of the real lists
// and the real request corpus of ../shared/data.

// MARK: - Real lists and requests

/// The three WKContentRuleList files of ../shared/data (its README lists them).
private let realListNames = [
    "wkcontentrulelist-adguard-easylist-top1m.json",
    "wkcontentrulelist-adguard-easyprivacy-top1m.json",
    "wkcontentrulelist-brave-ios-block-ads.json",
]
private var realListPaths: [String] { realListNames.map { SharedData.directory.appendingPathComponent($0).path } }
private var requestCorpusPath: String { SharedData.directory.appendingPathComponent("requests-adblock-rust-matching-test.json").path }

/// The rules of each real list, parsed once.
private let realLists: [RuleList] = realListPaths.compactMap { path in
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return RuleListParser.parse([UInt8](data), source: URL(fileURLWithPath: path).lastPathComponent).list
}

private struct CorpusEntry: Decodable {
    var url: String
    var sourceUrl: String
    var type: String
}

/// adblock-rust request types in WebKit's terms.
private func resourceType(adblock type: String) -> ResourceTypes? {
    switch type {
    case "xmlhttprequest", "xhr", "fetch": return .fetch
    case "stylesheet": return .styleSheet
    case "subdocument": return .childDocument
    case "main_frame": return .topDocument
    case "image": return .image
    case "script": return .script
    case "font": return .font
    case "media": return .media
    case "websocket": return .websocket
    case "ping": return .ping
    case "other": return .other
    default: return nil
    }
}

private let corpusProbes: (probes: [Probe], skipped: [String]) = {
    guard let data = FileManager.default.contents(atPath: requestCorpusPath),
        let entries = try? JSONDecoder().decode([CorpusEntry].self, from: data)
    else { return ([], ["the request corpus could not be read"]) }
    var probes: [Probe] = []
    var skipped: [String] = []
    for entry in entries {
        guard let type = resourceType(adblock: entry.type) else {
            skipped.append("type \(entry.type)")
            continue
        }
        guard let url = try? WebURL(entry.url) else {
            skipped.append("url \(entry.url)")
            continue
        }
        let page = entry.sourceUrl == "http://" || entry.sourceUrl == "https://" ? nil : try? WebURL(entry.sourceUrl)
        probes.append(Probe(request: ResourceRequest(url: url, type: type, pageURL: page),
                            text: "url \(entry.url) page \(entry.sourceUrl) type \(entry.type)"))
    }
    return (probes, skipped)
}()

/// About `total` rules drawn from the real lists, each list keeping its order.
private func sampledLists(total: Int, seed: UInt64) -> [RuleList] {
    var random = SeededGenerator(seed: seed)
    let ruleCount = realLists.reduce(0) { $0 + $1.rules.count }
    return realLists.map { list in
        let share = total * list.rules.count / max(ruleCount, 1)
        let chosen = Array(list.rules.indices).shuffled(using: &random).prefix(share).sorted()
        return RuleList(source: list.source, rules: chosen.map { list.rules[$0] })
    }
}

extension IndexEquivalenceTests {
    /// One sample by default: the plain engine takes about 100 s for the
    /// corpus in a debug build. Add seeds for a wider search.
    @Test(arguments: [UInt64(1)])
    func realListSample(seed: UInt64) throws {
        for name in realListNames + ["requests-adblock-rust-matching-test.json"] { _ = try SharedData.file(name) }
        try #require(realLists.count == realListPaths.count, "a real list failed to parse")
        let lists = sampledLists(total: 2_000, seed: seed)
        let ruleCount = lists.reduce(0) { $0 + $1.rules.count }
        #expect(ruleCount >= 1_900 && ruleCount <= 2_000)
        let probes = corpusProbes.probes
        #expect(probes.count >= 8_000, "skipped: \(corpusProbes.skipped.prefix(10))")
        let result = try differences(lists: lists, probes: probes)
        #expect(result.count == 0, "\(result.count) of \(probes.count) requests decided differently; first ones:\n\(result.mismatches.joined(separator: "\n"))")
        #expect(result.decided > 0, "no request had any action: the comparison proves nothing")
    }
}
