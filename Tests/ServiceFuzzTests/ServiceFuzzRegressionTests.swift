import Foundation
import ServiceFuzzHarness
import Testing

/// Issue 17 item 3: every input the services' fuzzer saved as a crash (Fuzz/services/regressions/<target>/) and every seed
/// (Fuzz/services/corpus/<target>/) runs again through the harness the fuzzer runs (ServiceFuzzTarget): no forbidden status
/// (UNKNOWN, INTERNAL, DATA_LOSS) and no trap, which would end this process. Fuzz/README.md, "The services".
@Suite("Service fuzz regressions: saved inputs replayed through the fuzz harness")
struct ServiceFuzzRegressionTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/services").standardized

    /// The files of `Fuzz/services/<folder>/<target>/`, sorted; none if it does not exist.
    static func inputs(_ folder: String, _ target: String) -> [URL] {
        let directory = fuzz.appendingPathComponent(folder).appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test("every regression and seed of each target answers with a precise status", arguments: ServiceFuzzTarget.names)
    func replay(target name: String) async throws {
        let target = try await ServiceFuzzTarget.make(name)
        #expect(target.methods.count >= 3, "\(name) registers only \(target.methods.count) methods")
        let files = Self.inputs("regressions", name) + Self.inputs("corpus", name)
        #expect(!files.isEmpty, "no seed in Fuzz/services/corpus/\(name)")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            do {
                try await target.run(bytes)
            } catch {
                Issue.record("\(file.lastPathComponent): \(error)")
            }
        }
    }
}
