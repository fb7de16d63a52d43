import Testing

@testable import quad

@Suite("quad up layout")
struct UpLayoutTests {
    @Test("resolves a relative data directory against the current one")
    func relative() {
        #expect(UpLayout(directory: ".quad", currentDirectory: "/work").root == "/work/.quad")
        #expect(UpLayout(directory: "/tmp/q/../x", currentDirectory: "/work").root == "/tmp/x")
    }

    @Test("gives each service the executable contract's flags")
    func arguments() {
        let layout = UpLayout(directory: "/d", currentDirectory: "/")
        #expect(
            layout.arguments(service: "identity") == [
                "--rpc-host", "127.0.0.1", "--rpc-port", "0", "--admin-port", "0",
                "--data-dir", "/d/data", "--certs-dir", "/d/certs", "--ready-file", "/d/run/identity.ready.json",
                "--peers-dir", "/d/run",
            ]
        )
        #expect(layout.log(service: "identity") == "/d/logs/identity.log")
        #expect(layout.endpoints == "/d/endpoints.json")
    }

    @Test("starts the gateway last")
    func order() {
        #expect(ServiceCatalog.all.last == "gateway")
        #expect(ServiceCatalog.all.first == "identity")
        #expect(ServiceCatalog.executableName(service: "fleet-documents") == "quad-fleet-documents")
    }

    @Test("lays out a table with aligned columns and no trailing blanks")
    func table() {
        let table = TextTable(header: ["service", "rpc"], rows: [["identity", "127.0.0.1:1"], ["gw", "x"]])
        #expect(table.lines == ["service   rpc", "identity  127.0.0.1:1", "gw        x"])
    }
}
