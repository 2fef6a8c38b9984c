// SwiftPM links an executable target's entry point as `<Target>_main`, which hides libFuzzer's own `main`. Each fuzz
// target defines that entry point and hands control to libFuzzer's driver through `runLibFuzzer`.

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// Runs libFuzzer's driver with the program's arguments, calling `callback` with each input.
public func runLibFuzzer(
    _ argc: CInt,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt {
    var argc = argc
    var argv = argv
    return runFuzzerDriver(&argc, &argv, callback)
}
