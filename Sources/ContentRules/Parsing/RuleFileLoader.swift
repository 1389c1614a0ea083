import Foundation

/// Reads rule lists from files and folders, as the command line names them.
public enum RuleFileLoader {
    /// Files larger than this are refused rather than read into memory
    /// (Safari's 150,000 rules take about 30 MB of JSON).
    public static let maximumFileSize = 256 << 20

    /// Expands paths: a file stands for itself, a folder for the `*.json`
    /// files directly in it, in name order. Missing paths are reported as
    /// unreadable by `load`.
    public static func expand(_ paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                let base = path.hasSuffix("/") ? String(path.dropLast()) : path
                files += names.filter { $0.hasSuffix(".json") }.sorted().map { base + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Reads and validates one rule file; an unreadable file is an error
    /// diagnostic. An AdBlock Plus / uBlock list (a `.txt` file, or any file
    /// that is not JSON) is converted in memory (`AdblockConverter`), so every
    /// `--rules` takes the lists people already have.
    public static func load(_ path: String) -> ParsedRuleList {
        let bytes: [UInt8]
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? Int, size > maximumFileSize {
                return unreadable(path, "the file is \(size >> 20) MiB; limot reads rule files of at most \(maximumFileSize >> 20) MiB")
            }
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile || error.code == .fileNoSuchFile {
            return unreadable(path, "no such file")
        } catch {
            return unreadable(path, "cannot be read (\(error.localizedDescription))")
        }
        if AdblockListDetection.isAdblockList(path: path, bytes: bytes) {
            return AdblockListDetection.parse(bytes, source: path)
        }
        return RuleListParser.parse(bytes, source: path)
    }

    private static func unreadable(_ path: String, _ message: String) -> ParsedRuleList {
        ParsedRuleList(list: nil, diagnostics: [Diagnostic(.error, .fileUnreadable, file: path, message: message)])
    }
}
