import Foundation
import GRDB
@testable import Store
import Testing

@Suite("Store errors and the data directory")
struct StoreErrorTests {
    @Test("the data directory is created private, with its parents")
    func directoryCreated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("a/b/limot")
        let store = try LimotStore(directory: path)
        #expect(store.databasePath == path + "/limot.sqlite3")
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o700)
        #expect(FileManager.default.fileExists(atPath: store.databasePath))
    }

    @Test("a read-only data directory gives an error naming it")
    func readOnlyDirectory() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("limot")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(chmod(path, 0o500) == 0)
        if access(path, W_OK) == 0 {
            // Running as root: permissions do not stop writing. A path under
            // a regular file cannot be written by anyone.
            let file = directory.appending("file")
            try Data().write(to: URL(fileURLWithPath: file))
            #expect(throws: StoreError.notADirectory(path: file)) { try LimotStore(directory: file + "/limot") }
            return
        }
        #expect(throws: StoreError.readOnly(path: path)) { try LimotStore(directory: path) }
        #expect(StoreError.readOnly(path: path).description.hasPrefix("\(path) is read-only"))
    }

    @Test("a data directory under a regular file names the file")
    func directoryUnderFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.appending("not-a-folder")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: StoreError.notADirectory(path: file)) { try LimotStore(directory: file + "/deeper/limot") }
        #expect(StoreError.notADirectory(path: file).description.contains(file))
    }

    @Test("a file that is not a database is named, and left as it was")
    func notADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("limot.sqlite3")
        let garbage = Data(repeating: 0x41, count: 4096)
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.notADatabase(path: path)) { try LimotStore(directory: directory.path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test("a full disk (SQLITE_FULL) is reported as such, naming the database, and loses nothing kept")
    func diskFull() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        try store.recordLookup(SampleLookups.haus, origin: .commandLine, at: SampleLookups.start)
        try store.pool.write { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        }
        var big = SampleLookups.haus
        big.query = String(repeating: "Haus", count: 50_000)
        #expect(throws: StoreError.diskFull(path: store.databasePath)) {
            try store.recordLookup(big, origin: .commandLine, at: SampleLookups.minutes(1))
        }
        #expect(StoreError.diskFull(path: store.databasePath).description.contains(store.databasePath))
        #expect(try store.lookupCount() == 1)
    }

    @Test("the default directory follows LIMOT_DATA_DIR, then XDG_DATA_HOME, then ~/.local/share")
    func defaultDirectory() {
        #expect(LimotStore.defaultDirectory(environment: ["LIMOT_DATA_DIR": "/d", "XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/d")
        #expect(LimotStore.defaultDirectory(environment: ["LIMOT_DATA_DIR": "", "XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/x/limot")
        #expect(LimotStore.defaultDirectory(environment: ["XDG_DATA_HOME": "", "HOME": "/h"]) == "/h/.local/share/limot")
    }

    @Test("LIMOT_NO_HISTORY turns history off unless empty or 0")
    func historyDisabled() {
        #expect(!LimotStore.historyDisabled(environment: [:]))
        #expect(!LimotStore.historyDisabled(environment: ["LIMOT_NO_HISTORY": ""]))
        #expect(!LimotStore.historyDisabled(environment: ["LIMOT_NO_HISTORY": "0"]))
        #expect(LimotStore.historyDisabled(environment: ["LIMOT_NO_HISTORY": "1"]))
        #expect(LimotStore.historyDisabled(environment: ["LIMOT_NO_HISTORY": "yes"]))
    }
}
