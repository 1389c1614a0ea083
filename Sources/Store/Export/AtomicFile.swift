import Foundation

/// Writes a whole file or nothing: the text goes to a temporary file beside
/// the target (same directory, so the same file system), is flushed to disk,
/// and only then renamed over the target. A full disk or a crash half way
/// leaves the old file (or none), never half an export.
enum AtomicFile {
    static func write(_ text: String, to path: String) throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) as NSString)
            .appendingPathComponent(".\(name).limot-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw failure(errno, path: path) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var completed = false
        defer {
            if !completed { unlink(temporary) }
        }
        let written = writeAll(Array(text.utf8), to: descriptor)
        let synced = written == 0 ? (fsync(descriptor) == 0 ? 0 : errno) : written
        close(descriptor)
        if synced != 0 { throw failure(synced, path: path) }
        guard rename(temporary, path) == 0 else { throw failure(errno, path: path) }
        completed = true
    }

    /// 0, or the errno that stopped the writing.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return 0
    }

    /// Disk full, permissions and read-only keep their own cases (they say
    /// what to do); anything else names the export that failed.
    private static func failure(_ code: Int32, path: String) -> StoreError {
        let error = StoreError(errno: code, path: path)
        if case .failed(_, let reason) = error { return .exportFailed(path: path, reason: reason) }
        return error
    }
}
