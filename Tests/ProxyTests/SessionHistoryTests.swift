import Testing
@testable import Proxy

/// The back-forward list behaves like a browser's.
struct SessionHistoryTests {
    @Test func newVisitsGrowTheListAndEnableBack() {
        var history = SessionHistory()
        #expect(history.current == nil && !history.canGoBack && !history.canGoForward)
        #expect(history.recordVisit("a") == .new)
        #expect(!history.canGoBack)
        #expect(history.recordVisit("b") == .new)
        #expect(history.current == "b" && history.canGoBack && !history.canGoForward)
    }

    @Test func backAndForwardMoveWithoutLosingEntries() {
        var history = SessionHistory()
        for page in ["a", "b", "c"] { history.recordVisit(page) }
        #expect(history.goBack() == "b")
        #expect(history.goBack() == "a")
        #expect(history.goBack() == nil)
        #expect(history.current == "a" && history.canGoForward)
        #expect(history.goForward() == "b")
        #expect(history.entries == ["a", "b", "c"])
        // The redirect after the bar's button shows the page: a reload.
        #expect(history.recordVisit("b") == .reload)
        #expect(history.index == 1)
    }

    @Test func navigatingAfterGoingBackDropsForwardEntries() {
        var history = SessionHistory()
        for page in ["a", "b", "c"] { history.recordVisit(page) }
        _ = history.goBack()
        _ = history.goBack()
        #expect(history.recordVisit("d") == .new)
        #expect(history.entries == ["a", "d"])
        #expect(!history.canGoForward)
    }

    @Test func theBrowsersOwnButtonsKeepTheListInStep() {
        var history = SessionHistory()
        for page in ["a", "b", "c"] { history.recordVisit(page) }
        // The browser's back button asks for b again (pages are no-store).
        #expect(history.recordVisit("b") == .back)
        #expect(history.current == "b" && history.canGoForward)
        #expect(history.recordVisit("c") == .forward)
        #expect(history.current == "c" && !history.canGoForward)
    }

    @Test func capacityDropsTheOldestEntries() {
        var history = SessionHistory(capacity: 3)
        for page in ["a", "b", "c", "d"] { history.recordVisit(page) }
        #expect(history.entries == ["b", "c", "d"])
        #expect(history.current == "d")
    }

    @Test func restoringClampsTheIndex() {
        let history = SessionHistory(entries: ["a", "b"], index: 7)
        #expect(history.current == "b")
        #expect(SessionHistory(entries: [], index: 3).current == nil)
    }

    @Test func sessionsAreSeparateAndBounded() {
        let store = SessionStore(capacity: 2)
        store.update("one") { $0.recordVisit("a") }
        store.update("two") { $0.recordVisit("b") }
        #expect(store.history("one").current == "a")
        #expect(store.history("two").current == "b")
        store.update("three") { $0.recordVisit("c") }
        // "one" was used least recently and is forgotten.
        #expect(store.history("one").current == nil)
        #expect(store.history("three").current == "c")
    }
}
