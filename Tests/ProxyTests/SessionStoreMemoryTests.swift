import FixtureSupport
import Testing

@testable import Proxy

/// What `SessionStore` keeps in memory against a plain model: each
/// session's list of addresses, and the least recently used tenth of the
/// sessions forgotten whenever there are more than the capacity.
struct SessionStoreMemoryTests {
    /// The model: histories by id, and ids from least to most recently used.
    private struct Model {
        var histories: [String: SessionHistory] = [:]
        var order: [String] = []
        let capacity: Int
        let historyCapacity: Int

        mutating func use(_ id: String) {
            order.removeAll { $0 == id }
            order.append(id)
            guard histories.count > capacity else { return }
            for forgotten in order.prefix(max(1, capacity / 10)) { histories[forgotten] = nil }
            order.removeFirst(max(1, capacity / 10))
        }

        mutating func begin(_ id: String) {
            guard histories[id] == nil else { return }
            histories[id] = SessionHistory(capacity: historyCapacity)
            use(id)
        }

        mutating func visit(_ id: String, _ url: String) -> SessionHistory.Visit {
            var history = histories[id] ?? SessionHistory(capacity: historyCapacity)
            let visit = history.recordVisit(url)
            histories[id] = history
            use(id)
            return visit
        }

        mutating func back(_ id: String) {
            var history = histories[id] ?? SessionHistory(capacity: historyCapacity)
            _ = history.goBack()
            histories[id] = history
            use(id)
        }
    }

    @Test func sessionsAreKeptAndForgottenAsThePlainModelSays() {
        let store = SessionStore(capacity: 20, historyCapacity: 5)
        var model = Model(capacity: 20, historyCapacity: 5)
        var random = SeededGenerator(seed: 32)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        for step in 0..<6_000 {
            let id = "session-\(next(45))"
            switch next(5) {
            case 0:
                store.begin(id)
                model.begin(id)
            case 1, 2:
                let url = "https://www.loghatnameh.de/search?q=\(next(8))"
                #expect(store.recordPageView(id, url: url, title: nil) == model.visit(id, url), "step \(step)")
            case 3:
                store.update(id) { _ = $0.goBack() }
                model.back(id)
            default:
                let history = store.history(id)
                let expected = model.histories[id] ?? SessionHistory(capacity: 5)
                #expect(history.entries == expected.entries && history.index == expected.index, "step \(step): \(id)")
            }
        }
        for id in (0..<45).map({ "session-\($0)" }) {
            let expected = model.histories[id] ?? SessionHistory(capacity: 5)
            #expect(store.history(id).entries == expected.entries && store.history(id).index == expected.index, "\(id)")
        }
        #expect(model.histories.count > 10, "enough sessions are kept to compare")
    }
}
