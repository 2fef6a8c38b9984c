/// A named value of a deep link: a path parameter or a query item.
package struct DeepLinkItem: Sendable {
    package let name: String
    package let value: String
}
