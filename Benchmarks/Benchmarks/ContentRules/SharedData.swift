import ContentRules
import Foundation

/// The benchmark inputs in the workplace's shared data folder (never copied
/// into the repository): the three real WKContentRuleList files and the
/// adblock-rust request corpus.
enum SharedData {
    /// The WKContentRuleList files compiled together, in this order.
    static let ruleFileNames = [
        "wkcontentrulelist-brave-ios-block-ads.json",
        "wkcontentrulelist-adguard-easylist-top1m.json",
        "wkcontentrulelist-adguard-easyprivacy-top1m.json",
    ]
    static let requestFileName = "requests-adblock-rust-matching-test.json"

    /// The data folder: `$LIMOT_SHARED_DATA` if set, else `../../shared/data`
    /// relative to the Benchmarks folder. The Benchmarks folder is found from
    /// this source file's path (the benchmark binary may run from anywhere),
    /// falling back to the working directory. Exits with a message if the
    /// folder or one of the files is missing.
    static let directory: URL = {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [URL] = []
        if let path = environment["LIMOT_SHARED_DATA"], !path.isEmpty {
            candidates = [URL(fileURLWithPath: path)]
        } else {
            // Benchmarks/Benchmarks/ContentRules/SharedData.swift → Benchmarks/
            let benchmarksFolder = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            candidates = [
                benchmarksFolder.appendingPathComponent("../../shared/data"),
                workingDirectory.appendingPathComponent("../../shared/data"),  // run from Benchmarks/
                workingDirectory.appendingPathComponent("../shared/data"),  // run from the repository root
            ]
        }
        let needed = ruleFileNames + [requestFileName]
        for candidate in candidates.map(\.standardizedFileURL) {
            let missing = needed.filter {
                !FileManager.default.isReadableFile(atPath: candidate.appendingPathComponent($0).path)
            }
            if missing.isEmpty { return candidate }
        }
        fail("""
            the shared benchmark data was not found; looked in:
            \(candidates.map { "  " + $0.standardizedFileURL.path }.joined(separator: "\n"))
            each must hold \(needed.joined(separator: ", ")).
            Set LIMOT_SHARED_DATA to the folder that holds them (the workplace's shared/data).
            """)
    }()

    /// The raw bytes of the three rule files (read once, outside any measurement).
    static let ruleFileBytes: [(name: String, bytes: [UInt8])] = ruleFileNames.map { name in
        let url = directory.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url) else { fail("cannot read \(url.path)") }
        return (name, Array(data))
    }

    /// The three lists, parsed and validated.
    static let ruleLists: [RuleList] = ruleFileBytes.map { parse($0.bytes, source: $0.name) }

    /// Parses one rule file, exiting if limot rejects it (the benchmarks
    /// would measure nothing useful).
    static func parse(_ bytes: [UInt8], source: String) -> RuleList {
        let parsed = RuleListParser.parse(bytes, source: source)
        guard let list = parsed.list, parsed.errors.isEmpty else {
            fail("\(source) does not parse: \(parsed.errors.prefix(3).map { "\($0)" }.joined(separator: "; "))")
        }
        return list
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("ContentRulesBenchmarks: error: \(message)\n".utf8))
        exit(1)
    }
}

/// One entry of the adblock-rust corpus, as the strings `limot rules match`
/// reads: WebKit's type name, and "" for the page when the corpus has none.
struct RequestStrings: Sendable {
    var url: String
    var type: String
    var page: String
}

enum RequestCorpus {
    /// The corpus's requests in file order, less the 54 whose URL is a bare
    /// "http://" or "https://": no host, so no URL a browser loads (limot
    /// rejects them, as the WHATWG parser does). 8,222 of the 8,276 remain.
    static let requests: [RequestStrings] = {
        let url = SharedData.directory.appendingPathComponent(SharedData.requestFileName)
        guard let data = try? Data(contentsOf: url),
            let entries = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]]
        else { SharedData.fail("\(url.path) is not a JSON array of objects") }
        return entries.enumerated().compactMap { number, entry in
            guard let address = entry["url"] as? String, let adblockType = entry["type"] as? String else {
                SharedData.fail("request \(number) has no url or type")
            }
            if isHostless(address) { return nil }
            // limot reads adblock-rust's type names itself (ResourceTypes(requestName:)).
            guard ResourceTypes(requestName: adblockType) != nil else {
                SharedData.fail("request \(number) has the type \"\(adblockType)\", which limot does not know")
            }
            let type = adblockType
            let source = entry["sourceUrl"] as? String ?? ""
            // The corpus writes "http://" or "https://" for an unknown page.
            let page = (source == "http://" || source == "https://") ? "" : source
            return RequestStrings(url: address, type: type, page: page)
        }
    }()

    static func isHostless(_ address: String) -> Bool {
        address == "http://" || address == "https://"
    }

    /// Builds a request as `limot rules match` does; exits on an entry that
    /// limot cannot read (none once the host-less ones are left out).
    static func makeRequest(_ strings: RequestStrings) -> ResourceRequest {
        do {
            return try ResourceRequest(url: strings.url, type: strings.type, page: strings.page, frame: nil, method: nil)
        } catch {
            SharedData.fail("request \(strings.url) cannot be built: \(error)")
        }
    }
}
