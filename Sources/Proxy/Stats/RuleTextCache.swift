import ContentRules
import Synchronization

/// The texts of the rules the proxy's pages have named, read back from the
/// lists' files (`RuleText`) once and kept while the rules stay the same:
/// reading EasyList again for every view of `/_limot/stats` would take a
/// second.
final class RuleTextCache: Sendable {
    private struct Key: Hashable {
        var list: String
        var index: Int
    }

    private struct State {
        /// The rules the texts were read for; other rules start afresh.
        var fingerprint: String?
        /// Each rule's text; `nil` for a rule its file no longer holds.
        var texts: [Key: String?] = [:]
    }

    /// Texts kept at most: a few pages' worth of rules, not a whole list.
    static let capacity = 4096

    private let state = Mutex(State())

    /// `names` with the text of each rule its list's file holds filled in
    /// (names that have one keep theirs); each list's file is read at most
    /// once per call, and not at all when every rule asked for is known.
    func named(_ names: [RuleName], rules: RuleEngineSlot.Rules) -> [RuleName] {
        let wanted = Set(names.filter { $0.text == nil && rules.listFiles[$0.list] != nil }.map { Key(list: $0.list, index: $0.index) })
        var known = state.withLock { state -> [Key: String?] in
            if state.fingerprint != rules.fingerprint {
                state = State(fingerprint: rules.fingerprint)
            }
            return state.texts.filter { wanted.contains($0.key) }
        }
        let missing = Dictionary(grouping: wanted.filter { known[$0] == nil }, by: \.list)
        if !missing.isEmpty {
            var read: [Key: String?] = [:]
            for (list, keys) in missing {
                guard let path = rules.listFiles[list] else { continue }
                let texts = RuleText.texts(inFile: path, indexes: Set(keys.map(\.index)))
                for key in keys { read[key] = .some(texts[key.index]) }
            }
            known.merge(read) { _, new in new }
            state.withLock { state in
                guard state.fingerprint == rules.fingerprint else { return }
                if state.texts.count + read.count > Self.capacity { state.texts.removeAll(keepingCapacity: true) }
                state.texts.merge(read) { _, new in new }
            }
        }
        return names.map { name in
            guard name.text == nil, let text = known[Key(list: name.list, index: name.index)] ?? nil else { return name }
            var named = name
            named.text = text
            return named
        }
    }
}
