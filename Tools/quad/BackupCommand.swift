import ArgumentParser
import QuadToolKit
import QuadBuiltInContracts
import QuadWire
import QuadWireNIO

/// `quad backup`: an online copy of every running service's database, with the files a service keeps beside it
/// (fleet-documents' blobs).
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Take an online backup of every running service's database.",
        discussion: """
            Asks each service in the endpoints file (`quad.admin.v1.Admin/Backup`, with the CLI's client \
            certificate) to copy its SQLite database while it keeps serving. Each copy lands in the service's \
            <data-dir>/backups/. fleet-documents also copies every blob the copy's rows name into <copy>.blobs/, \
            consistent with the copy (listed under "with"). Exits 1 if any service fails; the others are still \
            backed up.
            """
    )

    @Option(help: "The endpoints file `quad up` wrote.")
    var endpoints = ".quad/endpoints.json"

    func run() async throws {
        let file = try EndpointsFile.load(path: endpoints)
        var table = TextTable(header: ["service", "backup", "bytes", "with"])
        var failures = 0
        for name in file.services.keys.sorted() {
            guard let endpoint = file.services[name], HostPort(parsing: endpoint.rpc) != nil else { continue }
            let client = try file.operatorClient(of: name)
            defer { client.close() }
            do {
                let response = try await Quad_Admin_V1_Admin.Client(transport: client)
                    .backup(.init(), options: CallOptions(timeout: .seconds(120)))
                table.rows.append([
                    name, response.path, "\(response.sizeBytes)", response.extraPaths.joined(separator: " "),
                ])
            } catch {
                failures += 1
                Console.error("ERROR: \(name): \(error)")
            }
        }
        print(table.text, terminator: "")
        if failures > 0 { throw ExitCode(1) }
    }
}
