import Synchronization
import WebURL

/// Where the proxy may send requests on a page's behalf.
///
/// Only http and https; never an IP-literal loopback, private or link-local
/// address (DNS names resolving to them are refused by the fetcher at connect
/// time); and only the dictionary site or hosts that its pages were seen to
/// use, so the proxy cannot be used to reach arbitrary hosts.
public final class UpstreamPolicy: Sendable {
    public let siteHost: String
    private let knownHosts = Mutex(Set<String>())
    /// Bound on remembered hosts.
    public let capacity: Int

    public init(siteHost: String, capacity: Int = 10_000) {
        self.siteHost = siteHost
        self.capacity = capacity
    }

    /// Remembers hosts a served page routes subresources through.
    public func learn(_ hosts: Set<String>) {
        guard !hosts.isEmpty else { return }
        knownHosts.withLock { known in
            guard known.count < capacity else { return }
            known.formUnion(hosts)
        }
    }

    /// Why `url` may not be fetched, or nil when it may.
    public func refusal(for url: WebURL, requireKnownHost: Bool) -> String? {
        guard url.scheme == "http" || url.scheme == "https" else {
            return "only http and https addresses are fetched, not \(url.scheme):"
        }
        if let address = url.host?.ipAddress, address.isPrivateOrLocal || address.isLoopback {
            return "\(address) is a loopback or private address; limot does not fetch those on a page's behalf"
        }
        // The host's name made only when it is asked about: a page of the
        // site (every page the reader opens) is not, and making the name is
        // a String each time (about 900 instructions a page, callgrind).
        guard requireKnownHost else { return nil }
        let host = url.hostname
        if host != siteHost, !knownHosts.withLock({ $0.contains(host) }) {
            return "\(host) is not a host that the dictionary's pages use"
        }
        return nil
    }
}
