import Foundation

/// One rule list of a selection: the name a reader knows it by, and the file
/// it is read from. The name is what explanations, `rules match` lines and
/// `/_limot/stats` show (a subscription's name, a shipped list's base name,
/// a `--rules` file as the reader gave it); the file stays for the tools
/// that read it, and for `rules explain` to show beside the name.
struct RuleListFile: Sendable, Equatable {
    let name: String
    let path: String

    /// A shipped list (or one of `$LIMOT_RULES`), named by its file's base
    /// name: `limot-ads` for `…/Rules/limot-ads.json`.
    static func shipped(_ path: String) -> RuleListFile {
        RuleListFile(name: ((path as NSString).lastPathComponent as NSString).deletingPathExtension, path: path)
    }

    /// A `--rules` file, named by the path the reader gave.
    static func given(_ path: String) -> RuleListFile {
        RuleListFile(name: path, path: path)
    }

    /// Each list's file by its name, for `serve`'s pages that show a
    /// rule's text (`RuleEngineSlot.Rules.listFiles`).
    static func pathsByName(_ lists: [RuleListFile]) -> [String: String] {
        Dictionary(lists.map { ($0.name, $0.path) }, uniquingKeysWith: { first, _ in first })
    }

    /// The name, with the file in parentheses when they differ.
    var label: String {
        name == path ? path : "\(name) (\(path))"
    }

    /// `lists` with every name that would stand for two lists replaced by
    /// the list's path: a name must say which list decided.
    static func uniquelyNamed(_ lists: [RuleListFile]) -> [RuleListFile] {
        var counts: [String: Int] = [:]
        for list in lists { counts[list.name, default: 0] += 1 }
        return lists.map { counts[$0.name] == 1 ? $0 : .given($0.path) }
    }
}
