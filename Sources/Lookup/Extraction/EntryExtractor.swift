import Vocabulary
/// Turns a result page into entries: the site profile's selectors first,
/// and when there is no profile, it has no selectors, or they find nothing
/// (the site changed its markup), the structural extractor, so that a
/// redesign degrades the output instead of emptying it.
public enum EntryExtractor {
    /// The entries of a result page (UTF-8 bytes, as `Fetch` delivers
    /// them) and, when it has none, the dictionary's suggestions.
    ///
    /// `direction` says which side is the headword: German for `de-fa`,
    /// Persian for `fa-de`.
    public static func extract(page: [UInt8], profile: SiteProfile?, direction: LookupDirection) -> (entries: [DictionaryEntry], suggestions: [String]) {
        let reader = PageReader(page: page, direction: direction)
        var entries: [DictionaryEntry] = []
        if let selectors = profile?.selectors {
            entries = ProfileExtractor(page: reader, selectors: selectors).entries()
        }
        if entries.isEmpty {
            entries = StructuralExtractor(page: reader).entries()
        }
        guard entries.isEmpty else { return (entries, []) }
        return ([], SuggestionFinder(page: reader).suggestions(selector: profile?.selectors.suggestion))
    }
}
