import Synchronization
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
    /// The list `registrableStart` is looked up in.
    private let publicSuffixList: PublicSuffixList
    /// `registrableStart` once looked up (-1 for nil), or `notLookedUp`.
    /// Looked up the first time a load needs it, not when the page is
    /// prepared: most pages' loads are first or third party whatever the
    /// list says (`ResourceRequest.isOnAnotherSiteByAnyList`). Two threads
    /// that both look it up store the same value.
    private let lookedUp = Atomic<Int>(PreparedPage.notLookedUp)
    private static let notLookedUp = -2
    /// The page URL's domain keys (see `DomainKeys`).
    ///
    /// This and `domainConditions` are kept in memory of the page's own,
    /// written in `init` and read-only afterwards, rather than as arrays:
    /// every decision borrows both, and each array's buffer was retained
    /// and released for the borrow (about 47 instructions a decision,
    /// p58k-images in `profile_sanitize.sh`, callgrind).
    nonisolated(unsafe) let domainKeys: UnsafeBufferPointer<DomainKey>
    /// The engine's domain conditions the page meets, sorted
    /// (`DomainConditionIndex.conditionsMet`): most loads ask about one, and
    /// would otherwise look them up again, each with an array of its own.
    nonisolated(unsafe) let domainConditions: UnsafeBufferPointer<Int32>

    /// Prepares the page at `url`, whose serialisation is `bytes`; its
    /// domain keys and the conditions they meet in `conditions`, unless nil
    /// (an engine without domain conditions reads none).
    ///
    /// The keys are counted, then written straight into the page's memory:
    /// an array of them, copied, was one allocation more a page (ordo-one's
    /// malloc counters).
    init(url: WebURL, bytes: UnsafeBufferPointer<UInt8>, publicSuffixList: PublicSuffixList, conditions: DomainConditionIndex?) {
        (self.url, self.publicSuffixList) = (url, publicSuffixList)
        guard let conditions, !bytes.isEmpty else {
            (domainKeys, domainConditions) = (UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0))
            return
        }
        var count = 0
        DomainKeys.forEach(in: bytes) { _ in count += 1 }
        guard count > 0 else {
            (domainKeys, domainConditions) = (UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0))
            return
        }
        let keys = UnsafeMutableBufferPointer<DomainKey>.allocate(capacity: count)
        var written = 0
        DomainKeys.forEach(in: bytes) { key in
            precondition(written < count, "a page's domain keys were counted short")
            (keys.baseAddress! + written).initialize(to: key)
            written += 1
        }
        domainKeys = UnsafeBufferPointer(keys)
        domainConditions = Self.copy(conditions.conditionsMet(by: domainKeys, in: bytes))
    }

    deinit {
        domainKeys.deallocate()
        domainConditions.deallocate()
    }

    /// `values` in memory of their own (none allocated for no values).
    private static func copy<Value: BitwiseCopyable>(_ values: [Value]) -> UnsafeBufferPointer<Value> {
        if values.isEmpty { return UnsafeBufferPointer(start: nil, count: 0) }
        let copy = UnsafeMutableBufferPointer<Value>.allocate(capacity: values.count)
        _ = copy.initialize(from: values)
        return UnsafeBufferPointer(copy)
    }

    /// Where the registrable domain starts in the host; nil when it has none
    /// (an IP address, a public suffix, no host), and then the whole host is its site.
    var registrableStart: Int? {
        var known = lookedUp.load(ordering: .relaxed)
        if known == Self.notLookedUp {
            var serialization = url.serialization
            known = serialization.withUTF8 { bytes in
                let host = UnsafeBufferPointer(rebasing: bytes[url.hostnameRange])
                return host.isEmpty ? -1 : publicSuffixList.registrableDomainStart(inASCII: host) ?? -1
            }
            lookedUp.store(known, ordering: .relaxed)
        }
        return known < 0 ? nil : known
    }
}

extension ContentRuleEngine {
    /// The facts of `page` that `decide(_:page:)` reads, by this engine's Public Suffix List.
    public func prepare(page: WebURL) -> PreparedPage {
        var serialization = page.serialization
        return serialization.withUTF8 { bytes in
            PreparedPage(url: page, bytes: bytes, publicSuffixList: publicSuffixList, conditions: readsDomainKeys ? domainConditions : nil)
        }
    }
}
