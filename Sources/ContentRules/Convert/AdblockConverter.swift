/// Converts AdBlock Plus / uBlock Origin filter lists into WKContentRuleList
/// rules, with WebKit's semantics as the target (see README, "limot rules convert").
///
/// The order of the output is what makes exceptions work: WebKit's
/// `ignore-previous-rules` discards only earlier rules of the same list, so
/// every exception comes after what it overrides, and `$important` filters
/// after the exceptions they beat:
///
/// 1. generic element hiding (`##sel`, `~a.com##sel`), the list's global style sheet;
/// 2. `@@…$generichide`;
/// 3. element hiding for named sites (`a.com##sel`);
/// 4. `@@…$elemhide`;
/// 5. blocking filters;
/// 6. `@@` exceptions;
/// 7. `$important` blocking filters;
/// 8. `@@…$document`, which excepts whole pages.
public enum AdblockConverter {
    /// The sections of the output, in order.
    enum Section: Int, CaseIterable {
        case genericHiding, genericHidingExceptions, specificHiding, elementHidingExceptions
        case blocks, exceptions, importantBlocks, documentExceptions
    }

    /// A converted filter waiting for the sections to be assembled.
    struct Pending {
        var section: Section
        var trigger: Trigger
        var action: Action
        var source: Int32
        var line: Int
        var text: Substring
        /// The `$badfilter` key of a network filter.
        var key: String?
    }

    /// What `#@#` exceptions say for one selector.
    struct HidingException {
        var everywhere = false
        var domains: [String] = []
    }

    /// Converts one list. `source` names it in skipped lines and origins.
    public static func convert(_ text: String, source: String) -> AdblockConversion {
        convert([(source: source, text: text)])
    }

    /// Converts several lists into one rule list; `$badfilter` and `#@#`
    /// apply across them, as when a blocker loads them together.
    public static func convert(_ inputs: [(source: String, text: String)]) -> AdblockConversion {
        var pending: [Pending] = []
        var hides: [(filter: AdblockCosmeticFilter, source: Int32, line: Int, text: Substring)] = []
        var hidingExceptions: [String: HidingException] = [:]
        var badfilters: Set<String> = []
        var skipped: [AdblockSkippedLine] = []
        var filterCount = 0
        for (sourceIndex, input) in inputs.enumerated() {
            let source = Int32(sourceIndex)
            var lineNumber = 0
            for rawLine in input.text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
                lineNumber += 1
                let text = trimmed(Substring(rawLine))
                if AdblockLine.isComment(text) { continue }
                filterCount += 1
                do throws(AdblockSkipReason) {
                    switch try AdblockLine.read(text) {
                    case .comment:
                        continue
                    case .network(let filter):
                        if filter.options.badfilter {
                            badfilters.insert(filter.key)
                            throw .badfilter
                        }
                        let (section, triggers, action) = try rules(for: filter)
                        for trigger in triggers {
                            pending.append(Pending(section: section, trigger: trigger, action: action, source: source, line: lineNumber, text: text, key: filter.key))
                        }
                    case .cosmetic(let filter):
                        if filter.isException {
                            var exception = hidingExceptions[filter.selector] ?? HidingException()
                            if filter.includedDomains.isEmpty { exception.everywhere = true }
                            exception.domains += filter.includedDomains
                            hidingExceptions[filter.selector] = exception
                        } else {
                            hides.append((filter, source, lineNumber, text))
                        }
                    }
                } catch {
                    skipped.append(AdblockSkippedLine(source: input.source, line: lineNumber, text: String(text), reason: error))
                }
            }
        }
        for hide in hides {
            do throws(AdblockSkipReason) {
                pending += try rules(for: hide.filter, exceptions: hidingExceptions[hide.filter.selector], source: hide.source, line: hide.line, text: hide.text)
            } catch {
                skipped.append(AdblockSkippedLine(source: inputs[Int(hide.source)].source, line: hide.line, text: String(hide.text), reason: error))
            }
        }
        if !badfilters.isEmpty {
            pending.removeAll { item in
                guard let key = item.key, badfilters.contains(key) else { return false }
                skipped.append(AdblockSkippedLine(source: inputs[Int(item.source)].source, line: item.line, text: String(item.text), reason: .badfilter))
                return true
            }
        }
        var sections = Array(repeating: [Pending](), count: Section.allCases.count)
        for item in pending { sections[item.section.rawValue].append(item) }
        var rules: [Rule] = []
        var ruleSources: [Int32] = []
        rules.reserveCapacity(pending.count)
        ruleSources.reserveCapacity(pending.count)
        for item in sections.joined() {
            rules.append(Rule(trigger: item.trigger, action: item.action, index: rules.count, line: item.line))
            ruleSources.append(item.source)
        }
        skipped.sort { ($0.source, $0.line) < ($1.source, $1.line) }
        return AdblockConversion(rules: rules, ruleSources: ruleSources, sources: inputs.map(\.source), skipped: skipped, filterCount: filterCount)
    }

    /// The line without surrounding whitespace (a CR of CRLF line ends, a BOM).
    private static func trimmed(_ line: Substring) -> Substring {
        var line = line
        while let first = line.unicodeScalars.first, first == " " || first == "\t" || first == "\u{FEFF}" {
            line = Substring(line.unicodeScalars.dropFirst())
        }
        while let last = line.unicodeScalars.last, last == " " || last == "\t" || last == "\r" {
            line = Substring(line.unicodeScalars.dropLast())
        }
        return line
    }
}
