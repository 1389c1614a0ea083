import Foundation
import Testing
import WebURL

/// The Web Platform Tests' URL data (`../shared/data/wpt-*.json`), every case:
/// what browsers agree a URL parser must do. Where limot deliberately differs,
/// the case is listed below with the reason; such a case must still differ
/// (so a fix shows up as a failure until the entry is removed), and any
/// difference not listed fails.
@Suite("Web Platform Tests: URL parsing and host to ASCII (shared/data)")
struct WebPlatformTests {
    /// A case limot answers differently on purpose.
    struct KnownDifference {
        var input: String
        var base: String? = nil
        var reason: String
    }

    /// Cases of wpt-urltestdata.json limot parses differently, with why: none.
    static let urlDifferences: [KnownDifference] = []

    /// Inputs of wpt-toascii.json limot converts differently, with why: the
    /// file follows UTS #46 for Unicode 16, Debian's ICU 72 implements it for
    /// Unicode 15.0 (limot takes IDNA from the system's ICU, as browsers take theirs).
    static let toASCIIDifferences: [KnownDifference] = [
        KnownDifference(input: "look\u{180E}out.net", reason: "ignored since UTS #46 15.1, disallowed by ICU 72"),
        KnownDifference(input: "look\u{206B}out.net", reason: "ignored since UTS #46 15.1, disallowed by ICU 72"),
        KnownDifference(input: "\u{04C0}.com", reason: "mapped to U+04CF since UTS #46 16, disallowed by ICU 72"),
        KnownDifference(input: "\u{2F868}.com", reason: "mapped to U+36FC since UTS #46 16, disallowed by ICU 72"),
        KnownDifference(input: "\u{2183}.com", reason: "mapped to U+2184 since UTS #46 16, disallowed by ICU 72"),
        KnownDifference(input: "\u{1E9E}.com", reason: "mapped to ß since UTS #46 15.1, to \"ss\" by ICU 72"),
        KnownDifference(input: "\u{1E9E}.foo.com", reason: "mapped to ß since UTS #46 15.1, to \"ss\" by ICU 72"),
    ]

    /// urltestdata.json: `{input, base, href, protocol, …}` or `{input, base, failure: true}`; strings are comments.
    @Test func urlTestData() throws {
        for (input, entry) in try Self.cases(in: "wpt-urltestdata.json") {
            let base = entry["base"] as? String  // null: no base
            Self.check(Self.urlMismatches(entry, input: input, base: base), input: input, base: base, known: Self.urlDifferences)
        }
    }

    /// toascii.json: `{input, output}` (`output: null` for failure), run as browsers'
    /// test does: the host of "https://<input>/x".
    @Test func toASCIIData() throws {
        for (input, entry) in try Self.cases(in: "wpt-toascii.json") {
            let expected = entry["output"] as? String  // null: must fail
            var mismatches: [String] = []
            switch (try? WebURL("https://\(input)/x"), expected) {
            case (nil, nil): break
            case (let url?, nil): mismatches.append("parsed as \(url.serialization), expected failure")
            case (nil, let output?): mismatches.append("failed, expected host \(output)")
            case (let url?, let output?):
                if url.hostname != output { mismatches.append("host \(url.hostname), expected \(output)") }
                if url.path != "/x" { mismatches.append("path \(url.path), expected /x") }
            }
            Self.check(mismatches, input: input, base: nil, known: Self.toASCIIDifferences)
        }
    }

    /// How the parse of one urltestdata.json case differs from the entry, in words (empty: it agrees).
    static func urlMismatches(_ entry: [String: Any], input: String, base: String?) -> [String] {
        var baseURL: WebURL?
        if let base {
            do {
                baseURL = try WebURL(base)
            } catch {
                return ["the base does not parse: \(error)"]
            }
        }
        let url = try? WebURL(input, relativeTo: baseURL)
        if entry["failure"] as? Bool == true {
            return url.map { ["parsed as \($0.serialization), expected failure"] } ?? []
        }
        guard let url else { return ["failed, expected \(entry["href"] ?? "?")"] }
        let port = url.port.map(String.init) ?? ""
        let actual: [String: String] = [
            "href": url.serialization,
            "origin": url.origin,
            "protocol": url.scheme + ":",
            "username": url.username,
            "password": url.password,
            "host": url.hostname + (port.isEmpty ? "" : ":" + port),
            "hostname": url.hostname,
            "port": port,
            "pathname": url.path,
            "search": url.query.flatMap { $0.isEmpty ? nil : "?" + $0 } ?? "",
            "hash": url.fragment.flatMap { $0.isEmpty ? nil : "#" + $0 } ?? "",
        ]
        return actual.keys.sorted().compactMap { key in
            guard let expected = entry[key] as? String, expected != actual[key] else { return nil }
            return "\(key) \(actual[key]!.debugDescription), expected \(expected.debugDescription)"
        }
    }

    /// Fails on an unlisted difference, and on a listed case that no longer differs.
    static func check(_ mismatches: [String], input: String, base: String?, known: [KnownDifference]) {
        let name = input.debugDescription + (base.map { " against \($0.debugDescription)" } ?? "")
        if let difference = known.first(where: { $0.input == input && $0.base == base }) {
            #expect(!mismatches.isEmpty, "\(name) is listed as differing (\(difference.reason)) but now agrees: remove it")
        } else {
            #expect(mismatches.isEmpty, "\(name): \(mismatches.joined(separator: "; "))")
        }
    }

    /// The file's objects with their input, in order; the strings between them are comments.
    static func cases(in name: String) throws -> [(input: String, entry: [String: Any])] {
        let json = try JSONSerialization.jsonObject(with: try sharedDataFile(name))
        let array = try #require(json as? [Any], "\(name) is not a JSON array")
        let cases = array.compactMap { $0 as? [String: Any] }.compactMap { entry -> (String, [String: Any])? in
            guard let input = entry["input"] as? String else {
                Issue.record("an entry of \(name) without input: \(entry)")
                return nil
            }
            return (input, entry)
        }
        #expect(!cases.isEmpty, "no cases in \(name)")
        return cases
    }
}
