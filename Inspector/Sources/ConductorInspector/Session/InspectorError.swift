/// Why the inspector could not start or do what it was asked.
public struct InspectorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in later releases.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        package let name: String
        private init(_ name: String) { self.name = name }
        /// The configuration is not usable: a capacity below 1, a port out of range, a limit of the server out of
        /// its range, a token a URL cannot carry as it is.
        public static let invalidConfiguration = Code("invalidConfiguration")
        /// The configuration would let others in, so the server did not start: a token estimated below 128 bits, or
        /// a host that is not loopback. Set `InspectorConfiguration.allowsInsecureConfiguration` to start anyway.
        public static let insecureConfiguration = Code("insecureConfiguration")
        /// The server could not listen: the port is taken, the address is not this machine's.
        public static let cannotListen = Code("cannotListen")
        /// Time travel was asked for an event that is not an intent of a watched store, or has left the ring.
        public static let cannotTravel = Code("cannotTravel")
        /// A test cannot be exported: no watched store has `Codable` state and intents and a test description.
        public static let cannotExportTest = Code("cannotExportTest")
        /// The code's name.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// What went wrong and what to do.
    package let message: String

    /// An error with a code and a message.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
