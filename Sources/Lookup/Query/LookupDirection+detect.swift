import Vocabulary
extension LookupDirection {
    /// The direction a query asks for: Persian to German when it has any
    /// letter of the Arabic script, German to Persian otherwise, so that
    /// `limot lookup خانه` needs no flag.
    public static func detect(_ query: String) -> LookupDirection {
        query.unicodeScalars.contains { Script($0) == .arabic && $0.properties.isAlphabetic } ? .persianToGerman : .germanToPersian
    }
}
