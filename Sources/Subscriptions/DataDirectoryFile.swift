import Foundation

/// Files of the data directory written whole or not at all: the bytes go to
/// a temporary file beside the target and are renamed over it, so a crash
/// or a reader at the same moment sees the old file or the new one, never
/// half of one. Shared by the subscriptions and the reader's own rules.
enum DataDirectoryFile {
    /// How the metadata files are written: sorted keys and one member a line,
    /// so that a person can read and diff them; ISO 8601 dates.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    /// Why a write failed: the file and the system's reason.
    struct WriteFailure: Error {
        var file: String
        var detail: String
    }

    static func write(_ data: Data, to file: String) throws(WriteFailure) {
        let folder = (file as NSString).deletingLastPathComponent
        let temporary = "\(folder)/.\((file as NSString).lastPathComponent).\(UUID().uuidString).tmp"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: temporary))
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw WriteFailure(file: file, detail: error.localizedDescription)
        }
        guard rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw WriteFailure(file: file, detail: reason)
        }
    }

    /// Runs `body` holding an exclusive lock on `lockFile` (created if
    /// needed), so that a `limot rules` command and a running `serve`
    /// changing the same list one after the other lose neither's change.
    static func withLock<Result, Failure: Error>(_ lockFile: String, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try? FileManager.default.createDirectory(atPath: (lockFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let descriptor = open(lockFile, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor >= 0 {
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }
        defer {
            if descriptor >= 0 { close(descriptor) }
        }
        return try body()
    }
}

/// What a file of the data directory looks like to `stat` (inode, size,
/// modification time): compared by `serve` every few seconds to notice
/// that another `limot`, or a person, changed it. A rename over the file
/// changes the inode, so an atomic write is always noticed.
public struct FileStamp: Equatable, Sendable {
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int64
    let modifiedNanoseconds: Int64

    /// The stamp of `path` now; nil when there is no such file.
    public init?(of path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modifiedSeconds = Int64(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(status.st_mtim.tv_nsec)
    }
}
