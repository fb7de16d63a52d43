// The services' libFuzzer target (issue 17 item 3): one input is one call to a routed method of the service named
// by QUAD_FUZZ_TARGET, on the whole system in this process (ServiceFuzzTarget in Tests/Support/ServiceFuzzHarness).
// Fuzz/build-services.sh links it with the harness and the services; Fuzz/run-services.sh runs it.
import Foundation
import Logging
import ServiceFuzzHarness

/// QUAD_FUZZ_VERBOSE=1 prints each input's method, caller and status (to see what a corpus reaches).
private let verbose = ProcessInfo.processInfo.environment["QUAD_FUZZ_VERBOSE"] == "1"

/// The target, made at the first input (its system starts then: databases, certificates, two registered people).
nonisolated(unsafe) private var target: ServiceFuzzTarget?

private func loadTarget() -> ServiceFuzzTarget {
    if let target { return target }
    // Services log every refusal; a fuzzer makes millions.
    LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
    let name = ProcessInfo.processInfo.environment["QUAD_FUZZ_TARGET"] ?? ""
    let made = BlockingCall.run { () -> Result<ServiceFuzzTarget, FuzzFailure> in
        do {
            return .success(try await ServiceFuzzTarget.make(name))
        } catch {
            return .failure(FuzzFailure(code: .internal, message: "QUAD_FUZZ_TARGET=\(name): \(error)"))
        }
    }
    switch made {
    case .success(let made):
        target = made
        return made
    case .failure(let failure):
        FileHandle.standardError.write(Data("cannot start the fuzz target: \(failure)\n".utf8))
        exit(2)
    }
}

/// With QUAD_FUZZ_WRITE_SEEDS=DIR, writes the target's seeds (FuzzSeeds) into DIR and exits
/// (Fuzz/make-service-seeds.sh).
@_cdecl("LLVMFuzzerInitialize")
public func serviceFuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    guard let directory = ProcessInfo.processInfo.environment["QUAD_FUZZ_WRITE_SEEDS"] else { return 0 }
    let target = loadTarget()
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let seeds = try FuzzSeeds.seeds(for: target.methods)
        for seed in seeds {
            try Data(seed.bytes).write(to: URL(fileURLWithPath: directory).appendingPathComponent(seed.name))
        }
        print("wrote \(seeds.count) seeds for \(target.methods.count) methods of \(target.name) to \(directory)")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("cannot write the seeds: \(error)\n".utf8))
        exit(2)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func serviceFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let target = loadTarget()
    let failure = BlockingCall.run { () -> FuzzFailure? in
        do {
            let start = ContinuousClock.now
            let call = try await target.run(bytes)
            if verbose {
                print("\(call.method) by \(call.caller) in \(ContinuousClock.now - start): \(call.status.name)")
            }
            return nil
        } catch let failure as FuzzFailure {
            return failure
        } catch {
            return FuzzFailure(code: .unknown, message: "\(error)")
        }
    }
    if let failure { fatalError("\(failure)") }
    return 0
}
