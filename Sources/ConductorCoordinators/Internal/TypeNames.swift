/// Type names as `String(describing:)` gives them, worked out once per type: describing a type walks its metadata
/// and costs thousands of instructions, and the headless router names a module on every push and pop.
@MainActor
enum TypeNames {
    private static var names: [ObjectIdentifier: String] = [:]

    static func name(of type: Any.Type) -> String {
        if let name = names[ObjectIdentifier(type)] { return name }
        let name = String(describing: type)
        names[ObjectIdentifier(type)] = name
        return name
    }
}
