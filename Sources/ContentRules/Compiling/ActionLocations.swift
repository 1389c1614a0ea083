/// Where each rule's action sits in WebKit's serialised action list.
///
/// WebKit merges equal actions (same type and trigger flags) between
/// `ignore-*` rules into one location, groups css-display-none selectors of
/// identical triggers, and orders a load's actions by location, not by rule.
/// That ordering decides what `ignore-previous-rules` removes, so limot
/// assigns locations the same way (`serializeActions` in
/// `ContentExtensionCompiler.cpp`).
struct ActionLocations {
    /// The location of each rule's action (index = rule position in the list).
    var locationOfRule: [Int32]
    /// The action at each location; css-display-none groups joined with ",".
    var actionAtLocation: [Action]

    /// Locations read back from the compiled rule cache.
    init(locationOfRule: [Int32], actionAtLocation: [Action]) {
        self.locationOfRule = locationOfRule
        self.actionAtLocation = actionAtLocation
    }

    init(rules: [Rule]) {
        struct FlagsKey: Hashable {
            var types: UInt32
            var loads: UInt8
            var contexts: UInt8
            var method: RequestMethod?

            init(_ trigger: Trigger) {
                types = trigger.resourceTypes.rawValue
                loads = trigger.loadTypes.rawValue
                contexts = trigger.loadContexts.rawValue
                method = trigger.requestMethod
            }
        }
        var locationOfRule = [Int32](repeating: -1, count: rules.count)
        var actions: [Action] = []
        var simple: [String: [FlagsKey: Int32]] = [:]
        var ignorePrevious: [FlagsKey: Int32] = [:]
        var keyed: [Action: [FlagsKey: Int32]] = [:]
        var cssGroups: [(trigger: Trigger, rules: [Int], selectors: [String])] = []
        var cssGroupIndex: [Trigger: Int] = [:]

        func append(_ action: Action) -> Int32 {
            actions.append(action)
            return Int32(actions.count - 1)
        }
        func flushCSS() {
            for group in cssGroups {
                let location = append(.cssDisplayNone(selector: group.selectors.joined(separator: ",")))
                for rule in group.rules { locationOfRule[rule] = location }
            }
            cssGroups.removeAll()
            cssGroupIndex.removeAll()
        }

        for (position, rule) in rules.enumerated() {
            let isIgnore = rule.action == .ignorePreviousRules || rule.action == .ignoreFollowingRules
            if isIgnore {
                flushCSS()
                simple.removeAll()
            } else {
                ignorePrevious.removeAll()
            }
            if rule.trigger.condition != nil || rule.action == .ignoreFollowingRules {
                locationOfRule[position] = append(rule.action)
                continue
            }
            let flags = FlagsKey(rule.trigger)
            switch rule.action {
            case .block, .blockCookies, .makeHTTPS:
                if let existing = simple[rule.action.typeName]?[flags] {
                    locationOfRule[position] = existing
                } else {
                    let location = append(rule.action)
                    simple[rule.action.typeName, default: [:]][flags] = location
                    locationOfRule[position] = location
                }
            case .notify:
                // Notifications merge by text and flags; cleared at ignore rules like the simple ones.
                let key = "notify:" + rule.action.summary
                if let existing = simple[key]?[flags] {
                    locationOfRule[position] = existing
                } else {
                    let location = append(rule.action)
                    simple[key, default: [:]][flags] = location
                    locationOfRule[position] = location
                }
            case .ignorePreviousRules:
                if let existing = ignorePrevious[flags] {
                    locationOfRule[position] = existing
                } else {
                    let location = append(rule.action)
                    ignorePrevious[flags] = location
                    locationOfRule[position] = location
                }
            case .redirect, .modifyHeaders:
                // WebKit never clears these maps, even at ignore rules.
                if let existing = keyed[rule.action]?[flags] {
                    locationOfRule[position] = existing
                } else {
                    let location = append(rule.action)
                    keyed[rule.action, default: [:]][flags] = location
                    locationOfRule[position] = location
                }
            case .cssDisplayNone(let selector):
                if let group = cssGroupIndex[rule.trigger] {
                    cssGroups[group].rules.append(position)
                    cssGroups[group].selectors.append(selector)
                } else {
                    cssGroupIndex[rule.trigger] = cssGroups.count
                    cssGroups.append((rule.trigger, [position], [selector]))
                }
            case .ignoreFollowingRules:
                break
            }
        }
        flushCSS()
        self.locationOfRule = locationOfRule
        self.actionAtLocation = actions
    }
}
