import HTTPTypes
import Fetch
import Foundation
import Hummingbird
import Sanitize
import Subscriptions
import WebURL

/// One request and what its response needs beyond the body: the browser
/// session, the theme in effect, cookies to set, and what was blocked.
struct Exchange {
    let request: Request
    let core: ProxyCore
    /// The browser session (cookie `limot_session`), created if missing.
    let session: String
    private let sessionIsNew: Bool
    /// The theme in effect: the bar's toggle (cookie) or `--theme`.
    let theme: Theme
    /// The rules this request is decided with, read once at its start: a
    /// swap while it runs does not change them.
    let rules: RuleEngineSlot.Rules
    /// Every `Cookie` header value the browser sent.
    let browserCookies: [String]
    var setCookies: [String] = []
    var blockedCount = 0

    static let sessionCookie = "limot_session"
    /// What follows the session cookie's value: kept for a year, so that a
    /// browser restarted (or a proxy restarted) finds its history again.
    private static let sessionCookieAttributes = "; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax"

    init(request: Request, core: ProxyCore) {
        self.request = request
        self.core = core
        rules = core.configuration.rules.current
        browserCookies = request.headers[values: .cookie]
        if let id = CookieForwarding.ownCookie(Self.sessionCookie, in: browserCookies), Self.isSessionID(id) {
            session = id
            sessionIsNew = false
        } else {
            session = Self.newToken()
            sessionIsNew = true
            core.sessions.begin(session)
        }
        theme = CookieForwarding.ownCookie(Theme.cookieName, in: browserCookies).flatMap(Theme.init(rawValue:)) ?? core.configuration.theme
    }

    /// Whether a session cookie's value names a session: 32 hex digits (as
    /// `Character.isHexDigit` has them, fullwidth ones too). The ASCII ones
    /// every browser sends back are checked as bytes, not as Characters
    /// (some 11,000 instructions a request, callgrind).
    static func isSessionID(_ id: String) -> Bool {
        if id.utf8.count == 32, id.utf8.allSatisfy({ byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }) { return true }
        return id.count == 32 && id.allSatisfy(\.isHexDigit)
    }

    /// 128 random bits as hex: session ids and CSP nonces.
    static func newToken() -> String {
        let (high, low) = RandomBytes.twoWords()
        return hexDigits(high, low)
    }

    /// `high` and then `low` (if given) as 16 lower-case hex digits each,
    /// written straight into the string: every page takes two or three
    /// (tokens, `PageLog`'s page id).
    static func hexDigits(_ high: UInt64, _ low: UInt64? = nil) -> String {
        String(unsafeUninitializedCapacity: low == nil ? 16 : 32) { out in
            writeHexDigits(of: high, into: out, at: 0)
            guard let low else { return 16 }
            writeHexDigits(of: low, into: out, at: 16)
            return 32
        }
    }

    private static func writeHexDigits(of value: UInt64, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        for position in 0..<16 {
            out[start + position] = digits[Int(truncatingIfNeeded: value >> UInt64(60 - 4 * position)) & 0xF]
        }
    }

    private static let digits = Array("0123456789abcdef".utf8)

    /// Adds the session cookie when the browser had none. The response is
    /// taken (`consuming`), so that its headers are added to in place.
    func finish(_ response: consuming Response) -> Response {
        var response = response
        if sessionIsNew {
            response.headers.append(HTTPField(name: .setCookie, value: String(concatenating: Self.sessionCookie, "=", session, Self.sessionCookieAttributes)))
        }
        for cookie in setCookies { response.headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return response
    }

    /// A value of the request's query.
    func queryValue(_ name: String) -> String? {
        WebURL.formValue(name, inQuery: request.uri.query)
    }

    /// The bar for the page on screen; `nonce` is the response's CSP nonce.
    /// `page` is the address of the site's page on screen (the bar offers
    /// to pause filtering there), nil on limot's own pages; `pageID` names
    /// its record in `PageLog` (the "N blocked" link opens its panel).
    func bar(blockedOnPage: Int, query: String = "", nonce: String, copy: CopyNotice? = nil, page: String? = nil, pageID: String? = nil) -> String {
        String(decoding: barBytes(blockedOnPage: blockedOnPage, query: query, nonce: nonce, copy: copy, page: page, pageID: pageID), as: UTF8.self)
    }

    /// `bar(…)` as UTF-8 bytes, which `PageBody` copies into a page's
    /// response as they are (a String would be copied once more).
    func barBytes(blockedOnPage: Int, query: String = "", nonce: String, copy: CopyNotice? = nil, page: String? = nil, pageID: String? = nil) -> [UInt8] {
        let history = core.sessions.history(session)
        let pause = page.map { page in
            (address: page, pause: PauseState(page: page, rules: core.userRulesSnapshot?.current() ?? UserRules()))
        }
        var out: [UInt8] = []
        // The bar is about 3 KB: one allocation, not one per doubling.
        out.reserveCapacity(4096)
        if let copy { out += copy.html().utf8 }
        NavigationBar(
            canGoBack: history.canGoBack, canGoForward: history.canGoForward,
            currentPath: request.uri.string, theme: theme, blockedOnPage: blockedOnPage, query: query, page: pause,
            pickerScript: core.configuration.stylesheets.pickerPath,
            panelPath: pageID.map { "/_limot/page/\($0)" }
        ).write(nonce: nonce, into: &out)
        return out
    }

    /// One of limot's own pages (an error or the report) with theme and bar.
    func page(_ error: ProxyError, withBar: Bool = true) -> Response {
        page(error.page, status: error.status, withBar: withBar)
    }

    func page(_ page: ProxyPage, status: Int, withBar: Bool = true, copy: CopyNotice? = nil) -> Response {
        let nonce = Self.newToken()
        let head = core.pageHeads.head(theme: theme, withBar: withBar)
        let html = page.render(headStart: head.beforeNonce + nonce + head.afterNonce, bar: withBar ? bar(blockedOnPage: 0, nonce: nonce, copy: copy) : "")
        return ResponseHeaders.html(status: status, body: ByteBuffer(string: html), nonce: nonce)
    }

    /// A redirect the browser follows with GET (303).
    func redirect(to location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }
}
