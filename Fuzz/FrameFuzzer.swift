// libFuzzer entry for the quad wire core (QuadWireCore, compiled into this module by
// Fuzz/build.sh). The input is a byte stream arriving on one connection; see Fuzz/README.md.
//
// The harness itself is Tests/QuadWireCoreTests/FrameFuzzHarness.swift, which the
// regression test shares; Fuzz/build.sh compiles it into this module.

/// libFuzzer calls this once per input. A failed check traps, so libFuzzer saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    do {
        try FrameFuzzHarness.run(input)
    } catch {
        fatalError("fuzz check failed: \(error)")
    }
    return 0
}
