import QuadToolKit
import Testing

@testable import quad

@Suite("--metadata flags")
struct MetadataFlagTests {
    @Test("parses key=value, lower-cases keys and keeps '=' in values")
    func parses() throws {
        let metadata = try MetadataFlag.parse(["Authorization=Bearer abc=def", "x-request-id=r1", "empty="])
        #expect(metadata == ["authorization": "Bearer abc=def", "x-request-id": "r1", "empty": ""])
    }

    @Test("gives nothing for no flags")
    func none() throws {
        #expect(try MetadataFlag.parse([]).isEmpty)
    }

    @Test("refuses malformed flags", arguments: ["no-equals", "=value", "bad key=v", "ключ=v"])
    func refuses(flag: String) {
        #expect(throws: CLIError.self) { try MetadataFlag.parse([flag]) }
    }

    @Test("refuses a key given twice")
    func duplicate() {
        let error = #expect(throws: CLIError.self) { try MetadataFlag.parse(["a=1", "A=2"]) }
        #expect(error?.message.contains("twice") == true)
    }
}
