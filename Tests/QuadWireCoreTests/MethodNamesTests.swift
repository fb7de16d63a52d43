import QuadWireCore
import Testing

@Suite("Method names interned by the decoder")
struct MethodNamesTests {
    static let names = MethodNames(
        ["quad.identity.v1.Identity/Login", "quad.identity.v1.Identity/Register", "a.B/C"]
            + (0..<40).map { "quad.many.v1.Many/Method\($0)" }
    )

    static func decodedMethod(_ method: String, names: MethodNames?) throws -> String? {
        let bytes = FrameEncoder.encode(Frame<[UInt8]>(callID: 1, body: .start(CallStart(method: method))))
        return try bytes.withUnsafeBytes { raw in
            let body = try #require(try FrameSplitter().nextFrame(in: raw))
            guard case .start(let start) = try FrameDecoder.decode(raw, range: body, methodNames: names).body else {
                return nil
            }
            return start.method
        }
    }

    @Test("a known name decodes to the table's string; any other the same as without a table")
    func decode() throws {
        for method in [
            "quad.identity.v1.Identity/Login", "quad.many.v1.Many/Method39", "a.B/C", "a.B/", "a.B/CD",
            "quad.identity.v1.Identity/Logi", "", "quad.ünï.v1.Ü/Ö",
        ] {
            #expect(try Self.decodedMethod(method, names: Self.names) == method)
            #expect(try Self.decodedMethod(method, names: nil) == method)
        }
    }

    @Test("only exact byte matches are found")
    func lookup() {
        func find(_ name: String) -> String? {
            Array(name.utf8).withUnsafeBytes { Self.names.name(matching: $0) }
        }
        #expect(find("a.B/C") == "a.B/C")
        #expect(find("quad.many.v1.Many/Method7") == "quad.many.v1.Many/Method7")
        #expect(find("quad.many.v1.Many/Method") == nil)
        #expect(find("quad.many.v1.Many/Method70") == nil)
        #expect(find("") == nil)
        #expect(MethodNames([]).name(matching: UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
    }
}
