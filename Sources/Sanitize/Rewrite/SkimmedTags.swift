/// Start tags the rewriter's fast lane skimmed and copies as written,
/// remembered by where they stand in the input, so that a later tag with
/// the same bytes is known to be one without a second skim.
///
/// Result pages repeat their markup row after row (`<td class="fa"
/// dir="rtl" lang="fa">` 275 times on the 58 KB benchmark page), and a
/// skim reads every attribute's name, `=` and quoted value, about a
/// hundred instructions an attribute. The bytes from a tag's `<` to the
/// `>` that ends it decide all the skim finds: a tag in the data state
/// is read from its own bytes alone, whatever comes before or after.
/// So a tag whose bytes equal a remembered one's ends where that one
/// ended and has no attribute the rewriter changes; comparing the bytes
/// a word at a time costs a few instructions a word.
///
/// A few slots, each chosen by the tag's first bytes after its name: the
/// rows' different cells (`<td class="de">`, `<td class="fa" dir…>`) find
/// slots of their own, where one slot a name had them take each other's
/// place. A slot holds the last tag skimmed there; a miss costs the skim
/// it saves otherwise, and the look-up.
/// A class, so the slots are freed with the rewriter; copies of a
/// rewriter share them, and only the one that reads the page writes them.
final class SkimmedTags {
    /// A remembered tag: `count` bytes of the input from `start`, the
    /// first its `<` and the last the `>` that ends it. `count` is zero
    /// for an empty slot, which nothing matches (see `end(ofTagAt:)`).
    struct Entry {
        var start: Int
        var count: Int
    }

    /// How many slots (a power of two).
    static var slotCount: Int { 64 }

    private let entries: UnsafeMutablePointer<Entry>

    init() {
        entries = .allocate(capacity: Self.slotCount)
        entries.initialize(repeating: Entry(start: 0, count: 0), count: Self.slotCount)
    }

    deinit {
        entries.deallocate()  // an Entry holds no references: nothing to deinitialize
    }

    /// The slot of the tag whose name, packed in one word, is `name` and
    /// ends at `nameEnd`, chosen by that word and the sixteen bytes after
    /// the name, which the caller knows lie in `input`.
    @inline(__always)
    static func slot(name: UInt64, nameEnd: Int, sixteenReadableIn input: UnsafeBufferPointer<UInt8>) -> Int {
        let bytes = UnsafeRawPointer(input.baseAddress.unsafelyUnwrapped + nameEnd)
        let first = bytes.loadUnaligned(as: UInt64.self)
        let second = bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let mixed = (name &* 0x9E37_79B9_7F4A_7C15) ^ (first &* 0xC2B2_AE3D_27D4_EB4F) ^ (second &* 0x1656_67B1_9E37_79F9)
        return Int(truncatingIfNeeded: mixed >> 58) & (slotCount &- 1)
    }

    /// The index after the tag at `start` (its `<`) when its bytes are
    /// those of the tag remembered in `slot`; nil otherwise.
    @inline(__always)
    func end(ofTagAt start: Int, slot: Int, in input: UnsafeBufferPointer<UInt8>) -> Int? {
        let entry = entries[slot]
        // Eight bytes at least (an empty slot has none), and all in the input.
        guard entry.count >= 8, entry.count <= input.count &- start else { return nil }
        return Self.sameBytes(input, entry.start, start, count: entry.count) ? start &+ entry.count : nil
    }

    /// Remembers the tag at `start..<end` in `slot`.
    @inline(__always)
    func remember(_ start: Int, _ end: Int, slot: Int) {
        entries[slot] = Entry(start: start, count: end &- start)
    }

    /// Whether the `count` bytes of `input` from `first` and from `second`
    /// are the same, `count` at least eight and both runs in `input`: a
    /// word at a time, the last word the one that ends with the runs
    /// (read again where it overlaps the one before).
    @inline(__always)
    static func sameBytes(_ input: UnsafeBufferPointer<UInt8>, _ first: Int, _ second: Int, count: Int) -> Bool {
        assert(count >= 8 && first >= 0 && second >= 0 && first + count <= input.count && second + count <= input.count, "runs outside the input")
        let base = UnsafeRawPointer(input.baseAddress.unsafelyUnwrapped)
        let one = base + first, other = base + second
        var offset = 0
        while offset < count &- 8 {
            if one.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset &+= 8
        }
        return one.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == other.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }
}
