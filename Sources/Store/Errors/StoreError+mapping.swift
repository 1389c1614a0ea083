import Foundation
import GRDB

extension StoreError {
    /// The store error for anything GRDB, Foundation or the system threw
    /// while working on `path`. SQLite's and the system's codes decide the
    /// case; what is left keeps the original message.
    static func wrapping(_ error: any Error, path: String) -> StoreError {
        switch error {
        case let error as StoreError:
            return error
        case let error as DatabaseError:
            return StoreError(sqlite: error, path: path)
        case let error as CocoaError:
            if let underlying = error.underlying as? POSIXError {
                return StoreError(errno: underlying.code.rawValue, path: path)
            }
            return .failed(path: path, reason: error.localizedDescription)
        case let error as POSIXError:
            return StoreError(errno: error.code.rawValue, path: path)
        default:
            return .failed(path: path, reason: String(describing: error))
        }
    }

    /// The case for an SQLite result code (its primary code: SQLITE_FULL
    /// covers every extended variant).
    init(sqlite error: DatabaseError, path: String) {
        switch error.resultCode {
        case .SQLITE_FULL: self = .diskFull(path: path)
        case .SQLITE_READONLY: self = .readOnly(path: path)
        case .SQLITE_PERM, .SQLITE_AUTH: self = .permissionDenied(path: path)
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: self = .notADatabase(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy(path: path)
        default: self = .failed(path: path, reason: error.message ?? "SQLite error \(error.extendedResultCode.rawValue)")
        }
    }

    /// The case for a system error number (from mkdir, access, rename …).
    init(errno code: Int32, path: String) {
        switch code {
        case EACCES, EPERM: self = .permissionDenied(path: path)
        case EROFS: self = .readOnly(path: path)
        case ENOSPC, EDQUOT: self = .diskFull(path: path)
        case ENOTDIR: self = .notADirectory(path: path)
        default: self = .failed(path: path, reason: String(cString: strerror(code)))
        }
    }
}

private extension CocoaError {
    /// The system error Foundation wrapped, if any.
    var underlying: (any Error)? { userInfo[NSUnderlyingErrorKey] as? any Error }
}
