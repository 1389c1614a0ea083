import Lookup
import Vocabulary

/// Reading a result page (libxml2's HTML parser, limot's end-tag repair
/// called back from inside it, and the extractors) on arbitrary bytes.
///
/// What must hold: any bytes give an answer (no crash, no hang: libFuzzer's
/// timeout), the same bytes give the same answer twice (the repair leaves no
/// state behind in libxml2 or its thread), and every entry has a headword
/// and a translation with text in them.
public enum ResultPageCheck {
    public static func check(_ input: [UInt8]) throws(InvariantViolation) {
        for direction in [LookupDirection.germanToPersian, .persianToGerman] {
            let first = EntryExtractor.extract(page: input, profile: nil, direction: direction)
            let second = EntryExtractor.extract(page: input, profile: nil, direction: direction)
            if first.entries != second.entries || first.suggestions != second.suggestions {
                throw violation("the same page gives the same entries", "\(direction): \(first.entries.count) then \(second.entries.count) entries")
            }
            for entry in first.entries {
                if entry.headword.text.isEmpty || entry.translations.isEmpty || entry.translations.contains(where: { $0.text.isEmpty }) {
                    throw violation("every entry has a headword and translations with text", excerpt(String(describing: entry)))
                }
            }
        }
    }

    private static func violation(_ invariant: String, _ detail: String) -> InvariantViolation {
        InvariantViolation(target: .resultPage, invariant: invariant, detail: detail)
    }
}
