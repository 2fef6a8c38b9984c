/// A named value of a deep link: a path parameter or a query item.
struct DeepLinkItem: Sendable {
    let name: String
    let value: String
}
