/// One browser session's back-forward list, kept on the server so the bar's
/// back, forward and home work without JavaScript.
///
/// A pure state machine: the proxy tells it what the browser showed
/// (`recordVisit`) or what the bar asked for (`goBack`, `goForward`), and it
/// answers where to go. It behaves like a browser's list: navigating after
/// going back drops the forward entries; a visit of the entry just before or
/// after the current one is the browser's own back or forward button (pages
/// are served `no-store`, so the browser asks again), which keeps the bar in
/// step with what is on screen.
public struct SessionHistory: Sendable, Equatable {
    /// The upstream URLs of the pages seen, oldest first.
    public private(set) var entries: [String] = []
    /// The entry on screen; -1 while empty.
    public private(set) var index = -1
    /// Oldest entries are dropped beyond this many.
    public let capacity: Int

    /// How a visit was understood.
    public enum Visit: Sendable, Equatable {
        /// A new page: forward entries were dropped.
        case new
        /// The current page again.
        case reload
        /// The entry before the current one (the browser's back button).
        case back
        /// The entry after the current one (the browser's forward button).
        case forward
    }

    public init(capacity: Int = 200) {
        self.capacity = max(2, capacity)
    }

    /// Restores a list (from storage); `index` is clamped into range.
    public init(entries: [String], index: Int, capacity: Int = 200) {
        self.capacity = max(2, capacity)
        self.entries = Array(entries.suffix(self.capacity))
        let dropped = entries.count - self.entries.count
        self.index = self.entries.isEmpty ? -1 : min(max(index - dropped, 0), self.entries.count - 1)
    }

    /// The page on screen, if any.
    public var current: String? { index >= 0 ? entries[index] : nil }
    public var canGoBack: Bool { index > 0 }
    public var canGoForward: Bool { index >= 0 && index < entries.count - 1 }

    /// The browser showed `url` as a top-level page.
    @discardableResult
    public mutating func recordVisit(_ url: String) -> Visit {
        if url == current { return .reload }
        if canGoBack, entries[index - 1] == url {
            index -= 1
            return .back
        }
        if canGoForward, entries[index + 1] == url {
            index += 1
            return .forward
        }
        entries.removeSubrange((index + 1)...)
        entries.append(url)
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        index = entries.count - 1
        return .new
    }

    /// The bar's back button: moves back and says where to go, or nil when
    /// there is nowhere to go.
    public mutating func goBack() -> String? {
        guard canGoBack else { return nil }
        index -= 1
        return entries[index]
    }

    /// The bar's forward button.
    public mutating func goForward() -> String? {
        guard canGoForward else { return nil }
        index += 1
        return entries[index]
    }
}
