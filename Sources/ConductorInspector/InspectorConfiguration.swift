/// How an ``Inspector`` listens and how much it keeps.
public struct InspectorConfiguration: Sendable {
    /// The address the server listens on: loopback (`127.0.0.1`) by default, so only this machine reaches it.
    public var host: String
    /// The port; `0` (the default) takes any free one — ``Inspector/url`` says which.
    public var port: Int
    /// How many events the app keeps, the newest; older ones leave the ring (and the page shows how many). 2,000 by
    /// default.
    public var capacity: Int
    /// How many events may wait for one page before the oldest waiting are dropped (and counted): a slow or stalled
    /// browser never blocks the app. 1,000 by default.
    public var clientBuffer: Int
    /// Whether command validations are events; menus validate often. `true` by default.
    public var recordsValidations: Bool
    /// The secret the page's URL and the socket must carry; random (128 bits) by default.
    public var token: String

    /// A configuration; every argument has a safe default.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        capacity: Int = 2_000,
        clientBuffer: Int = 1_000,
        recordsValidations: Bool = true,
        token: String? = nil
    ) {
        self.host = host
        self.port = port
        self.capacity = capacity
        self.clientBuffer = clientBuffer
        self.recordsValidations = recordsValidations
        self.token = token ?? Self.randomToken()
    }

    /// 32 hexadecimal digits from the system's random number generator.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - word.count) + word
        }.joined()
    }
}
