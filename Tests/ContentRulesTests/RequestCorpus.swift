import Testing
import ContentRules
import FixtureSupport
import Foundation

/// The real requests of `../shared/data/requests-adblock-rust-matching-test.json`,
/// as limot decides them; entries without a usable URL are left out.
enum RequestCorpus {
    /// The three WKContentRuleList files of ../shared/data, parsed, in the
    /// order the benchmark (`Benchmarks/compare_adblock.py`) gives them.
    static func lists() throws -> [RuleList] {
        let names = ["wkcontentrulelist-brave-ios-block-ads.json", "wkcontentrulelist-adguard-easylist-top1m.json",
                     "wkcontentrulelist-adguard-easyprivacy-top1m.json"]
        return try names.map { name in
            try #require(RuleListParser.parse([UInt8](Data(contentsOf: SharedData.file(name))), source: name).list)
        }
    }

    static func requests() throws -> [(url: String, type: String, request: ResourceRequest)] {
        let corpus = try JSONSerialization.jsonObject(with: Data(contentsOf: SharedData.file("requests-adblock-rust-matching-test.json"))) as? [[String: Any]] ?? []
        return corpus.compactMap { entry in
            // The corpus writes "http://" for an unknown page.
            let source = (entry["sourceUrl"] as? String) ?? ""
            let page = source == "http://" || source == "https://" ? "" : source
            guard let url = entry["url"] as? String, let type = entry["type"] as? String,
                let request = try? ResourceRequest(url: url, type: type, page: page, frame: nil, method: nil)
            else { return nil }
            return (url, type, request)
        }
    }
}
