import Foundation

/// A fresh directory under the system's temporary folder, removed (after
/// its permissions are restored) when the test is done with it.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("limot-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func appending(_ component: String) -> String {
        (path as NSString).appendingPathComponent(component)
    }

    deinit {
        _ = chmod(path, 0o700)
        if let children = FileManager.default.enumerator(atPath: path) {
            for case let child as String in children { _ = chmod(appending(child), 0o700) }
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}
