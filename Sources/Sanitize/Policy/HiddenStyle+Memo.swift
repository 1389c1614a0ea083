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
            /// `HTMLSanitizer.charsetDeclaration` followed by `element`.
            let headPrefix: [UInt8]
        }

        private static let last = Mutex<Entry?>(nil)

        /// `HTMLSanitizer.keptSelectors(decided)`, the style element
        /// hiding them, and what the sanitizer writes first in a head (the
        /// charset declaration and the element), remembered for the same
        /// decided selectors. The head prefix is remembered too: joined
        /// for each page, it was an array made and grown, about 400
        /// instructions a page.
        static func styled(_ decided: [String]) -> (kept: [String], element: [UInt8]?, headPrefix: [UInt8]) {
            if let entry = last.withLock({ $0 }), sameBytes(entry.decided, decided) {
                return (entry.kept, entry.element, entry.headPrefix)
            }
            let kept = HTMLSanitizer.keptSelectors(decided)
            let element = HiddenStyle.element(for: kept)
            let headPrefix = HTMLSanitizer.charsetDeclaration + (element ?? [])
            last.withLock { $0 = Entry(decided: decided, kept: kept, element: element, headPrefix: headPrefix) }
            return (kept, element, headPrefix)
        }

        /// Whether two lists hold the same strings byte for byte (`==` on
        /// String is canonical equivalence, and two spellings of one
        /// selector would write different bytes).
        ///
        /// The rules hand out the same String values page after page (the
        /// engine's own selectors), so a pair is first compared as the two
        /// words a String is made of: equal words are the same small string
        /// or the same storage and count, the same bytes. Only a pair whose
        /// words differ is read byte by byte. Each pair read through
        /// `withUTF8` cost about 50 instructions, a retain and a release
        /// (fixture pages: 27 selectors, 1,200 instructions a page).
        static func sameBytes(_ a: [String], _ b: [String]) -> Bool {
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) {
                if sameRepresentation(x, y) { continue }
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

        /// Whether `x` and `y` are the same two words: then they hold the
        /// same bytes (the converse does not hold: equal bytes in two
        /// storages are two representations).
        @inline(__always)
        static func sameRepresentation(_ x: String, _ y: String) -> Bool {
            let (xWords, yWords) = (unsafeBitCast(x, to: (UInt64, UInt64).self), unsafeBitCast(y, to: (UInt64, UInt64).self))
            return xWords == yWords
        }
    }
}
