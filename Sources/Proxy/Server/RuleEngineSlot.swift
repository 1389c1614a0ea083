import ContentRules
import Foundation
import Synchronization

/// The rules a running proxy decides with, replaced whole while it serves:
/// `limot serve` swaps in a new engine when a subscribed list changes (and
/// may for any other source of rules), without a restart.
///
/// Each request reads `current` once, at its start, and keeps that engine
/// and fingerprint to its end: a request in flight never mixes two rule
/// sets, and the sanitized form it keeps is filed under the fingerprint of
/// the engine that made it.
public final class RuleEngineSlot: Sendable {
    /// An engine and the fingerprint of the lists it was compiled from,
    /// always together.
    public struct Rules: Sendable {
        public let engine: ContentRuleEngine
        /// Names the lists' exact contents (see `ProxyCore.derivedKey`).
        public let fingerprint: String
        /// Each list's file, by the name the engine gives the list: where
        /// the pages that name a rule read its text back (`RuleText`).
        public let listFiles: [String: String]
        public init(engine: ContentRuleEngine, fingerprint: String, listFiles: [String: String] = [:]) {
            self.engine = engine
            self.fingerprint = fingerprint
            self.listFiles = listFiles
        }
    }

    private struct State {
        var rules: Rules
        var lists: [RuleListStatus]
    }
    private let state: Mutex<State>

    public init(engine: ContentRuleEngine, fingerprint: String, listFiles: [String: String] = [:], lists: [RuleListStatus] = []) {
        state = Mutex(State(rules: Rules(engine: engine, fingerprint: fingerprint, listFiles: listFiles), lists: lists))
    }

    /// The rules to decide a request with, from its start to its end.
    public var current: Rules { state.withLock { $0.rules } }

    /// Replaces the rules; requests already running keep theirs.
    public func swap(to rules: Rules) {
        state.withLock { $0.rules = rules }
    }

    /// How the lists that can change while serving stand (`/_limot/stats`).
    public var lists: [RuleListStatus] { state.withLock { $0.lists } }

    /// Replaces what `lists` reports.
    public func report(_ lists: [RuleListStatus]) {
        state.withLock { $0.lists = lists }
    }
}

/// How one rule list that is kept current stands, in the words a reader
/// knows it by: its name, not a file path.
public struct RuleListStatus: Sendable, Equatable {
    public var name: String
    /// Where it comes from (a URL), shown beside the name.
    public var source: String
    /// Rules of the version in use.
    public var rules: Int
    /// When the version in use was fetched (or last confirmed unchanged).
    public var lastUpdate: Date?
    /// Why the last attempt to update it failed; nil when it succeeded. The
    /// last good version stays in use meanwhile.
    public var lastError: String?

    public init(name: String, source: String, rules: Int, lastUpdate: Date?, lastError: String?) {
        self.name = name
        self.source = source
        self.rules = rules
        self.lastUpdate = lastUpdate
        self.lastError = lastError
    }
}
