import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Rules for the text a user types that the demo stores: kept exactly as typed, or refused with a message.
///
/// Each limit says what it counts. A title or a name is at most ``maximumLength`` Unicode scalars — not characters
/// as a reader sees them: an accented letter written as a letter and a combining mark counts two, so one letter
/// carrying a million combining marks is refused rather than stored as a 2 MB title. A line of a script or of
/// standard input is at most ``DemoLineReader/maximumLineLength`` bytes of UTF-8.
public enum DemoText {
    /// The longest title or name stored, in Unicode scalars.
    static let maximumLength = 200

    /// An item's title from a `save` or `rename` command (`usage`, for the message when it is missing): trimmed, not
    /// empty, and storable as typed.
    static func title(_ text: String?, usage: String = "save <title>") throws -> String {
        let title = (text ?? "").trimmed
        guard !title.isEmpty else { throw DemoProblem("An item needs a title: '\(usage)'.") }
        return try validated(title, as: "title")
    }

    /// A user name from `login` or `register`: trimmed, not empty, and storable as typed.
    static func name(_ text: String?, usage: String) throws -> String {
        let name = (text ?? "").trimmed
        guard !name.isEmpty else { throw DemoProblem("A name is needed: '\(usage)'.") }
        return try validated(name, as: "name")
    }

    /// The text as typed, or a problem saying why it cannot be stored as typed: a control character (SQLite's text
    /// would end at a NUL, losing what follows; a terminal would act on an escape) or more than ``maximumLength``
    /// Unicode scalars.
    static func validated(_ text: String, as what: String) throws -> String {
        var length = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                throw DemoProblem(
                    "A \(what) cannot contain control characters (found \(codePoint(scalar))); type it as plain text.")
            }
            length += 1
        }
        guard length <= maximumLength else {
            throw DemoProblem(
                "A \(what) is at most \(maximumLength) Unicode scalars (each letter, space and accent mark counts "
                    + "one); this one has \(length).")
        }
        return text
    }

    /// Text shortened for echoing back in a message: at most `limit` Unicode scalars, the last one `…` when cut, and
    /// control characters shown as their code points (`U+001B`), so that an echo cannot drive the terminal.
    public static func excerpt(_ text: String, limit: Int = 40) -> String {
        let scalars = text.unicodeScalars
        // Cut when there are more than `limit` scalars, reading no further than that.
        let isCut =
            scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex).map {
                $0 != scalars.endIndex
            } ?? false
        var result = ""
        for scalar in scalars.prefix(isCut ? limit - 1 : limit) {
            if drivesTheTerminal(scalar) {
                result += codePoint(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return isCut ? result + "…" : result
    }

    /// `text` as the terminal may show it: every control character (an escape sequence's ESC included), every bidi
    /// control (which reorders what follows: U+202E shows text backwards) and the line and paragraph separators
    /// (U+2028, U+2029) shown as their code points, so that nothing a link, a saved name or a typed line carries
    /// drives the terminal. Everything the demo prints goes through it.
    public static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: drivesTheTerminal) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if drivesTheTerminal(scalar) { result += codePoint(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// Whether printing `scalar` raw could drive or mislead the terminal.
    public static func drivesTheTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default:
            return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
                || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
        }
    }

    /// A scalar's code point as `U+0000`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let code = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code
    }
}

extension String {
    /// The string without leading and trailing whitespace (Unicode's definition).
    var trimmed: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

// MARK: Lines

/// One line of a script or of standard input, as the demo reads it.
public enum DemoLine: Sendable, Equatable {
    /// The line's text, without its line end.
    case text(String)
    /// A line the demo does not run, and the message saying why: longer than
    /// ``DemoLineReader/maximumLineLength`` bytes, or not UTF-8.
    case refused(String)
}

/// Reading a script or standard input failed.
public struct DemoReadError: Error, Equatable, CustomStringConvertible {
    /// The system's error number (`errno`).
    public let code: Int32

    /// An error for the system's error number `code`.
    public init(code: Int32) { self.code = code }

    /// The system's text for the error, such as `Is a directory`.
    public var description: String { String(cString: strerror(code)) }
}

/// Splits bytes into lines as they are read, holding at most one read's bytes and one line: a script or a piped
/// input of any size is run in bounded memory, never loaded whole.
///
/// A line ends at LF, or at CRLF (the CR goes with the LF), and nowhere else: a lone CR, VT, FF, NEL (U+0085),
/// U+2028 or U+2029 is part of the line as typed, so text holding one (a title) stays one line, and the title
/// rules decide whether it can be stored. The last line needs no line end. A line longer than
/// ``maximumLineLength`` bytes, or whose bytes are not UTF-8, is refused whole (``DemoLine/refused(_:)``): never
/// cut, never repaired, and the lines after it are read as usual.
public struct DemoLineReader {
    /// The longest line, in bytes of UTF-8 without its line end.
    public static let maximumLineLength = 65_536
    /// How many bytes one read of a file descriptor asks for.
    static let readSize = 65_536

    /// The next bytes of the input; empty (or `nil`) at its end.
    private let nextBytes: () throws -> [UInt8]?
    private var bytes: [UInt8] = []
    private var position = 0
    private var isAtEnd = false
    /// The number of lines returned so far: the number of the last one.
    public private(set) var lineNumber = 0

    /// Reads from a file descriptor, such as a script's or standard input's. Each read takes what is available, so
    /// a line typed at a terminal is returned as soon as it ends. The descriptor is not closed.
    public init(fileDescriptor: Int32) {
        nextBytes = { try Self.read(fileDescriptor) }
    }

    /// Reads from `chunks`, one after another, as if each were one read: for text in memory, and for tests of lines
    /// that span reads.
    public init(chunks: some Sequence<[UInt8]>) {
        var iterator = chunks.makeIterator()
        nextBytes = { iterator.next() }
    }

    /// The next line, or `nil` at the end of the input.
    /// - Throws: ``DemoReadError`` when a read fails.
    public mutating func next() throws -> DemoLine? {
        var line: [UInt8] = []
        // The line's length in bytes, whether or not they are kept, and its last byte.
        var length = 0
        var last: UInt8?
        var hasBytes = false
        while true {
            if position == bytes.count {
                guard !isAtEnd, let next = try nextBytes(), !next.isEmpty else {
                    isAtEnd = true
                    break
                }
                bytes = next
                position = 0
            }
            hasBytes = true
            let newline = Self.firstNewline(in: bytes, from: position)
            let end = newline ?? bytes.count
            if end > position {
                length += end - position
                last = bytes[end - 1]
                // One byte beyond the limit is kept: a CR that the LF after it makes part of the line end.
                if length <= Self.maximumLineLength + 1 {
                    line.append(contentsOf: bytes[position..<end])
                } else if !line.isEmpty {
                    line = []
                }
            }
            if let newline {
                position = newline + 1
                return finish(line, length: length, endsWithCR: last == UInt8(ascii: "\r"))
            }
            position = end
        }
        guard hasBytes else { return nil }
        // The last line, without a line end: a CR there is the line's own.
        return finish(line, length: length, endsWithCR: false)
    }

    /// The line read: its text, or why it is refused. `line` holds its bytes unless it is too long; `length` counts
    /// them all.
    private mutating func finish(_ line: [UInt8], length: Int, endsWithCR: Bool) -> DemoLine {
        lineNumber += 1
        var line = line
        var length = length
        if endsWithCR {
            length -= 1
            if !line.isEmpty { line.removeLast() }
        }
        guard length <= Self.maximumLineLength else {
            return .refused(
                "Line \(lineNumber) is longer than \(Self.maximumLineLength) bytes (it has \(length)); it was not run.")
        }
        // Decoding repairs bad bytes: the text is the bytes only when it encodes back to them.
        let text = String(decoding: line, as: UTF8.self)
        guard text.utf8.elementsEqual(line) else {
            return .refused("Line \(lineNumber) is not UTF-8 text; it was not run.")
        }
        return .text(text)
    }

    /// The index of the first LF in `bytes` at or after `start`. With `memchr`: a generic search costs a call per
    /// byte in a debug build, which is how `swift run` builds the demo.
    private static func firstNewline(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, start < buffer.count,
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
            else { return nil }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
    }

    /// One read of `descriptor`: what is available, up to ``readSize`` bytes; empty at the end of the input.
    private static func read(_ descriptor: Int32) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: readSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 {
                buffer.removeSubrange(count...)
                return buffer
            }
            let code = errno
            if code != EINTR { throw DemoReadError(code: code) }
        }
    }
}

/// Lines read off the main actor, one when asked: the main actor stays free while the demo waits for input (the
/// Inspector's page is served from it), and nothing is read ahead of the line asked for, so memory stays bounded
/// whatever the input's size.
public final class DemoLineSource: @unchecked Sendable {
    // Unchecked: `reader` is used only on `queue`, one read at a time; `ownedDescriptor` is constant.
    private var reader: DemoLineReader
    private let queue = DispatchQueue(label: "conductor-demo.lines")
    /// The descriptor this source opened and closes; `nil` for one it was given.
    private let ownedDescriptor: Int32?

    /// Lines of an open file descriptor, such as standard input's; it is not closed.
    public init(fileDescriptor: Int32) {
        reader = DemoLineReader(fileDescriptor: fileDescriptor)
        ownedDescriptor = nil
    }

    /// Lines of the file at `path`, opened for reading now and closed when the source is released.
    /// - Throws: ``DemoReadError`` when the file cannot be opened.
    public init(contentsOf path: String) throws(DemoReadError) {
        let descriptor = systemOpen(path)
        guard descriptor >= 0 else { throw DemoReadError(code: errno) }
        reader = DemoLineReader(fileDescriptor: descriptor)
        ownedDescriptor = descriptor
    }

    /// Lines from a reader.
    public init(_ reader: DemoLineReader) {
        self.reader = reader
        ownedDescriptor = nil
    }

    deinit {
        if let ownedDescriptor { systemClose(ownedDescriptor) }
    }

    /// The next line, or `nil` at the end of the input; read on a queue of its own.
    /// - Throws: ``DemoReadError`` when a read fails.
    public func next() async throws -> DemoLine? {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try self.reader.next() }) }
        }
    }
}

// The system calls, named apart from the readers' own members.

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
        return Darwin.read(descriptor, buffer, count)
    #elseif canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
        return Musl.read(descriptor, buffer, count)
    #endif
}

private func systemOpen(_ path: String) -> Int32 {
    #if canImport(Darwin)
        return Darwin.open(path, O_RDONLY)
    #elseif canImport(Glibc)
        return Glibc.open(path, O_RDONLY)
    #elseif canImport(Musl)
        return Musl.open(path, O_RDONLY)
    #endif
}

private func systemClose(_ descriptor: Int32) {
    #if canImport(Darwin)
        _ = Darwin.close(descriptor)
    #elseif canImport(Glibc)
        _ = Glibc.close(descriptor)
    #elseif canImport(Musl)
        _ = Musl.close(descriptor)
    #endif
}
