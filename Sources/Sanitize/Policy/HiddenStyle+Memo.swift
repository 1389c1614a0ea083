import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HiddenStyle {
    /// The last page's hidden selectors with what was made of them (the
    /// selectors kept and the `<style>` element), for the next page: the
    /// rules give every page of a site the same css-display-none
    /// selectors, and checking, de-duplicating and writing them again cost
    /// each fixture result page about 35,000 instructions (callgrind), a
    /// twentieth of sanitizing it. One entry, shared by all threads; a
    /// page with other selectors makes its own and takes the entry over.
    enum Memo {
        private struct Entry: Sendable {
            /// The selectors as the rules decided them.
            let decided: [String]
            let kept: [String]
            let element: [UInt8]?
        }

        private static let last = Mutex<Entry?>(nil)

        /// `HTMLSanitizer.keptSelectors(decided)` and the style element
        /// hiding them, remembered for the same decided selectors.
        static func styled(_ decided: [String]) -> (kept: [String], element: [UInt8]?) {
            if let entry = last.withLock({ $0 }), sameBytes(entry.decided, decided) {
                return (entry.kept, entry.element)
            }
            let kept = HTMLSanitizer.keptSelectors(decided)
            let element = HiddenStyle.element(for: kept)
            last.withLock { $0 = Entry(decided: decided, kept: kept, element: element) }
            return (kept, element)
        }

        /// Whether two lists hold the same strings byte for byte (`==` on
        /// String is canonical equivalence, and two spellings of one
        /// selector would write different bytes).
        static func sameBytes(_ a: [String], _ b: [String]) -> Bool {
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) {
                var (x, y) = (x, y)
                let equal = x.withUTF8 { xBytes in
                    y.withUTF8 { yBytes in
                        xBytes.count == yBytes.count && (xBytes.isEmpty || memcmp(xBytes.baseAddress!, yBytes.baseAddress!, xBytes.count) == 0)
                    }
                }
                if !equal { return false }
            }
            return true
        }
    }
}
