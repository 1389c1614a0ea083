import WebURL

/// Which addresses a transfer may connect to: the SSRF guard.
///
/// A page may link to any URL, and the proxy fetches what pages link to, so
/// without this guard a page could make limot reach the user's router, a
/// database on loopback, or a cloud metadata service. The check runs on the
/// address curl is about to connect to (after DNS resolution, from curl's
/// open-socket callback), so a public name that resolves to 127.0.0.1 is
/// refused as well as a literal `http://127.0.0.1/`.
///
/// The user's own connect-to mapping is trusted, but only for its target:
/// the policy allows that one address (or, for a target given by name,
/// whatever the name resolves to) and still checks any other, so a URL that
/// looks mapped but that curl does not map after all gains nothing.
struct AddressPolicy: Sendable {
    /// What a connect-to mapping makes trusted for one transfer.
    enum TrustedTarget: Sendable, Equatable {
        /// The mapping's target is this address.
        case address(IPAddress)
        /// The mapping's target is a name; the user vouches for its addresses.
        case anyAddress
    }

    /// Whether non-public addresses are refused at all.
    var refusesPrivateAddresses: Bool
    var trustedTarget: TrustedTarget?

    init(refusesPrivateAddresses: Bool, trustedTarget: TrustedTarget? = nil) {
        self.refusesPrivateAddresses = refusesPrivateAddresses
        self.trustedTarget = trustedTarget
    }

    /// The trust a mapping to `target` ("127.0.0.1", "[::1]", "localhost") gives.
    static func trust(forTarget target: String) -> TrustedTarget {
        IPAddress(target).map { .address($0) } ?? .anyAddress
    }

    /// Why `address` must not be connected to, or nil when it may be.
    func refusal(of address: IPAddress) -> String? {
        guard refusesPrivateAddresses else { return nil }
        switch trustedTarget {
        case .anyAddress: return nil
        case .address(let trusted) where trusted == address: return nil
        default: return AddressPolicy.nonPublicKind(of: address)
        }
    }

    /// The kind of non-public address ("a loopback address", …), or nil for a
    /// public one. Adds multicast, broadcast and the reserved 240/4 block to
    /// `IPAddress.isPrivateOrLocal`, none of which a web page may reach.
    static func nonPublicKind(of address: IPAddress) -> String? {
        if address.isLoopback { return "a loopback address" }
        if case .v4(let a) = address, a >> 24 == 0 { return "an unspecified address" }
        if case .v6(let p) = address, p.allSatisfy({ $0 == 0 }) { return "an unspecified address" }
        if address.isPrivateOrLocal { return "a private or link-local address" }
        let v4: UInt32? =
            switch address {
            case .v4(let a): a
            case .v6: address.ipv4Mapped
            }
        if let a = v4 {
            if a >> 28 == 0xE { return "a multicast address" }
            if a >> 28 == 0xF { return "a reserved or broadcast address" }
        } else if case .v6(let p) = address, p.first.map({ $0 >> 8 == 0xFF }) == true {
            return "a multicast address"
        }
        return nil
    }
}
