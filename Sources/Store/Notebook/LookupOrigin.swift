/// Where a lookup was made: kept with it so that a listing can tell a word
/// typed in the terminal from a page read through the proxy.
public enum LookupOrigin: String, Sendable, Equatable, Codable, CaseIterable {
    /// `limot lookup WORD`.
    case commandLine = "cli"
    /// A dictionary page served by `limot serve`.
    case proxy
}
