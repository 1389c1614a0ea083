import Synchronization

/// The reader's list as it stands, read again only when `user-rules.json`
/// or its notes changed (one `stat` of each): for the proxy's bar, which
/// asks on every page whether it is paused, and must not parse and check
/// the list each time.
public final class UserRulesSnapshot: Sendable {
    public let store: UserRuleStore
    private let memo = Mutex<(rules: FileStamp?, notes: FileStamp?, list: UserRules)?>(nil)
    /// The two files' paths, made once: the store builds each path anew
    /// when asked (two string concatenations a page, about 1,300
    /// instructions, callgrind).
    private let rulesFile: String
    private let notesFile: String

    public init(store: UserRuleStore) {
        self.store = store
        rulesFile = store.rulesFile
        notesFile = store.notesFile
    }

    /// The list; empty when it cannot be read (the rules page says why).
    public func current() -> UserRules {
        let stamps = (FileStamp(of: rulesFile), FileStamp(of: notesFile))
        if let memo = memo.withLock({ $0 }), memo.rules == stamps.0, memo.notes == stamps.1 { return memo.list }
        let list = (try? store.load()) ?? UserRules()
        memo.withLock { $0 = (stamps.0, stamps.1, list) }
        return list
    }
}
