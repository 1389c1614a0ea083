// The pseudo-classes and pseudo-elements WebKit's selector parser knows, and
// what each takes as an argument.

extension CSSSelectorValidator {
    /// The pseudo-classes WebKit's content-blocker parser knows and has enabled
    /// (`CSSPseudoSelectors.json`, minus those behind a setting that is off
    /// there, such as `:popover-open`, and the `-internal-` ones reserved for
    /// user-agent style sheets).
    enum PseudoClass: Hashable {
        // User action.
        case hover, active, focus, focusVisible, focusWithin
        // Tree-structural.
        case root, empty, firstChild, lastChild, onlyChild, firstOfType, lastOfType, onlyOfType
        case nthChild, nthLastChild, nthOfType, nthLastOfType
        // Logical combinations.
        case not, `is`, `where`, webkitAny, has
        // Scrollbar states (meaningful after `::-webkit-scrollbar…`).
        case enabled, disabled, horizontal, vertical, decrement, increment, start, end
        case doubleButton, singleButton, noButton, cornerPresent, windowInactive
        // With arguments.
        case lang, dir, host, state
        /// Every other one, which takes no argument.
        case plain

        /// Lowercase name (aliases included) to pseudo-class.
        static let byName: [String: PseudoClass] = {
            var table: [String: PseudoClass] = [
                "hover": .hover, "active": .active, "focus": .focus,
                "focus-visible": .focusVisible, "focus-within": .focusWithin,
                "root": .root, "empty": .empty, "first-child": .firstChild, "last-child": .lastChild,
                "only-child": .onlyChild, "first-of-type": .firstOfType, "last-of-type": .lastOfType,
                "only-of-type": .onlyOfType, "nth-child": .nthChild, "nth-last-child": .nthLastChild,
                "nth-of-type": .nthOfType, "nth-last-of-type": .nthLastOfType,
                "not": .not, "is": .is, "matches": .is, "where": .where, "-webkit-any": .webkitAny, "has": .has,
                "enabled": .enabled, "disabled": .disabled, "horizontal": .horizontal, "vertical": .vertical,
                "decrement": .decrement, "increment": .increment, "start": .start, "end": .end,
                "double-button": .doubleButton, "single-button": .singleButton, "no-button": .noButton,
                "corner-present": .cornerPresent, "window-inactive": .windowInactive,
                "lang": .lang, "dir": .dir, "host": .host, "state": .state,
            ]
            let plain = [
                "link", "visited", "any-link", "-webkit-any-link", "target", "scope", "defined",
                "checked", "indeterminate", "default", "valid", "invalid", "user-valid", "user-invalid",
                "in-range", "out-of-range", "required", "optional", "read-only", "read-write",
                "placeholder-shown", "autofill", "-webkit-autofill", "-webkit-autofill-and-obscured",
                "-webkit-autofill-strong-password", "-webkit-autofill-strong-password-viewable",
                "fullscreen", "-webkit-full-screen", "modal", "-webkit-drag",
                "playing", "paused", "seeking", "buffering", "stalled", "muted", "volume-locked",
                "future", "past",
            ]
            for name in plain { table[name] = .plain }
            return table
        }()

        enum Argument { case none, optional, required }

        var argument: Argument {
            switch self {
            case .nthChild, .nthLastChild, .nthOfType, .nthLastOfType, .not, .is, .where, .webkitAny, .has,
                .lang, .dir, .state:
                return .required
            case .host:
                return .optional
            default:
                return .none
            }
        }

        private static let userAction: Set<PseudoClass> = [.hover, .active, .focus, .focusVisible, .focusWithin]
        private static let treeStructural: Set<PseudoClass> = [
            .root, .empty, .firstChild, .lastChild, .onlyChild, .firstOfType, .lastOfType, .onlyOfType,
            .nthChild, .nthLastChild, .nthOfType, .nthLastOfType,
        ]
        private static let logicalCombination: Set<PseudoClass> = [.not, .is, .where, .webkitAny, .has]
        private static let scrollbarState: Set<PseudoClass> = [
            .enabled, .disabled, .hover, .active, .horizontal, .vertical, .decrement, .increment, .start, .end,
            .doubleButton, .singleButton, .noButton, .cornerPresent, .windowInactive,
        ]

        /// May follow a user-agent part such as `::placeholder`.
        var isUserAction: Bool { Self.userAction.contains(self) }
        /// May not follow `::part()`.
        var isTreeStructural: Bool { Self.treeStructural.contains(self) }
        /// May follow any pseudo-element (its argument is checked on its own).
        var isLogicalCombination: Bool { Self.logicalCombination.contains(self) }
        /// May follow `::-webkit-scrollbar` and its relatives.
        var isScrollbarState: Bool { Self.scrollbarState.contains(self) }
    }

    enum PseudoElement: Hashable {
        case before, after, marker, backdrop
        case firstLine, firstLetter, selection, grammarError, spellingError, highlight
        /// `::cue(…)`; a bare `::cue` is a user-agent part.
        case cue
        case part, slotted
        /// `::-webkit-scrollbar` and its relatives, which take scrollbar states.
        case scrollbar
        /// A part of a form control's shadow tree (`::placeholder`,
        /// `::file-selector-button`, `::details-content`, most `::-webkit-…`),
        /// or any unknown `::-webkit-…` name.
        case userAgentPart

        static let byName: [String: PseudoElement] = {
            var table: [String: PseudoElement] = [
                "before": .before, "after": .after, "marker": .marker, "backdrop": .backdrop,
                "first-line": .firstLine, "first-letter": .firstLetter, "selection": .selection,
                "grammar-error": .grammarError, "spelling-error": .spellingError, "highlight": .highlight,
                "cue": .cue, "part": .part, "slotted": .slotted,
                "placeholder": .userAgentPart, "file-selector-button": .userAgentPart,
                "details-content": .userAgentPart,
            ]
            for name in ["-webkit-resizer", "-webkit-scrollbar", "-webkit-scrollbar-button", "-webkit-scrollbar-corner",
                         "-webkit-scrollbar-thumb", "-webkit-scrollbar-track", "-webkit-scrollbar-track-piece"] {
                table[name] = .scrollbar
            }
            return table
        }()

        /// The names also accepted after a single colon, for CSS 2.1.
        static let legacySingleColon: [String: PseudoElement] = [
            "before": .before, "after": .after, "first-line": .firstLine, "first-letter": .firstLetter,
        ]

        static func named(_ lowercaseName: String) -> PseudoElement? {
            if let known = byName[lowercaseName] { return known }
            return lowercaseName.hasPrefix("-webkit-") ? .userAgentPart : nil
        }

        var requiresArgument: Bool { self == .highlight || self == .part || self == .slotted }

        /// May follow `::slotted()`.
        var isTreeAbiding: Bool { [.before, .after, .marker, .backdrop].contains(self) }
    }

    /// One simple selector, as much of it as validation needs.
    enum SimpleSelector {
        case id, `class`, nesting, attribute
        case pseudoClass(PseudoClass)
        case pseudoElement(PseudoElement)

        /// Written without parentheses, this one is an error.
        var requiresArgument: Bool {
            switch self {
            case .pseudoClass(let pseudoClass): return pseudoClass.argument == .required
            case .pseudoElement(let pseudoElement): return pseudoElement.requiresArgument
            default: return false
            }
        }

        /// Written with parentheses, this one may be valid.
        var takesArgument: Bool {
            switch self {
            case .pseudoClass(let pseudoClass): return pseudoClass.argument != .none
            case .pseudoElement(let pseudoElement): return [.cue, .highlight, .part, .slotted].contains(pseudoElement)
            default: return false
            }
        }

        /// Whether this may follow `pseudoElement` in the same compound
        /// selector (WebKit's `isSimpleSelectorValidAfterPseudoElement`).
        func isAllowed(after pseudoElement: PseudoElement) -> Bool {
            switch self {
            case .pseudoElement(let next):
                if pseudoElement == .part { return next != .part }
                if pseudoElement == .slotted { return next.isTreeAbiding }
                return false
            case .pseudoClass(let pseudoClass):
                if pseudoClass.isLogicalCombination { return true }
                switch pseudoElement {
                case .part: return !pseudoClass.isTreeStructural
                case .scrollbar: return pseudoClass.isScrollbarState
                case .selection: return pseudoClass == .windowInactive
                case .userAgentPart: return pseudoClass.isUserAction
                default: return false
                }
            default:
                return false
            }
        }
    }
}
