import Testing
@testable import Lookup
import Vocabulary

/// Site profiles: the shipped one loads and builds the site's search URLs;
/// every kind of broken profile is refused with a message naming the file
/// and the field.
@Suite("Site profiles")
struct SiteProfileTests {
    @Test("the shipped profile: host, home, absolute rule and style sheet files")
    func shipped() {
        let profile = Pages.shippedProfile
        #expect(profile.name == "loghatnameh.de")
        #expect(profile.host == "www.loghatnameh.de")
        #expect(profile.home == "https://www.loghatnameh.de/")
        let rules = Pages.repository.appendingPathComponent("Rules").path
        #expect(profile.ruleFiles == ["limot-ads.json", "limot-trackers.json", "limot-cosmetic.json"].map { "\(rules)/\($0)" })
        #expect(profile.stylesheetFiles == [Pages.repository.appendingPathComponent("Stylesheets/dark.css").path])
    }

    @Test("search URLs: the query UTF-8 percent-encoded, the direction filled in", arguments: [
        ("Haus", LookupDirection.germanToPersian, "https://www.loghatnameh.de/search?q=Haus&dir=de-fa"),
        ("خانه", .persianToGerman, "https://www.loghatnameh.de/search?q=%D8%AE%D8%A7%D9%86%D9%87&dir=fa-de"),
        ("nach Hause", .germanToPersian, "https://www.loghatnameh.de/search?q=nach%20Hause&dir=de-fa"),
        ("Haustür", .germanToPersian, "https://www.loghatnameh.de/search?q=Haust%C3%BCr&dir=de-fa"),
        ("a&b=c#d+e%", .germanToPersian, "https://www.loghatnameh.de/search?q=a%26b%3Dc%23d%2Be%25&dir=de-fa"),
        ("می‌روم", .persianToGerman, "https://www.loghatnameh.de/search?q=%D9%85%DB%8C%E2%80%8C%D8%B1%D9%88%D9%85&dir=fa-de"),
    ])
    func searchURL(_ query: String, _ direction: LookupDirection, _ expected: String) {
        #expect(Pages.shippedProfile.searchURL(for: query, direction: direction) == expected)
    }

    private static let valid = #""manifest_version": 1, "name": "x", "host": "www.loghatnameh.de", "home": "https://www.loghatnameh.de/", "search": "https://www.loghatnameh.de/search?q={query}""#

    @Test("broken profiles are refused with the file, the field and why", arguments: [
        ("{\"manifest_version\": 1,", "loghatnameh.de.json: not valid JSON: line 1, column 24: "),
        ("[1]", "loghatnameh.de.json: a site profile is a JSON object, not an array"),
        (#"{"name": "x", "host": "a.de", "home": "https://a.de/", "search": "https://a.de/?q={query}"}"#,
         #"loghatnameh.de.json: "manifest_version" is missing; this limot reads version 1"#),
        ("{" + valid.replacingOccurrences(of: "\"manifest_version\": 1", with: "\"manifest_version\": 2") + "}",
         #"loghatnameh.de.json: "manifest_version" is 2, but this limot reads version 1"#),
        ("{" + valid.replacingOccurrences(of: "\"manifest_version\": 1", with: "\"manifest_version\": \"1\"") + "}",
         #"loghatnameh.de.json: "manifest_version" is "1", but this limot reads version 1"#),
        ("{" + valid.replacingOccurrences(of: #""host": "www.loghatnameh.de", "#, with: "") + "}", #"loghatnameh.de.json: "host" is missing"#),
        ("{" + valid.replacingOccurrences(of: #""host": "www.loghatnameh.de""#, with: #""host": "WWW.Loghatnameh.de""#) + "}",
         #"loghatnameh.de.json: "host" must be a lower-case host name such as "www.loghatnameh.de", not "WWW.Loghatnameh.de""#),
        ("{" + valid.replacingOccurrences(of: #""host": "www.loghatnameh.de""#, with: #""host": 7"#) + "}",
         #"loghatnameh.de.json: "host" must be a string, not a number"#),
        ("{" + valid.replacingOccurrences(of: "?q={query}", with: "?q=") + "}",
         #"loghatnameh.de.json: "search" has no "{query}" where the word goes: "https://www.loghatnameh.de/search?q=""#),
        ("{" + valid.replacingOccurrences(of: "https://www.loghatnameh.de/\"", with: "www.loghatnameh.de\"") + "}",
         #"loghatnameh.de.json: "home" is not an http or https URL: "www.loghatnameh.de""#),
        ("{" + valid + #", "selector": {}}"#, #"loghatnameh.de.json: unknown key "selector"; did you mean "selectors"?"#),
        ("{" + valid + #", "colour": "dark"}"#, #"loghatnameh.de.json: unknown key "colour""#),
        ("{" + valid + #", "selectors": {"headwrd": "td"}}"#, #"loghatnameh.de.json: unknown key "selectors.headwrd"; did you mean "headword"?"#),
        ("{" + valid + #", "selectors": {"entry": "tr..x"}}"#,
         #"loghatnameh.de.json: "selectors.entry": bad selector "tr..x": expected a name after ".", found "." at character 4"#),
        ("{" + valid + #", "selectors": {"headword": "td + td"}}"#,
         #"loghatnameh.de.json: "selectors.headword": bad selector "td + td": the combinator "+" is not supported (only descendant and ">") at character 4"#),
        ("{" + valid + #", "rules": ["../missing.json"]}"#, "loghatnameh.de.json: \"rules[0]\": no such file \(Pages.repository.appendingPathComponent("Rules").path)/missing.json"),
        ("{" + valid + #", "stylesheets": "dark.css"}"#, #"loghatnameh.de.json: "stylesheets" must be an array of paths, not a string"#),
    ])
    func broken(_ json: String, _ message: String) {
        #expect {
            _ = try Pages.profile(json, file: "loghatnameh.de.json")
        } throws: { error in
            guard let error = error as? SiteProfileError else { return false }
            return message.hasSuffix(": ") ? error.description.hasPrefix(message) : error.description == message
        }
    }

    @Test("an unreadable profile file says so")
    func unreadable() {
        #expect(throws: SiteProfileError(file: "/nonexistent/p.json", field: nil, reason: .unreadable("no such file"))) {
            try SiteProfile(contentsOf: "/nonexistent/p.json")
        }
    }
}
