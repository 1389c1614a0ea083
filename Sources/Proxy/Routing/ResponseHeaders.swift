import HTTPTypes
import Hummingbird

/// The headers every response carries, and the Content-Security-Policy that
/// keeps the browser from reaching any origin but the proxy's: whatever the
/// rules miss still cannot leak.
enum ResponseHeaders {
    /// The policy for pages: scripts need the per-response nonce or come
    /// from the proxy; everything else from the proxy only.
    ///
    /// Two policies, both enforced (a comma joins them): a script of the
    /// site can read the nonce and give it to a script it inserts from an
    /// ad host, which the first policy alone would let load. The second
    /// allows external scripts from the proxy only, so a nonce opens inline
    /// scripts and nothing else.
    static func pagePolicy(nonce: String) -> String {
        String(concatenating: pagePolicyBeforeNonce, nonce, pagePolicyAfterNonce)
    }

    /// `pagePolicy(nonce:)` but for the nonce, made once, not per page.
    private static let pagePolicyBeforeNonce = "default-src 'self'; script-src 'self' 'nonce-"
    private static let pagePolicyAfterNonce = "'; style-src 'self' 'unsafe-inline'; "
        + "img-src 'self' data: blob:; font-src 'self' data:; media-src 'self' blob:; connect-src 'self'; "
        + "frame-src 'self'; worker-src 'self' blob:; manifest-src 'self'; object-src 'none'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'self', "
        + "script-src 'self' 'unsafe-inline'"

    /// The policy for everything else (images, scripts, CSS as files): an
    /// SVG or HTML opened on its own cannot run or load anything.
    static let resourcePolicy = "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; sandbox"

    /// An HTML page: UTF-8, not stored (so the browser's back button asks
    /// again and the bar stays in step), with the page policy. `body` is
    /// sent as it is (`PageBody` writes a page into it once).
    static func html(status: Int, body: ByteBuffer, nonce: String, extra: HTTPFields = HTTPFields()) -> Response {
        var headers = extra
        headers.reserveCapacity(extra.count + roomForOwnFields)
        let policy = HTTPField(name: .contentSecurityPolicy, value: pagePolicy(nonce: nonce))
        if extra.isEmpty {
            // No field to replace: appended in the order setting them would put them.
            headers.append(htmlContentType)
            headers.append(noStore)
            headers.append(policy)
            headers.append(noSniff)
            headers.append(sameOriginReferrer)
        } else {
            set(htmlContentType, in: &headers)
            set(noStore, in: &headers)
            set(policy, in: &headers)
            common(&headers)
        }
        return Response(status: .init(code: status), headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// A subresource or non-HTML answer passed on.
    static func resource(status: Int, contentType: String, body: [UInt8], extra: HTTPFields = HTTPFields()) -> Response {
        var headers = extra
        headers.reserveCapacity(extra.count + roomForOwnFields)
        headers[.contentType] = contentType
        set(resourcePolicyField, in: &headers)
        common(&headers)
        return Response(status: .init(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A short plain-text answer for subresources (blocked, refused, failed).
    static func text(status: Int, _ message: String, extra: HTTPFields = HTTPFields()) -> Response {
        resource(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8), extra: extra)
    }

    /// Room for the fields set here and those added on the way out (the
    /// session cookie, the server's Content-Length): the list is allocated
    /// once, not grown field by field (four allocations a page).
    private static let roomForOwnFields = 8

    private static func common(_ headers: inout HTTPFields) {
        set(noSniff, in: &headers)
        set(sameOriginReferrer, in: &headers)
    }

    /// The fields whose value never changes, made once: a field made from a
    /// String checks every byte of its value (`HTTPField.Value.isLegal`), and
    /// the name Referrer-Policy was checked too, on every response (a page's
    /// headers 16,100 -> 13,900 instructions, callgrind).
    private static let htmlContentType = HTTPField(name: .contentType, value: "text/html; charset=utf-8")
    private static let noStore = HTTPField(name: .cacheControl, value: "no-store")
    private static let resourcePolicyField = HTTPField(name: .contentSecurityPolicy, value: resourcePolicy)
    private static let noSniff = HTTPField(name: .xContentTypeOptions, value: "nosniff")
    private static let sameOriginReferrer = HTTPField(name: HTTPField.Name("Referrer-Policy")!, value: "same-origin")

    /// Puts `field` in `headers` as `headers[field.name] = field.value`
    /// does, in place of the fields of its name or else at the end, with
    /// the field as it is (its value not checked again).
    ///
    /// Only for extra fields: asking a list for a name builds its index of
    /// names, about 700 instructions a field on a page (callgrind), so a
    /// page with no extra fields (every page of the site) appends its own.
    private static func set(_ field: HTTPField, in headers: inout HTTPFields) {
        if headers.contains(field.name) {
            headers[fields: field.name] = [field]
        } else {
            headers.append(field)
        }
    }

    /// Names limot's own headers.
    static let blockedHeader = HTTPField.Name("X-Limot-Blocked")!
}
