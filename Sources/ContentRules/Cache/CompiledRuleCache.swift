import Foundation
import WebURL

/// Compiled rule lists kept in a folder of the data directory (as WebKit's
/// `WKContentRuleListStore` keeps them), so that a start with large lists
/// neither converts AdBlock lists, parses JSON nor builds indexes again: a
/// file holds the engine's tables (`EngineCoding`), the largest read in
/// place from the mapped file, the rest with one copy each; only the RE2
/// sets are compiled again (see `RegexShard`).
///
/// One file per selection of lists, named by its key: an XXH3-128
/// (`ContentDigest`) over the cache format, limot's version and each list's
/// bytes in order (not its path, so moving a list keeps its cache). A file is trusted only when its
/// magic, format, memory layout, version, key, length and payload checksum
/// all verify; anything else is reported as `Miss.damaged` or `Miss.stale`,
/// and the caller compiles again and `store`s over it. Files are written to
/// a temporary name and renamed, so a reader never sees half of one.
///
/// File layout (integers little-endian): magic `LIMOTRUL`, format `UInt32`,
/// memory layout `UInt64` (`EngineCoding.layout`), limot's version (LEB128
/// length + UTF-8), key (16 bytes), payload length `UInt64`, payload XXH3-128
/// (16 bytes), zeros to a multiple of 8 bytes, payload (`EngineCoding`).
/// The payload's tables start at multiples of 8 too (`BinaryWriter.pad`), so
/// that the largest are read in place from the mapped file (`MappedCacheFile`).
public struct CompiledRuleCache: Sendable {
    /// Changes whenever the payload's layout or meaning changes: 6 since
    /// word and host index entries carry a `LiteralCheck` (5: filters with
    /// only common words moved from the token index to the literal index;
    /// a 4 decides the same, but sends them to RE2 again).
    static let formatVersion: UInt32 = 6
    static let magic = Array("LIMOTRUL".utf8)
    static let fileExtension = "limotrules"
    /// Selections kept at most; the least recently written go first.
    static let filesKept = 8

    /// Why the cache had nothing to use: said in the log, never an error.
    public enum Miss: Error, Sendable, Equatable, CustomStringConvertible {
        case absent
        /// Written by another limot version or format (compiled again and replaced).
        case stale(String)
        /// Unreadable, truncated, foreign or corrupt (compiled again and replaced).
        case damaged(String)

        public var description: String {
            switch self {
            case .absent: return "no cache file"
            case .stale(let reason): return "stale cache file (\(reason))"
            case .damaged(let reason): return "damaged cache file (\(reason))"
            }
        }
    }

    /// The folder the files live in.
    public let directory: String
    /// limot's version: part of every key, so an upgrade compiles again.
    public let toolVersion: String

    public init(directory: String, toolVersion: String) {
        self.directory = directory
        self.toolVersion = toolVersion
    }

    /// The key of a selection: the lists' bytes, in order (each after its
    /// length, so that no two selections run together the same way).
    public func key(forContents contents: [[UInt8]]) -> [UInt8] {
        key(lengths: contents.map(\.count)) { digest, list in digest.update(contents[list]) }
    }

    /// `key(forContents:)` of the files at `paths` as they are now, read a
    /// block at a time (`ContentDigest.update(contentsOfFile:)`), not into
    /// memory. A file that cannot be read counts as empty, as its parser
    /// will say; one that changes while it is read gives a key no file is
    /// stored under, so its lists are compiled again.
    public func key(forFiles paths: [String]) -> [UInt8] {
        key(lengths: paths.map { Self.byteCount(ofFile: $0) ?? 0 }) { digest, list in digest.update(contentsOfFile: paths[list]) }
    }

    /// The size of the file at `path` in bytes, or nil when it cannot be read.
    public static func byteCount(ofFile path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(exactly: status.st_size)
    }

    /// The key of lists of `lengths` bytes, whose bytes `addList` adds to the digest.
    private func key(lengths: [Int], addList: (ContentDigest, Int) -> Void) -> [UInt8] {
        let digest = ContentDigest()
        var header = BinaryWriter(capacity: 64)
        header.write(Self.magic)
        header.write(Self.formatVersion)
        header.write(toolVersion)
        header.writeVarint(lengths.count)
        digest.update(header.bytes)
        for (list, count) in lengths.enumerated() {
            var length = BinaryWriter(capacity: 8)
            length.write(UInt64(count))
            digest.update(length.bytes)
            addList(digest, list)
        }
        return digest.finish()
    }

    /// The file that holds, or will hold, the selection with `key`.
    public func path(forKey key: [UInt8]) -> String {
        let name = key.prefix(16).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        return directory + "/" + name + "." + Self.fileExtension
    }

    /// The engine stored under `key`, with `sources` as its lists' sources
    /// (the names they have now), or why there is none. Its RE2 sets start
    /// compiling on another thread. `lastListAppliesAfterEveryList` as
    /// `RuleList.appliesAfterEveryList` of the last list.
    public func load(key: [UInt8], sources: [String], lastListAppliesAfterEveryList: Bool = false,
                     publicSuffixList: PublicSuffixList = .shared) -> Result<ContentRuleEngine, Miss> {
        let path = path(forKey: key)
        guard FileManager.default.fileExists(atPath: path) else { return .failure(.absent) }
        // Mapped, not read: the largest tables stay in the file, and only the
        // pages decisions touch are resident (the checksum's reading is let go).
        guard let file = MappedCacheFile(path: path) else { return .failure(.damaged("cannot be read")) }
        defer { file.releaseResidentPages() }
        return engine(fromFile: file.bytes, mapping: file, key: key, sources: sources,
                      lastListAppliesAfterEveryList: lastListAppliesAfterEveryList, publicSuffixList: publicSuffixList)
    }

    /// The engine in a cache file's bytes already in memory, checked as
    /// `load` checks a file (its tables are copies, not views into a
    /// mapping): the fuzz target's way in to the decoder.
    public func engine(fromFile bytes: [UInt8], key: [UInt8], sources: [String]) -> Result<ContentRuleEngine, Miss> {
        bytes.withUnsafeBytes { engine(fromFile: $0, mapping: nil, key: key, sources: sources) }
    }

    private func engine(fromFile bytes: UnsafeRawBufferPointer, mapping: MappedCacheFile?, key: [UInt8], sources: [String],
                        lastListAppliesAfterEveryList: Bool = false, publicSuffixList: PublicSuffixList = .shared) -> Result<ContentRuleEngine, Miss> {
        Result { () throws(Miss) in try decode(bytes, key: key, sources: sources, mapping: mapping) }.map { tables in
            var tables = tables
            if lastListAppliesAfterEveryList, !tables.lists.isEmpty { tables.listAfterEveryList = Int32(tables.lists.count - 1) }
            RegexShard.compileInBackground(tables.regexSets)
            return ContentRuleEngine(tables, publicSuffixList: publicSuffixList)
        }
    }

    /// Writes `engine` under `key`, replacing any file there, and removes the
    /// oldest files beyond `filesKept`. Returns the file's size in bytes.
    @discardableResult
    public func store(_ engine: ContentRuleEngine, key: [UInt8]) throws -> Int {
        let file = self.file(sealing: Self.payload(of: engine), key: key)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(file).write(to: URL(fileURLWithPath: path(forKey: key)), options: .atomic)
        removeOldFiles()
        return file.count
    }

    /// The payload a file holds for `engine` (`EngineCoding`): what `store`
    /// seals, and the compiled-cache fuzz target's seeds.
    public static func payload(of engine: ContentRuleEngine) -> [UInt8] {
        var payload = BinaryWriter()
        EngineCoding.encode(engine, into: &payload)
        return payload.bytes
    }

    /// A whole cache file for `payload` under `key`: the header with its
    /// length and checksum, then the payload. The fuzz target seals what it
    /// is given, so that its bytes reach the decoder past the checksum.
    public func file(sealing payload: [UInt8], key: [UInt8]) -> [UInt8] {
        var file = BinaryWriter(capacity: payload.count + 128)
        file.write(Self.magic)
        file.write(Self.formatVersion)
        file.write(EngineCoding.layout)
        file.write(toolVersion)
        file.write(key)
        file.write(UInt64(payload.count))
        file.write(ContentDigest.of(payload))
        file.pad()
        file.write(payload)
        return file.bytes
    }

    /// Checks the header and checksum, then decodes the payload; its largest
    /// tables are views into `mapping` when `bytes` are that mapped file.
    func decode(_ bytes: UnsafeRawBufferPointer, key: [UInt8], sources: [String], mapping: MappedCacheFile? = nil) throws(Miss) -> ContentRuleEngine.Tables {
        var reader = BinaryReader(bytes)
        do {
            guard Array(try reader.readBytes(Self.magic.count)) == Self.magic else { throw Miss.damaged("not a limot rule cache") }
            let format: UInt32 = try reader.read()
            guard format == Self.formatVersion else { throw Miss.stale("format \(format), this limot writes \(Self.formatVersion)") }
            let layout: UInt64 = try reader.read()
            guard layout == EngineCoding.layout else { throw Miss.stale("written by a limot with another memory layout") }
            let version = try reader.readString()
            guard version == toolVersion else { throw Miss.stale("written by limot \(version), this is \(toolVersion)") }
            guard Array(try reader.readBytes(key.count)) == key else { throw Miss.damaged("made for other lists") }
            let length: UInt64 = try reader.read()
            let checksum = Array(try reader.readBytes(ContentDigest.byteCount))
            guard try reader.readBytes(BinaryWriter.padding(after: reader.offset)).allSatisfy({ $0 == 0 }) else {
                throw Miss.damaged("padding before the payload is not zero")
            }
            guard length == UInt64(bytes.count - reader.offset) else {
                throw Miss.damaged("payload of \(bytes.count - reader.offset) bytes, header says \(length)")
            }
            let payload = UnsafeRawBufferPointer(rebasing: bytes[reader.offset...])
            guard ContentDigest.of(payload) == checksum else { throw Miss.damaged("checksum does not match") }
            var payloadReader = BinaryReader(payload, mapping: mapping)
            return try EngineCoding.decode(from: &payloadReader, sources: sources)
        } catch let damaged as BinaryReader.Damaged {
            throw Miss.damaged(damaged.description)
        } catch let miss as Miss {
            throw miss
        } catch {
            throw Miss.damaged("\(error)")
        }
    }

    /// Keeps the `filesKept` most recently written files.
    private func removeOldFiles() {
        let manager = FileManager.default
        let names = ((try? manager.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix("." + Self.fileExtension) }
        guard names.count > Self.filesKept else { return }
        let dated = names.map { name in
            (name, ((try? manager.attributesOfItem(atPath: directory + "/" + name))?[.modificationDate] as? Date) ?? .distantPast)
        }
        for (name, _) in dated.sorted(by: { $0.1 > $1.1 }).dropFirst(Self.filesKept) {
            try? manager.removeItem(atPath: directory + "/" + name)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
