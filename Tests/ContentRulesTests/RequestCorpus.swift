import ContentRules
import FixtureSupport
import Foundation

/// The real requests of `../shared/data/requests-adblock-rust-matching-test.json`,
/// as limot decides them; entries without a usable URL are left out.
enum RequestCorpus {
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
