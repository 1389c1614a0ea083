/// A sanitized page with holes for what differs per response: the CSP nonce,
/// the head injection (theme, color-scheme) and the body-end injection (the
/// navigation bar). Cached per upstream body; rendered per response.
public struct SanitizedDocument: Sendable {
    public enum Segment: Sendable, Equatable {
        case bytes([UInt8])
        /// The nonce value, inside `nonce="…"` of each kept inline script.
        case nonce
        /// Right after `<head>`'s start tag: the first bytes of the head.
        case headStart
        /// Right before `</body>` (or at the end).
        case bodyEnd
    }
    public var segments: [Segment]
    public var blocked: [BlockedResource]
    /// The css-display-none selectors applied (already in the page as one
    /// `<style>`), for reports.
    public var hiddenSelectors: [String]
    /// Hosts of the subresources the page routes through the proxy; the proxy
    /// serves subresources of these hosts only.
    public var subresourceHosts: Set<String>
    /// The text of the page's `<title>`, for history listings.
    public var title: String?
    public init(segments: [Segment], blocked: [BlockedResource], hiddenSelectors: [String], subresourceHosts: Set<String>) {
        self.segments = segments
        self.blocked = blocked
        self.hiddenSelectors = hiddenSelectors
        self.subresourceHosts = subresourceHosts
    }

    /// The page's bytes with the holes filled. `headStart` and `bodyEnd` are
    /// inserted as given (the caller escapes what it puts there); `nonce` must
    /// be base64 or hex.
    public func render(nonce: String, headStart: String, bodyEnd: String) -> [UInt8] {
        var size = 0
        for segment in segments {
            switch segment {
            case .bytes(let bytes): size += bytes.count
            case .nonce: size += nonce.utf8.count
            case .headStart: size += headStart.utf8.count
            case .bodyEnd: size += bodyEnd.utf8.count
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(size)
        for segment in segments {
            switch segment {
            case .bytes(let bytes): out += bytes
            case .nonce: out += nonce.utf8
            case .headStart: out += headStart.utf8
            case .bodyEnd: out += bodyEnd.utf8
            }
        }
        return out
    }
}
