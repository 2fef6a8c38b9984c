/// How an ``Inspector`` listens, how much it keeps, and what its server lets in.
///
/// Every limit has a safe default; see the module's Security section for what the server enforces with them.
public struct InspectorConfiguration: Sendable {
    /// The address the server listens on: loopback (`127.0.0.1`) by default, so only this machine reaches it. Any
    /// other address than `localhost`, `::1` or one of `127.0.0.0/8` is refused at start unless
    /// ``allowsInsecureConfiguration`` is set.
    package var host: String
    /// The port; `0` (the default) takes any free one — ``Inspector/url`` says which.
    package var port: Int
    /// How many events the app keeps, the newest; older ones leave the ring (and the page shows how many). 2,000 by
    /// default.
    package var capacity: Int
    /// How many events may wait for one page before the oldest waiting are dropped (and counted): a slow or stalled
    /// browser never blocks the app. 1,000 by default.
    package var clientBuffer: Int
    /// Whether command validations are events; menus validate often. `true` by default.
    package var recordsValidations: Bool
    /// The secret the page's URL and the socket must carry; random (128 bits, 32 hexadecimal digits) by default.
    ///
    /// It may only contain letters, digits, `-`, `.`, `_` and `~`, so the URL carries it as it is. One estimated
    /// below 128 bits — fewer than 32 hexadecimal digits, or 22 letters and digits — is refused at start unless
    /// ``allowsInsecureConfiguration`` is set.
    package var token: String
    /// How many connections the server keeps open at once, the pages' sockets included, so no other process can make
    /// the app run out of file descriptors through the inspector. One accepted beyond it takes the place of one that
    /// has not presented the token — which is closed — so a process without the token cannot keep the page out by
    /// holding them all; when every open one presented the token, it is closed at once. 32 by default; at least 1.
    package var maximumConnections: Int
    /// How long a connection may wait without sending a request: one just opened, or between two requests, is closed
    /// when no byte of a request comes for this long. A page's socket is pinged this often, and closed when it has
    /// not answered by the next ping. 30 seconds by default; more than zero.
    package var idleTimeout: Duration
    /// How long a request's head (its request line and headers) may take from its first byte; a connection that sends
    /// it more slowly, or stops halfway, is answered 408 and closed. 10 seconds by default; more than zero.
    package var requestHeadTimeout: Duration
    /// The largest message a page may send on its socket, in bytes. The page sends a large import in chunks of
    /// 256 KiB (its size is bounded by `InspectorSession.maximumImportBytes`, not by this); a recording sent whole,
    /// as one `import` request, must fit. A larger message closes the socket (status 1009). 1 MiB by default;
    /// between 1 KiB and 1 GiB.
    package var maximumMessageSize: Int
    /// Starts the server even when the ``token`` is estimated below 128 bits or the ``host`` is not loopback, logging
    /// a warning at start. Off by default: a short token lets another local process guess its way in, and a
    /// non-loopback address lets other machines reach the app's data. Set it only on a machine and a network you
    /// trust.
    package var allowsInsecureConfiguration: Bool

    /// The fewest bits a token may be estimated to carry unless ``allowsInsecureConfiguration`` is set.
    internal static let minimumTokenBits = 128

    /// A configuration; every argument has a safe default.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        capacity: Int = 2_000,
        clientBuffer: Int = 1_000,
        recordsValidations: Bool = true,
        token: String? = nil,
        maximumConnections: Int = 32,
        idleTimeout: Duration = .seconds(30),
        requestHeadTimeout: Duration = .seconds(10),
        maximumMessageSize: Int = 1 << 20,
        allowsInsecureConfiguration: Bool = false
    ) {
        self.host = host
        self.port = port
        self.capacity = capacity
        self.clientBuffer = clientBuffer
        self.recordsValidations = recordsValidations
        self.token = token ?? Self.randomToken()
        self.maximumConnections = maximumConnections
        self.idleTimeout = idleTimeout
        self.requestHeadTimeout = requestHeadTimeout
        self.maximumMessageSize = maximumMessageSize
        self.allowsInsecureConfiguration = allowsInsecureConfiguration
    }

    /// 32 hexadecimal digits (128 bits) from the system's random number generator; drawn again in the rare case
    /// (about 1 in 3 million) that all 32 are decimal digits, which the start-up check would estimate below 128 bits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        var token: String
        repeat {
            token = (0..<4).map { _ in
                let word = String(generator.next() as UInt32, radix: 16)
                return String(repeating: "0", count: 8 - word.count) + word
            }.joined()
        } while estimatedBits(of: token) < minimumTokenBits
        return token
    }

    // MARK: Checks made when the server starts

    /// The smallest and largest ``maximumMessageSize``: the frame decoder takes at most `UInt32.max` bytes, and a
    /// gibibyte per page is already more memory than an inspector should ask for.
    static let messageSizeRange = (1 << 10)...(1 << 30)

    /// Throws ``InspectorError/Code/invalidConfiguration`` for a limit the server cannot work with, or a token the
    /// URL cannot carry as it is.
    func checkServerLimits() throws(InspectorError) {
        guard (0...65_535).contains(port) else {
            throw InspectorError(.invalidConfiguration, "Port \(port) is not between 0 and 65535.")
        }
        guard maximumConnections >= 1 else {
            throw InspectorError(
                .invalidConfiguration, "maximumConnections (\(maximumConnections)) must be at least 1.")
        }
        guard idleTimeout > .zero, requestHeadTimeout > .zero else {
            throw InspectorError(
                .invalidConfiguration,
                "idleTimeout (\(idleTimeout)) and requestHeadTimeout (\(requestHeadTimeout)) must be more than zero.")
        }
        guard Self.messageSizeRange.contains(maximumMessageSize) else {
            throw InspectorError(
                .invalidConfiguration,
                "maximumMessageSize (\(maximumMessageSize) bytes) must be between 1 KiB and 1 GiB.")
        }
        guard token.unicodeScalars.allSatisfy(Self.isUnreserved) else {
            throw InspectorError(
                .invalidConfiguration,
                "The inspector's token may only contain letters, digits, '-', '.', '_' and '~', so that its URL "
                    + "carries it as it is.")
        }
    }

    /// Why this configuration would let others in — a token estimated below ``minimumTokenBits``, a host that is
    /// not loopback — one sentence each; empty when it is safe.
    var insecurities: [String] {
        var found: [String] = []
        let bits = Self.estimatedBits(of: token)
        if bits < Self.minimumTokenBits {
            found.append(
                "its token (\(token.unicodeScalars.count) characters) carries about \(bits) bits, fewer than "
                    + "\(Self.minimumTokenBits): use the default random one, or at least 32 hexadecimal digits")
        }
        if !Self.isLoopback(host) {
            found.append(
                "its host '\(host)' is not loopback (127.0.0.1, ::1 or localhost), so other machines can reach the "
                    + "app's data")
        }
        return found
    }

    /// Whether `scalar` is one of RFC 3986's unreserved characters: ASCII letters and digits, `-`, `.`, `_`, `~`.
    static func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~": true
        default: false
        }
    }

    /// How many bits `token` carries if its characters were drawn at random from the kinds it uses: 4 a character
    /// for hexadecimal digits (3.3 for decimal ones), about 6 for letters, digits and `-._~`. An estimate — it cannot
    /// see that `aaaa…` was not drawn at random — so the rule is about length: 32 hexadecimal digits or 22 letters
    /// and digits.
    static func estimatedBits(of token: String) -> Int {
        let scalars = token.unicodeScalars
        let isDigit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
        let isLower = { (scalar: Unicode.Scalar) in ("a"..."z").contains(scalar) }
        let isUpper = { (scalar: Unicode.Scalar) in ("A"..."Z").contains(scalar) }
        let alphabet: Int
        if scalars.allSatisfy(isDigit) {
            alphabet = 10
        } else if scalars.allSatisfy({ isDigit($0) || ("a"..."f").contains($0) })
            || scalars.allSatisfy({ isDigit($0) || ("A"..."F").contains($0) })
        {
            alphabet = 16
        } else {
            alphabet =
                (scalars.contains(where: isDigit) ? 10 : 0) + (scalars.contains(where: isLower) ? 26 : 0)
                + (scalars.contains(where: isUpper) ? 26 : 0)
                + (scalars.contains(where: { !isDigit($0) && !isLower($0) && !isUpper($0) }) ? 4 : 0)
        }
        // log2 of each alphabet the kinds above can add up to, in hundredths of a bit, rounded down.
        let hundredthsPerCharacter =
            switch alphabet {
            case 10: 332
            case 14: 380
            case 16: 400
            case 26: 470
            case 30: 490
            case 36: 516
            case 40: 532
            case 52: 570
            case 56: 580
            case 62: 595
            case 66: 604
            default: 200  // 4: only symbols
            }
        return scalars.count * hundredthsPerCharacter / 100
    }

    /// Whether `host` names this machine's loopback interface: `localhost`, `::1`, or an address of `127.0.0.0/8`.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            (1...3).contains(part.count) && part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
                && (UInt8(part) != nil)
        }
    }
}
