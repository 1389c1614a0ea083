import Foundation

/// Where limot keeps its state, and making sure it can: the directory is
/// created private to the user (0700: the history says what they looked up),
/// and checked for writing before SQLite is asked, so that a read-only or
/// misplaced directory gives an error naming it rather than SQLite's
/// "unable to open database file".
enum DataDirectory {
    /// The name of the database file inside the data directory.
    static let databaseFileName = "limot.sqlite3"

    /// `$LIMOT_DATA_DIR`, else `$XDG_DATA_HOME/limot`, else
    /// `~/.local/share/limot` (the XDG Base Directory default). Empty
    /// variables count as unset, as the XDG specification says.
    static func defaultPath(environment: [String: String]) -> String {
        if let explicit = environment["LIMOT_DATA_DIR"], !explicit.isEmpty { return explicit }
        if let dataHome = environment["XDG_DATA_HOME"], !dataHome.isEmpty {
            return (dataHome as NSString).appendingPathComponent("limot")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/limot")
    }

    /// Creates `path` and any missing parents (each 0700), then checks that
    /// it is a directory the process can write.
    static func prepare(_ path: String) throws(StoreError) {
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/", !exists(current) {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        if !current.isEmpty, current != "/", !isDirectory(current) {
            throw .notADirectory(path: current)
        }
        for directory in missing.reversed() where mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw StoreError(errno: errno, path: directory)
        }
        guard isDirectory(path) else { throw .notADirectory(path: path) }
        if access(path, W_OK | X_OK) != 0 {
            throw errno == EACCES ? .readOnly(path: path) : StoreError(errno: errno, path: path)
        }
    }

    /// False only when the path is surely absent (ENOTDIR: a parent is a
    /// file, which the walk up then finds); other failures are reported by
    /// the steps after.
    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 || (errno != ENOENT && errno != ENOTDIR)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
