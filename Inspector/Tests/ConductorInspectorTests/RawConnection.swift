import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: A client that sends exactly what it is told

/// A TCP connection to the inspector on 127.0.0.1, made with the system's socket calls, so that a test sends
/// exactly the bytes it means — partial, malformed, unmasked — and sees exactly what comes back. Every call is
/// bounded in time and blocks its thread: tests make them through ``offThePool(_:)``, never on Swift's
/// cooperative pool, which the server's own tasks need.
final class RawConnection: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    #if canImport(Glibc)
        private static let sendFlags = Int32(MSG_NOSIGNAL)  // a closed peer is an error, not SIGPIPE
        private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
        private static let sendFlags: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead
        private static let streamType = SOCK_STREAM
    #endif

    /// Connects to `port` on 127.0.0.1; `nil` when no connection can be made.
    static func open(port: Int) -> RawConnection? {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { return nil }
        let connection = RawConnection(descriptor: descriptor)  // closes the descriptor if returned early
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let connected = withUnsafePointer(to: address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        // A read waits 100 ms at most, so every loop below keeps its own deadline; a write, 2 s.
        var readSlice = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &readSlice, socklen_t(MemoryLayout<timeval>.size))
        var writeLimit = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &writeLimit, socklen_t(MemoryLayout<timeval>.size))
        return connection
    }

    /// Sends `bytes`; `false` when the server closed the connection, or stopped reading, before taking them all.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Self.sendFlags)
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// What the server sends within `seconds`, until `enough` says it is what the test waits for, or until the
    /// server closes the connection (`closed`: an orderly close or a reset).
    func read(within seconds: Double, until enough: ([UInt8]) -> Bool = { _ in false }) -> (
        bytes: [UInt8], closed: Bool
    ) {
        let result = readTellingReset(within: seconds, until: enough)
        return (result.bytes, result.closed)
    }

    /// ``read(within:until:)``, and whether the close was a reset (`ECONNRESET`) rather than an orderly one.
    func readTellingReset(within seconds: Double, until enough: ([UInt8]) -> Bool = { _ in false }) -> (
        bytes: [UInt8], closed: Bool, reset: Bool
    ) {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += chunk[0..<count]
                if enough(received) { return (received, false, false) }
            } else if count == 0 {
                return (received, true, false)
            } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                return (received, true, errno == ECONNRESET)  // reset by the server
            }
        }
        return (received, false, false)
    }

    /// Ends the connection from this side (the server reads the end); the descriptor is freed with the object.
    func disconnect() { shutdown(descriptor, Int32(SHUT_RDWR)) }

    /// Ends this side's writing (the server reads the end) and keeps reading what the server sends.
    func endWriting() { shutdown(descriptor, Int32(SHUT_WR)) }
}

/// Runs `work`, which blocks, on a Dispatch thread — never on the cooperative pool the server's tasks need — and
/// returns its result.
func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}

/// An HTTP/1.1 GET request head: its request line, `Host` (this server's unless `host` names another), the other
/// headers, `Connection: close` when `closes`, and the blank line.
func requestHead(
    _ target: String, port: Int, host: String? = nil, headers: [(String, String)] = [], closes: Bool = true
) -> [UInt8] {
    var text = "GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if closes { text += "Connection: close\r\n" }
    return Array((text + "\r\n").utf8)
}

/// The origin of the inspector's page, as a browser sends it.
func pageOrigin(_ port: Int) -> String { "http://127.0.0.1:\(port)" }

/// Opens a connection, sends `bytes`, and returns what comes back within `seconds`, until the server closes it.
func exchange(port: Int, _ bytes: [UInt8], within seconds: Double = 3) -> (bytes: [UInt8], closed: Bool) {
    guard let connection = RawConnection.open(port: port) else { return ([], false) }
    defer { connection.disconnect() }
    connection.write(bytes)
    return connection.read(within: seconds)
}

/// Where the head of the response at the start of `bytes` ends, after its blank line; `nil` before it is whole.
func headEnd(_ bytes: [UInt8]) -> Int? {
    let blankLine: [UInt8] = [13, 10, 13, 10]
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4) where bytes[index..<(index + 4)].elementsEqual(blankLine) {
        return index + 4
    }
    return nil
}

/// The status code of the HTTP response at the start of `bytes`; `nil` when they do not start with one.
func statusCode(_ bytes: [UInt8]) -> Int? {
    let line = String(decoding: bytes.prefix(12), as: UTF8.self)
    guard line.hasPrefix("HTTP/1.1 ") else { return nil }
    return Int(line.dropFirst(9))
}

/// The header fields of the response at the start of `bytes`, their names lowercased.
func responseHeaders(_ bytes: [UInt8]) -> [String: String] {
    guard let end = headEnd(bytes) else { return [:] }
    var fields: [String: String] = [:]
    for line in String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n").dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        fields[line[..<colon].lowercased()] = line[line.index(after: colon)...]
            .trimmingCharacters(in: .whitespaces)
    }
    return fields
}
