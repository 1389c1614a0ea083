/// Why limot's store could not do what was asked. Every case names the file
/// or directory concerned, so that the message alone tells a user what to fix
/// (a permission, a full disk, another `--data-dir`), without a log to read.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory (or a file in it) cannot be written: its permissions,
    /// or a read-only file system.
    case readOnly(path: String)
    /// The operating system refused access to the path.
    case permissionDenied(path: String)
    /// The disk (or the user's quota) is full: SQLITE_FULL, or ENOSPC.
    case diskFull(path: String)
    /// A part of the data directory's path is a file, not a directory.
    case notADirectory(path: String)
    /// The file is not an SQLite database, or is damaged.
    case notADatabase(path: String)
    /// The database was written by a newer limot: its migrations are
    /// unknown here. Opening it anyway could lose the newer data, so the
    /// store refuses.
    case newerSchema(path: String, unknownMigrations: [String])
    /// Another process held the database locked for longer than
    /// ``StoreLimits/busyTimeout``.
    case busy(path: String)
    /// A stored lookup could not be read back (its JSON no longer decodes).
    case unreadableEntry(path: String, id: Int64)
    /// An export could not be written; nothing was left at `path`.
    case exportFailed(path: String, reason: String)
    /// Any other SQLite or system failure, with its own message.
    case failed(path: String, reason: String)

    /// The path the error is about.
    public var path: String {
        switch self {
        case .readOnly(let path), .permissionDenied(let path), .diskFull(let path),
             .notADirectory(let path), .notADatabase(let path), .newerSchema(let path, _),
             .busy(let path), .unreadableEntry(let path, _), .exportFailed(let path, _),
             .failed(let path, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case .readOnly(let path):
            return "\(path) is read-only: limot cannot keep its history there (choose another --data-dir or LIMOT_DATA_DIR, or set LIMOT_NO_HISTORY=1)"
        case .permissionDenied(let path):
            return "permission denied: \(path) (check its owner and mode, or choose another --data-dir or LIMOT_DATA_DIR)"
        case .diskFull(let path):
            return "the disk is full: \(path) could not be written (free some space; nothing was lost)"
        case .notADirectory(let path):
            return "\(path) is not a directory: limot's data directory cannot be created under it"
        case .notADatabase(let path):
            return "\(path) is not a limot database or is damaged (move it aside and limot starts a new one)"
        case .newerSchema(let path, let unknown):
            return "\(path) was written by a newer limot (migrations \(unknown.joined(separator: ", "))): update limot to use it; it was left unchanged"
        case .busy(let path):
            return "\(path) is locked by another limot process; try again"
        case .unreadableEntry(let path, let id):
            return "lookup \(id) in \(path) cannot be read back"
        case .exportFailed(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .failed(let path, let reason):
            return "\(path): \(reason)"
        }
    }
}
