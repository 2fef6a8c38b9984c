import Conductor
import Testing

/// Deep-link parameters and command arguments read typed values by one set of rules (`TypedText`).
@MainActor
struct TypedTextTests {
    private func deepLinkBool(_ text: String) -> Bool? {
        try? DeepLinkParameters(url: "a://b", pattern: "a://b", path: ["flag": text], query: [:], rest: []).bool("flag")
    }

    private func deepLinkInt(_ text: String) -> Int? {
        try? DeepLinkParameters(url: "a://b", pattern: "a://b", path: ["n": text], query: [:], rest: []).int("n")
    }

    private func deepLinkDouble(_ text: String) -> Double? {
        try? DeepLinkParameters(url: "a://b", pattern: "a://b", path: ["n": text], query: [:], rest: []).double("n")
    }

    @Test(arguments: ["true", "false", "yes", "no", "1", "0", "YES", "True", "maybe", "", "2", "on"])
    func booleansReadTheSameInDeepLinksAndCommands(text: String) {
        #expect(deepLinkBool(text) == CommandValue.string(text).boolValue)
    }

    @Test(arguments: ["3", "-3", "+3", "3.0", "abc", "", "99999999999999999999", " 3"])
    func integersReadTheSameInDeepLinksAndCommands(text: String) {
        #expect(deepLinkInt(text) == CommandValue.string(text).intValue)
    }

    @Test(arguments: [
        "+", "-", "-0", "+0", "00012", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "\u{663}", "1_000", "0x10", "12a", "+-1", "--1", "1 ", "\u{FF11}", "/", ":",
    ])
    func integersAreReadAsIntReadsThem(text: String) {
        #expect(deepLinkInt(text) == Int(text))
        #expect(CommandValue.string(text).intValue == Int(text))
    }

    @Test func anyShortTextOfDigitsAndSignsIsReadAsIntReadsIt() {
        // Conductor reads integers from the bytes itself (Int(_:) on some StringProtocol is not specialised across
        // modules): 20,000 texts of digits, signs and a stray letter, up to 21 characters, around Int's limits too.
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789+-a ")
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...21, using: &generator)
            var text = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "0" })
            if Bool.random(using: &generator) { text = String(Int.random(in: .min ... .max, using: &generator)) + text }
            #expect(deepLinkInt(text) == Int(text), "\(text)")
            #expect(CommandValue.string(text).intValue == Int(text), "\(text)")
        }
    }

    @Test(arguments: ["1.5", "1e3", "inf", "nan", "-0", "x", ""])
    func numbersReadTheSameInDeepLinksAndCommands(text: String) {
        #expect(deepLinkDouble(text) == CommandValue.string(text).doubleValue)
    }

    @Test func aWrittenOneOrZeroIsABooleanArgumentToo() {
        #expect(CommandValue.int(1).boolValue == true)
        #expect(CommandValue.int(0).boolValue == false)
        #expect(CommandValue.int(2).boolValue == nil)
    }
}
