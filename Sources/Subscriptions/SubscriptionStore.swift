import Foundation
import LimotJSON

/// The subscriptions of a data directory: `subscriptions.json` (what each
/// list is and how its updates went, in subscription order) and
/// `subscriptions/<name>.txt|.json` (the last good download, byte for
/// byte). Every write goes to a temporary file renamed into place, so a
/// crash leaves the old file or the new one, never half of one.
public struct SubscriptionStore: Sendable {
    public let dataDirectory: String

    public init(dataDirectory: String) {
        self.dataDirectory = dataDirectory
    }

    public var metadataFile: String { dataDirectory + "/subscriptions.json" }
    public var listsFolder: String { dataDirectory + "/subscriptions" }

    /// The stored list of `subscription`.
    public func listFile(for subscription: Subscription) -> String {
        "\(listsFolder)/\(subscription.name).\(subscription.format)"
    }

    private struct Metadata: Codable {
        var subscriptions: [Subscription]
    }

    /// The subscriptions, in subscription order; none when the file does
    /// not exist. A file limot cannot read is an error naming its line, and
    /// is never overwritten.
    public func load() throws(SubscriptionError) -> [Subscription] {
        guard let data = FileManager.default.contents(atPath: metadataFile) else {
            if FileManager.default.fileExists(atPath: metadataFile) {
                throw .damagedMetadata(file: metadataFile, detail: "cannot be read")
            }
            return []
        }
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(Array(data))
        } catch {
            throw .damagedMetadata(file: metadataFile, detail: error.description)
        }
        do {
            return try Self.decoder.decode(Metadata.self, from: data).subscriptions
        } catch let error as DecodingError {
            throw .damagedMetadata(file: metadataFile, detail: Self.describe(error, in: parsed))
        } catch {
            throw .damagedMetadata(file: metadataFile, detail: "\(error)")
        }
    }

    /// What tells one version of `subscriptions.json` from another without
    /// reading it: every write renames a new file into place, so the inode
    /// changes with each, and size and modification time with most.
    /// The stamp of `subscriptions.json` as it is now; nil when there is
    /// none. One `stat`, cheap enough for `serve` to ask every few seconds
    /// whether another process subscribed, unsubscribed or updated.
    public func metadataStamp() -> FileStamp? {
        FileStamp(of: metadataFile)
    }

    /// Replaces the metadata with `subscriptions`.
    public func save(_ subscriptions: [Subscription]) throws(SubscriptionError) {
        let data: Data
        do {
            data = try Self.encoder.encode(Metadata(subscriptions: subscriptions)) + Data("\n".utf8)
        } catch {
            throw .cannotWrite(file: metadataFile, detail: "\(error)")
        }
        try writeAtomically(data, to: metadataFile)
    }

    /// Saves `subscription` in place of the record of the same name (read
    /// again first, so that a `serve` and a command updating at once lose
    /// neither's other lists); a list unsubscribed meanwhile stays so.
    public func replace(_ subscription: Subscription) throws(SubscriptionError) {
        var all = try load()
        guard let index = all.firstIndex(where: { $0.name == subscription.name }) else { return }
        all[index] = subscription
        try save(all)
    }

    /// Keeps `bytes` as the last good version of `subscription`.
    public func storeList(_ bytes: [UInt8], for subscription: Subscription) throws(SubscriptionError) {
        try writeAtomically(Data(bytes), to: listFile(for: subscription))
    }

    /// Removes the stored list of `subscription` (after unsubscribing).
    public func removeList(of subscription: Subscription) {
        try? FileManager.default.removeItem(atPath: listFile(for: subscription))
    }

    /// The stored bytes of `subscription`'s last good version, if any.
    public func storedList(of subscription: Subscription) -> [UInt8]? {
        FileManager.default.contents(atPath: listFile(for: subscription)).map(Array.init)
    }

    private func writeAtomically(_ data: Data, to file: String) throws(SubscriptionError) {
        do {
            try DataDirectoryFile.write(data, to: file)
        } catch {
            throw .cannotWrite(file: error.file, detail: error.detail)
        }
    }

    private static let encoder = DataDirectoryFile.encoder
    private static let decoder = DataDirectoryFile.decoder

    /// A decoding error in words, with the line of the subscription it is in.
    private static func describe(_ error: DecodingError, in value: JSONValue) -> String {
        let (context, what): (DecodingError.Context, String) =
            switch error {
            case .typeMismatch(_, let context): (context, "a value of the wrong type")
            case .valueNotFound(_, let context): (context, "a missing value")
            case .keyNotFound(let key, let context): (context, "no \"\(key.stringValue)\"")
            case .dataCorrupted(let context): (context, context.debugDescription)
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
            }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        var line = 1
        if let index = context.codingPath.dropFirst().first?.intValue,
           let lines = value.objectValue?["subscriptions"]?.elementLines, index < lines.count {
            line = lines[index]
        }
        return "line \(line): \(what)" + (path.isEmpty ? "" : " at \(path)")
    }
}
