import Foundation
@testable import Lookup
import Vocabulary

/// The pages and profiles the lookup tests read: the fixture site's result
/// pages in place, this suite's own pages from its resources, and the
/// shipped profile.
enum Pages {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func site(_ name: String) -> [UInt8] {
        let url = repository.appendingPathComponent("Tests/Fixtures/sites/www.loghatnameh.de/search/\(name).html")
        return [UInt8](try! Data(contentsOf: url))
    }

    static func own(_ name: String) -> [UInt8] {
        let url = Bundle.module.url(forResource: name, withExtension: "html", subdirectory: "Pages")!
        return [UInt8](try! Data(contentsOf: url))
    }

    static let shippedProfilePath = repository.appendingPathComponent("Rules/sites/loghatnameh.de.json").path
    static let shippedProfile = try! SiteProfile(contentsOf: shippedProfilePath)

    static func profile(_ json: String, file: String = "test.json") throws(SiteProfileError) -> SiteProfile {
        try SiteProfile(json: Array(json.utf8), file: file, baseDirectory: repository.appendingPathComponent("Rules/sites").path)
    }

    static func dump(_ entries: [DictionaryEntry], _ suggestions: [String], direction: LookupDirection) -> String {
        LookupJSON.encode(LookupResult(query: "", normalizedQuery: "", direction: direction, sourceURL: "", entries: entries, suggestions: suggestions), fetchedAt: nil)
    }
}
