import Foundation
import Synchronization

/// What each page a browser session opened lately blocked, hid, loaded or
/// had allowed by an exception, with the rules that decided: the panel
/// behind the bar's "N blocked" (`/_limot/page/ID`).
///
/// A page is begun when the proxy serves its document (with what the
/// sanitizer blocked or hid in the markup); its later loads through
/// `/_limot/sub/…` are added to the newest page of the same session and
/// address (the browser's `Referer`, which limot's `Referrer-Policy:
/// same-origin` keeps). Memory is bounded: a few pages per session, a few
/// sessions, and a cap on lines per page and outcome (the panel says how many it left out).
final class PageLog: Sendable {
    struct Limits: Sendable {
        var pagesPerSession = 8
        var sessions = 16
        var linesPerOutcome = 100
        /// Longer addresses (or selectors) are counted as left out, not kept.
        var lineBytes = 2048
        init() {}
    }

    private struct State {
        var pages: [String: [PageRecord]] = [:]
        /// Sessions, least recently used first.
        var order: [String] = []
    }
    private let state = Mutex(State())
    let limits: Limits

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Begins the record of a page served to `session` at `address` (the
    /// site's URL), with what its markup already decided; returns its id.
    @discardableResult
    func begin(session: String, address: String, loads: [PageLoad], id: String = PageLog.newID()) -> String {
        var record = PageRecord(id: id, address: address, opened: Date(), expectedLoads: loads.count)
        for load in loads { record.add(load, limits: limits) }
        state.withLock { state in
            // The session's pages taken out, added to and put back: read
            // while still stored, they were copied by the append. A session
            // is in `order` exactly when it has pages, so the order is
            // searched only for a session it holds: a reader without a
            // cookie begins a new session with every page, and comparing
            // its id with the 16 kept cost some 1,900 instructions (callgrind).
            var pages: [PageRecord] = []
            if let kept = state.pages.removeValue(forKey: session) {
                pages = kept
                state.order.removeAll { $0 == session }
            }
            state.order.append(session)
            pages.append(record)
            if pages.count > limits.pagesPerSession { pages.removeFirst(pages.count - limits.pagesPerSession) }
            state.pages[session] = pages
            while state.order.count > limits.sessions {
                state.pages[state.order.removeFirst()] = nil
            }
        }
        return id
    }

    /// Adds a load to the newest page of `session` at `address`; false when
    /// there is none (a page forgotten, or never served to this session).
    @discardableResult
    func record(_ load: PageLoad, session: String, address: String) -> Bool {
        state.withLock { state in
            guard var pages = state.pages[session], let index = pages.lastIndex(where: { $0.address == address }) else { return false }
            pages[index].add(load, limits: limits)
            state.pages[session] = pages
            return true
        }
    }

    /// The page `id`, if it is one of `session`'s kept pages.
    func page(id: String, session: String) -> PageRecord? {
        state.withLock { $0.pages[session]?.first { $0.id == id } }
    }

    /// `session`'s kept pages, newest first.
    func recent(session: String) -> [PageRecord] {
        state.withLock { $0.pages[session]?.reversed() ?? [] }
    }

    /// A page id: 64 random bits as hex, enough that one session's ids
    /// never collide (the ids are not secrets: a page is shown only to its
    /// own session).
    static func newID() -> String {
        Exchange.hexDigits(RandomBytes.word())
    }
}

/// One page's record: its lines in the order they happened.
struct PageRecord: Sendable {
    let id: String
    /// The site's address of the page.
    let address: String
    let opened: Date
    private(set) var loads: [PageLoad] = []
    /// Distinct lines not kept past the cap.
    private(set) var dropped = 0

    /// `expectedLoads`: room for the lines the page begins with, allocated once.
    init(id: String, address: String, opened: Date, expectedLoads: Int = 0) {
        self.id = id
        self.address = address
        self.opened = opened
        loads.reserveCapacity(expectedLoads)
    }

    /// Adds `load`, or counts it on the line with the same address, type
    /// and outcome (an image shown twice is one line, ×2). At most
    /// `linesPerOutcome` lines of each outcome are kept, so many hides
    /// leave room for loads.
    mutating func add(_ load: PageLoad, limits: PageLog.Limits) {
        if load.what.utf8.count > limits.lineBytes {
            dropped += 1
        } else if let index = loads.firstIndex(where: { $0.isSameLine(as: load) }) {
            loads[index].count += load.count
        } else if loads.lazy.filter({ $0.outcome == load.outcome }).count < limits.linesPerOutcome {
            loads.append(load)
        } else {
            dropped += 1
        }
    }

    /// The lines with `outcome`.
    func loads(_ outcome: PageLoad.Outcome) -> [PageLoad] {
        loads.filter { $0.outcome == outcome }
    }
}

/// One line of a page's record.
struct PageLoad: Sendable, Equatable {
    enum Outcome: String, Sendable, CaseIterable {
        /// A rule blocked the load (in the markup, or when it was requested).
        case blocked
        /// Loaded through the proxy, no rule against it.
        case loaded
        /// Elements hidden by css-display-none rules (`what` is the selector).
        case hidden
        /// Loaded because an `ignore-previous-rules` undid a rule's block.
        case allowed
    }

    /// The URL loaded, or the selector hidden.
    var what: String
    /// The resource type (`image`, `script`, …), or `selector`.
    var type: String
    var outcome: Outcome
    /// The rules that decided, as a reader knows them.
    var rules: [RuleName]
    var count = 1

    init(what: String, type: String, outcome: Outcome, rules: [RuleName] = []) {
        self.what = what
        self.type = type
        self.outcome = outcome
        self.rules = rules
    }

    func isSameLine(as other: PageLoad) -> Bool {
        what == other.what && type == other.type && outcome == other.outcome
    }
}
