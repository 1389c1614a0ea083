import WebURL

/// What every decision of a load on one page works out from the page alone:
/// its registrable domain (the Public Suffix List look-up behind first- or
/// third-party), its domain keys and the domain conditions they meet (behind
/// `if-domain`/`unless-domain`).
///
/// A page has many loads (a corpus names a few hundred pages for thousands
/// of requests), and the look-up costs more than the rest of the
/// first-party test; `ContentRuleEngine.prepare(page:)` makes it once and
/// `decide(_:page:)` reads it, with the same decision as `decide(_:)`.
/// A class: it is handed to every load of its page, and a copy is then one
/// reference rather than one per string and array it holds.
public final class PreparedPage: Sendable {
    /// The page's URL.
    public let url: WebURL
    /// Where the registrable domain starts in the host; nil when it has none
    /// (an IP address, a public suffix), and then the whole host is its site.
    let registrableStart: Int?
    /// The page URL's domain keys (see `DomainKeys`).
    let domainKeys: [DomainKey]
    /// The engine's domain conditions the page meets, sorted
    /// (`DomainConditionIndex.conditionsMet`): most loads ask about one, and
    /// would otherwise look them up again, each with an array of its own.
    let domainConditions: [Int32]

    init(url: WebURL, registrableStart: Int?, domainKeys: [DomainKey], domainConditions: [Int32]) {
        (self.url, self.registrableStart, self.domainKeys, self.domainConditions) = (url, registrableStart, domainKeys, domainConditions)
    }
}

extension ContentRuleEngine {
    /// The facts of `page` that `decide(_:page:)` reads, by this engine's Public Suffix List.
    public func prepare(page: WebURL) -> PreparedPage {
        var serialization = page.serialization
        return serialization.withUTF8 { bytes in
            let host = UnsafeBufferPointer(rebasing: bytes[page.hostnameRange])
            let keys = bytes.isEmpty ? [] : DomainKeys.extract(from: bytes)
            return PreparedPage(url: page, registrableStart: host.isEmpty ? nil : publicSuffixList.registrableDomainStart(inASCII: host),
                                domainKeys: keys, domainConditions: keys.withUnsafeBufferPointer { domainConditions.conditionsMet(by: $0, in: bytes) })
        }
    }
}
