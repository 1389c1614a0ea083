import LimotJSON
import WebURL

/// The rules behind the proxy panel's "block" and "allow" on one line of a
/// page: for one address, or every address of its host.
extension UserRuleInput {
    /// What a rule made from the panel covers.
    public enum LoadScope: Sendable {
        /// This address exactly (its query included).
        case address
        /// Every address of the address's host and its subdomains.
        case host
    }

    /// A `block` rule for `address` (or its host), on every site: checked,
    /// as compact JSON.
    public static func blockRule(_ address: String, scope: LoadScope) throws(UserRuleError) -> String {
        try pageRule(address, scope: scope, action: "block", site: nil)
    }

    /// An `ignore-previous-rules` rule for `address` (or its host) on the
    /// pages of `site` (a host; `if-domain` with its subdomains): the
    /// reader's list applies after every other list, so it undoes their
    /// blocks for that load there and nowhere else.
    public static func allowRule(_ address: String, scope: LoadScope, onSite site: String) throws(UserRuleError) -> String {
        try pageRule(address, scope: scope, action: "ignore-previous-rules", site: try host(of: site))
    }

    private static func pageRule(_ address: String, scope: LoadScope, action: String, site: String?) throws(UserRuleError) -> String {
        guard let url = try? WebURL(address), url.scheme == "http" || url.scheme == "https", !url.hostname.isEmpty else {
            throw .badSite(address)
        }
        let host = escapeForURLFilter(url.hostname)
        let filter = switch scope {
        case .address: "^\(escapeForURLFilter(url.removingFragment.serialization))$"
        case .host: "^[a-z]+://([^/]*\\.)?\(host)[:/]"
        }
        var writer = JSONWriter()
        writer.object { writer in
            writer.member("trigger") { writer in
                writer.object { writer in
                    writer.member("url-filter") { $0.string(filter) }
                    if let site { writer.member("if-domain") { $0.array(["*" + site]) { $0.string($1) } } }
                }
            }
            writer.member("action") { writer in
                writer.object { $0.member("type") { $0.string(action) } }
            }
        }
        let rule = writer.text
        try check([rule], input: address)
        return rule
    }
}
