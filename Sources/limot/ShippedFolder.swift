import Foundation

/// Finds the folders limot ships beside its code (`Rules/`, `Stylesheets/`).
enum ShippedFolder {
    /// The environment variable's value if set, else a folder `name` beside
    /// the executable or above it (a checkout's `.build/debug/limot` finds the
    /// checkout's folder), else the installed share folder.
    static func find(_ name: String, environment variable: String?) -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let variable, let configured = environment[variable], !configured.isEmpty { return configured }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate.path
            }
            directory.deleteLastPathComponent()
        }
        for prefix in ["/usr/local/share/limot", "/usr/share/limot"] where FileManager.default.fileExists(atPath: "\(prefix)/\(name)") {
            return "\(prefix)/\(name)"
        }
        return nil
    }
}
