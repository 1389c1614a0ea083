import Testing
import WebURL
@testable import ContentRules

// WebKit's matching tests (Tools/TestWebKitAPI/Tests/WebCore/ContentExtensions.cpp),
// transcribed in file order; the § marks and group numbers count its matching tests.
//
// Request helpers mirror WebKit's test helpers, quirks included: every request
// is made in load-context child-frame (mainFrameContext = false) with no
// request method, unless the group passes one.
//
// Expected actions are written as WebKit reports them, one per action
// location, in WebKit's order; `Decision.actions` must equal that list (as a
// multiset across several lists, whose order WebKit leaves unspecified).
// `Decision.outcomes` must account for the same actions, each with at least
// one contributing rule.

/// A load, as WebKit's test helpers describe it.
struct TestRequest: Sendable, CustomStringConvertible {
    var url: String
    var page: String?
    var frame: String?
    var type: ResourceTypes
    var method: RequestMethod?
    var helper: String
    /// WebKit's test helpers always use child-frame.
    var context: LoadContexts = .childFrame

    var description: String { helper + (context == .childFrame ? "" : " in the top frame") }
}

struct MatchRow: Sendable {
    var request: TestRequest
    /// WebKit's actions, one per location, in WebKit's order.
    var expected: [String]
    /// Lists that did not see ignore-previous-rules (WebKit's stylesheet count); nil = all of them.
    var stylesheets: Int?
}

struct MatchGroup: Sendable {
    var name: String
    var lists: [[String]]
    /// The global display:none stylesheet's selectors of each list (WebKit
    /// §5.2); empty when the list has none.
    var globalSelectors: [[String]]
    var rows: [MatchRow]

    init(_ name: String, _ rules: [String], global: [String] = [], _ rows: [MatchRow]) {
        self.name = name
        self.lists = [rules]
        self.globalSelectors = [global]
        self.rows = rows
    }

    init(_ name: String, lists: [[String]], _ rows: [MatchRow]) {
        self.name = name
        self.lists = lists
        self.globalSelectors = lists.map { _ in [] }
        self.rows = rows
    }
}

struct MatchCase: Sendable, CustomTestStringConvertible {
    var group: MatchGroup
    var row: MatchRow
    var testDescription: String {
        "\(group.name): \(row.request) → \(row.expected)\(row.stylesheets.map { " ss=\($0)" } ?? "")"
    }
}

/// WebKit's test helpers (ContentExtensions.cpp's request makers and rule
/// writers) and the groups of cases made with them, in one namespace so
/// that their short names (`M`, `S`, `block`, `page`…) stay out of the
/// test module's.
enum WebKitMatching {
    /// The same request made in the top frame (load-context top-frame).
    static func inTopFrame(_ request: TestRequest) -> TestRequest {
        var request = request
        request.context = .topFrame
        return request
    }

    /// `mainDocumentRequest(url[, type])`: url = main document = frame.
    static func M(_ url: String, _ type: ResourceTypes = .topDocument) -> TestRequest {
        TestRequest(url: url, page: url, frame: url, type: type, method: nil,
                    helper: "M(\(url)\(type == .topDocument ? "" : ", \(type.names.joined())"))")
    }

    /// `subResourceRequest(url, main[, type])`: main document = frame = main.
    static func S(_ url: String, _ main: String, _ type: ResourceTypes = .childDocument) -> TestRequest {
        TestRequest(url: url, page: main, frame: main, type: type, method: nil,
                    helper: "S(\(url), \(main)\(type == .childDocument ? "" : ", \(type.names.joined())"))")
    }

    /// `requestInTopAndFrameURLs(url, top, frame[, type])`. (WebKit's optional
    /// ancestor list cannot be expressed; in every case below the result does not
    /// depend on ancestors other than the frame.)
    static func T(_ url: String, _ top: String, _ frame: String, _ type: ResourceTypes = .topDocument) -> TestRequest {
        TestRequest(url: url, page: top, frame: frame, type: type, method: nil,
                    helper: "T(\(url), top \(top), frame \(frame)\(type == .topDocument ? "" : ", \(type.names.joined())"))")
    }

    /// An explicit `ResourceLoadInfo`.
    static func I(_ url: String, _ main: String, _ frame: String, _ type: ResourceTypes, method: RequestMethod? = nil) -> TestRequest {
        TestRequest(url: url, page: main, frame: frame, type: type, method: method,
                    helper: "I(\(url), main \(main), frame \(frame), \(type.names.joined())\(method.map { ", \($0.rawValue)" } ?? ""))")
    }

    /// One rule's JSON; `filter` is written as in JSON text (backslashes doubled).
    static func rule(_ type: String, _ filter: String, _ trigger: String = "", action: String = "") -> String {
        #"{"action":{"type":""# + type + #"""# + (action.isEmpty ? "" : "," + action) + #"},"trigger":{"url-filter":""#
            + filter + #"""# + (trigger.isEmpty ? "" : "," + trigger) + "}}"
    }

    static func block(_ filter: String, _ trigger: String = "") -> String { rule("block", filter, trigger) }
    static func cookies(_ filter: String, _ trigger: String = "") -> String { rule("block-cookies", filter, trigger) }
    static func https(_ filter: String, _ trigger: String = "") -> String { rule("make-https", filter, trigger) }
    static func ignorePrevious(_ filter: String, _ trigger: String = "") -> String { rule("ignore-previous-rules", filter, trigger) }
    static func ignoreFollowing(_ filter: String, _ trigger: String = "") -> String { rule("ignore-following-rules", filter, trigger) }
    static func css(_ selector: String, _ filter: String, _ trigger: String = "") -> String {
        rule("css-display-none", filter, trigger, action: #""selector":""# + selector + #"""#)
    }
    static func notify(_ text: String, _ filter: String, _ trigger: String = "") -> String {
        rule("notify", filter, trigger, action: #""notification":""# + text + #"""#)
    }
    static func redirect(_ url: String, _ filter: String, _ trigger: String = "") -> String {
        rule("redirect", filter, trigger, action: #""redirect":{"url":""# + url + #""}"#)
    }

    static func row(_ request: TestRequest, _ expected: [String], ss: Int? = nil) -> MatchRow {
        MatchRow(request: request, expected: expected, stylesheets: ss)
    }
}
