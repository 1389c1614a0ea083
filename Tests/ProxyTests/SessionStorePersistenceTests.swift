import Foundation
import Store
import Testing

@testable import Proxy

/// A session read back from the database against what was written before
/// the "restart" (a second `SessionStore` on the same file): its history,
/// its one resumption, whichever call finds it first, and its later
/// changes saved. Once in memory a session is served without asking the
/// database, so these walk both the first look-up and the later ones.
struct SessionStorePersistenceTests {
    /// A store on a fresh data directory, removed at the end.
    private static func withDatabase(_ body: (LimotStore) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limot-sessions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(try LimotStore(directory: folder.path))
    }

    /// Writes `pages` as the views of `session` and flushes them.
    private static func written(_ database: LimotStore, session: String, pages: [String]) {
        let before = SessionStore(persistence: database)
        for page in pages { before.recordPageView(session, url: page, title: nil) }
        before.flush()
    }

    /// The orders in which a request after a restart may first touch its session.
    enum FirstCall: CaseIterable { case resumption, history, change }

    @Test(arguments: FirstCall.allCases)
    func aStoredSessionIsResumedOnceAndKeptUpToDate(first: FirstCall) throws {
        try Self.withDatabase { database in
            Self.written(database, session: "s", pages: ["a", "b", "c"])
            let between = SessionStore(persistence: database)
            _ = between.update("s") { $0.goBack() }  // now on "b"
            between.flush()
            let after = SessionStore(persistence: database)
            switch first {
            case .resumption:
                #expect(after.takeResumption("s") == "b")
            case .history:
                #expect(after.history("s").entries == ["a", "b", "c"])
                #expect(after.history("s").current == "b")
                #expect(after.takeResumption("s") == "b", "still to resume after the history was read")
            case .change:
                after.update("s") { _ = $0.goForward() }
                #expect(after.takeResumption("s") == "c", "the page it is on now")
            }
            #expect(after.takeResumption("s") == nil, "resumed once only")
            after.recordPageView("s", url: "d", title: nil)
            after.flush()
            let expected = first == .change ? ["a", "b", "c", "d"] : ["a", "b", "d"]
            #expect(after.history("s").entries == expected)
            let again = SessionStore(persistence: database)
            #expect(again.history("s").entries == expected, "the change in memory was saved")
            #expect(again.history("s").current == "d")
        }
    }

    @Test func aSessionBegunHereIsNeverResumed() throws {
        try Self.withDatabase { database in
            Self.written(database, session: "old", pages: ["x"])
            let store = SessionStore(persistence: database)
            #expect(store.history("old").current == "x")  // read back: "old" is to be resumed
            store.begin("new")
            #expect(store.takeResumption("new") == nil)
            store.recordPageView("new", url: "y", title: nil)
            #expect(store.takeResumption("new") == nil)
            #expect(store.history("new").entries == ["y"])
            #expect(store.takeResumption("old") == "x")
            #expect(store.takeResumption("old") == nil)
        }
    }
}
