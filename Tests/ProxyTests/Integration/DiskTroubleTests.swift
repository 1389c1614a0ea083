#if canImport(Glibc)
import Glibc
#endif
import FixtureSupport
import Foundation
import Testing

/// A data directory that cannot be written: read-only, or on a full disk.
/// The proxy says so and keeps serving, uncached. Real file systems: a
/// tmpfs mounted for the test (root only, as in CI).
@Suite(.serialized, .enabled(if: getuid() == 0, "mounting a file system needs root"))
struct DiskTroubleTests {
    /// A tmpfs of `size` at a new folder, unmounted when the value goes.
    final class Mount {
        let path: String
        init(size: String, readOnly: Bool = false) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("limot-mount-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)" + (readOnly ? ",ro" : ""), "tmpfs", path])
        }
        deinit {
            try? Self.run("/bin/umount", [path])
            try? FileManager.default.removeItem(atPath: path)
        }
        static func run(_ executable: String, _ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw FixtureServerError("\(executable) \(arguments) failed") }
        }
    }

    @Test func aReadOnlyDataDirectoryIsAClearErrorAndTheProxyServesUncached() throws {
        let testbed = try ProxyTestbed.get()
        let mount = try Mount(size: "1m", readOnly: true)
        let dataDir = mount.path + "/limot"
        let proxy = try testbed.startProxy([], dataDir: dataDir)
        let browser = TestBrowser(port: proxy.port)
        for path in ["/", "/search?q=Haus", "/search?q=Haus"] { #expect(try browser.open(path).status == 200) }
        #expect(!FileManager.default.fileExists(atPath: dataDir))
        let history = try LimotCommand.run(["history", "--data-dir", dataDir])
        #expect(history.status == 1)
        #expect(history.standardError.contains("read-only") && history.standardError.contains(mount.path), "\(history.standardError)")
    }

    @Test func aFullDiskKeepsTheProxyServingAndTheStoreWhole() throws {
        let testbed = try ProxyTestbed.get()
        let mount = try Mount(size: "3m")
        let dataDir = mount.path + "/limot"
        let proxy = try testbed.startProxy([], dataDir: dataDir)
        let browser = TestBrowser(port: proxy.port)
        // A mebibyte each: three of them fill the disk.
        for index in 0..<8 {
            let page = try browser.open("/_fixture/cache?cc=max-age%3D3600&body=page\(index)")
            #expect(page.status == 200)
            let big = try browser.request("/_limot/sub/image/https/www.loghatnameh.de/_fixture/big?mb=1&n=\(index)")
            #expect(big.status == 200, "answer \(index) is served although it cannot be kept")
        }
        var space = statvfs()
        #expect(statvfs(mount.path, &space) == 0)
        #expect(UInt64(space.f_bavail) * UInt64(space.f_frsize) < 1 << 20, "the disk did fill up")
        for path in ["/", "/search?q=Haus"] { #expect(try browser.open(path).status == 200) }
        #expect(proxy.isRunning)
        #expect(try PersistenceTests.integrity(dataDir) == ["ok"])
    }
}
