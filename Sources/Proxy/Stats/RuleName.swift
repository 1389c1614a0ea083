import ContentRules
import Subscriptions

/// One rule as a reader knows it: the list's name (`limot-ads`, `your
/// rules`, a subscription's name) and the rule's own text (the selector it
/// hides, the filter it was made from) where limot knows it, else its
/// number in the list — never the path of a file on disk.
struct RuleName: Sendable, Hashable {
    /// The list's name as the engine has it.
    var list: String
    /// The rule's index in its list.
    var index: Int
    /// The selector, AdBlock filter or JSON rule; nil when the compiled list
    /// keeps no text for it.
    var text: String?

    /// The list's name for a reader: a list given by path (`--rules
    /// /x/ads.json`) is named by its file's base name.
    var listLabel: String {
        guard list.contains("/") else { return list }
        let file = list.split(separator: "/").last.map(String.init) ?? list
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }

    /// The rule's text, else "rule N".
    var ruleLabel: String { text ?? "rule \(index)" }

    /// "list: text" as markup, both escaped.
    var html: String {
        #"<span class="limot-list">\#(HTMLEscaping.escape(listLabel)):</span> <code dir="ltr">\#(HTMLEscaping.escape(ruleLabel))</code>"#
    }

    /// Whether the rule is one of the reader's own.
    var isReadersOwn: Bool { list == UserRuleStore.listName }

    /// The name of a rule as `BlockLog` keeps it: `RuleReference`'s
    /// "source:LINE: rule N" (or "source: rule N"), or the sanitizer's
    /// "source#index".
    init?(logged text: String) {
        guard let marker = text.range(of: ": rule ", options: .backwards) else {
            self.init(sanitizerReference: text)
            return
        }
        guard let index = Int(text[marker.upperBound...]) else { return nil }
        var source = text[..<marker.lowerBound]
        if let colon = source.lastIndex(of: ":"), !source[source.index(after: colon)...].isEmpty,
           source[source.index(after: colon)...].allSatisfy(\.isNumber) {
            source = source[..<colon]
        }
        self.init(list: String(source), index: index)
    }

    /// The name of a rule the sanitizer reported as "source#index".
    ///
    /// The `#` is found among the bytes: every blocked load of every page
    /// is named here, and the search by Character took some 700
    /// instructions a name (callgrind). The name is the same: where the
    /// byte before the last `#` is not ASCII (a Character search could see
    /// that `#` as part of a cluster), it is read by Character as before.
    init?(sanitizerReference reference: String) {
        if let read = reference.utf8.withContiguousStorageIfAvailable(Self.readPlainReference) {
            guard let read else { return nil }
            if let (list, index) = read {
                self.init(list: list, index: index)
                return
            }
        }
        self.init(bytesSearchedReference: reference)
    }

    /// The usual reference read in its contiguous bytes: the list before
    /// the last `#`, the index after it made of ASCII digits only.
    ///
    /// Why: read through the String's views, the `#` search, the slices
    /// and `Int(Substring)` took some 1,000 instructions a name, six or so
    /// a page (callgrind, 100 pages at new addresses).
    ///
    /// nil: no `#`, no name. `.some(nil)`: anything else (a sign or more
    /// than 18 characters after the `#`, a byte before it that is not
    /// ASCII), read as before by `init(bytesSearchedReference:)`.
    private static func readPlainReference(_ bytes: UnsafeBufferPointer<UInt8>) -> (list: String, index: Int)?? {
        var hash = bytes.count - 1
        while hash >= 0, bytes[hash] != UInt8(ascii: "#") { hash -= 1 }
        guard hash >= 0 else { return nil }
        let digits = bytes.count - hash - 1
        guard (1...18).contains(digits), hash == 0 || bytes[hash - 1] < 0x80 else { return .some(nil) }
        var index = 0
        for byte in bytes[(hash + 1)...] {
            guard byte &- UInt8(ascii: "0") < 10 else { return .some(nil) }
            index = index * 10 + Int(byte &- UInt8(ascii: "0"))
        }
        return (String(decoding: UnsafeBufferPointer(rebasing: bytes[..<hash]), as: UTF8.self), index)
    }

    /// `init(sanitizerReference:)` through the String's UTF-8 view.
    private init?(bytesSearchedReference reference: String) {
        let bytes = reference.utf8
        guard let hash = bytes.lastIndex(of: UInt8(ascii: "#")) else { return nil }
        guard hash == bytes.startIndex || bytes[bytes.index(before: hash)] < 0x80 else {
            self.init(characterSearchedReference: reference)
            return
        }
        guard let index = Int(reference[bytes.index(after: hash)...]) else { return nil }
        self.init(list: String(reference[..<hash]), index: index)
    }

    /// `init(sanitizerReference:)` with the `#` found among the Characters.
    private init?(characterSearchedReference reference: String) {
        guard let hash = reference.lastIndex(of: "#"), let index = Int(reference[reference.index(after: hash)...]) else { return nil }
        self.init(list: String(reference[..<hash]), index: index)
    }

    init(_ reference: RuleReference, text: String? = nil) {
        self.init(list: reference.source, index: reference.index, text: text)
    }

    init(list: String, index: Int, text: String? = nil) {
        self.list = list
        self.index = index
        self.text = text
    }

    /// The name with the text of the reader's own rule filled in from their
    /// list as it stands (the filter it was made from, else its JSON).
    func withReadersText(_ rules: UserRules?) -> RuleName {
        guard text == nil, isReadersOwn, let rules, rules.active.indices.contains(index) else { return self }
        var named = self
        named.text = rules.active[index].note?.filter ?? rules.active[index].json
        return named
    }
}
