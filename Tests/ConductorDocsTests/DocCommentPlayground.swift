/// Runs a doc comment's example as a playground does: every statement's value is kept, so a line that only shows a
/// value (`links.url(for: .item(3))   // "myapp://items/3"`) compiles without an unused-value warning, and the test
/// can check that the value is the one the comment states.
///
/// A function marked `@DocCommentPlayground` returns the values of its statements in order (a statement that has no
/// value, such as an assignment, gives `()`). Its body may declare constants and variables, but not types or
/// functions.
@resultBuilder
enum DocCommentPlayground {
    static func buildExpression<Value>(_ value: Value) -> [Any] { [value] }
    static func buildBlock(_ values: [Any]...) -> [Any] { values.flatMap { $0 } }
    static func buildArray(_ values: [[Any]]) -> [Any] { values.flatMap { $0 } }
    static func buildOptional(_ values: [Any]?) -> [Any] { values ?? [] }
    static func buildEither(first values: [Any]) -> [Any] { values }
    static func buildEither(second values: [Any]) -> [Any] { values }
}

extension Array where Element == Any {
    /// The values of type `Value` among a playground's, in order.
    func values<Value>(of type: Value.Type) -> [Value] { compactMap { $0 as? Value } }
}
