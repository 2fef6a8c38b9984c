/// The name of what a deep link needs before a flow can take it, such as `"signed in"` or `"paid plan"`: a link
/// names it (``DeepLink/requirement``), and ``DeferredDeepLinks`` is given how to check it.
public struct DeepLinkRequirement: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The requirement's name.
    public let name: String

    /// A requirement of this name.
    public init(_ name: String) { self.name = name }

    /// A requirement written as a string literal.
    public init(stringLiteral name: String) { self.name = name }

    /// The name.
    public var description: String { name }
}
