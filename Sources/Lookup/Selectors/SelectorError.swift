/// Why a CSS selector was refused, and where: the selector as written, the
/// character (counted from 1) where reading stopped, and what was expected
/// or is not supported, so that a profile author can fix it without
/// guessing which of five selectors is meant.
public struct SelectorError: Error, Sendable, Equatable, CustomStringConvertible {
    public let selector: String
    /// The 1-based position of the character where the problem is.
    public let position: Int
    public let message: String

    public var description: String { "bad selector \"\(selector)\": \(message) at character \(position)" }
}
