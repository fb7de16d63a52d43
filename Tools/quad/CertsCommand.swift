import ArgumentParser
import Foundation
import QuadCertificates

/// `quad certs`: makes (or refreshes) the dev CA and a certificate for every service and for the CLI;
/// `--rotate` re-issues them all and has a running `quad up` reload them.
struct CertsCommand: AsyncParsableCommand {
    /// The subcommand's name and help text.
    static let configuration = CommandConfiguration(
        commandName: "certs",
        abstract: "Make a dev CA and certificates for every service and for the CLI.",
        discussion: """
            Existing certificates signed by the CA in the directory and valid for more than a day are kept, \
            so running it again is safe. Private keys are written 0600 in a 0700 directory.

            --rotate re-issues every service's and the CLI's certificate and key from the existing CA (new \
            serials; the old certificates stay valid until they expire), replacing each file in one rename, \
            then sends SIGHUP to every running process the endpoints file names: each reloads its certificate, \
            key and trust roots for new connections while open ones carry on. It waits until every service \
            presents its new certificate and prints the serials. The CA itself is kept.
            """
    )

    /// Where the files go.
    @Option(help: "The directory for the certificates.")
    var out = ".quad/certs"

    /// Re-issue every leaf certificate and reload the running processes.
    @Flag(help: "Re-issue every service's and the CLI's certificate from the CA and reload a running `quad up`.")
    var rotate = false

    /// The endpoints file of the `quad up` to reload.
    @Option(help: "The endpoints file `quad up` wrote (with --rotate).")
    var endpoints = ".quad/endpoints.json"

    /// Ensures (or re-issues) the certificates and prints where they are.
    func run() async throws {
        let set = try DevCertificateSet.ensure(directory: out, services: ServiceCatalog.all, reissue: rotate)
        var table = TextTable(header: ["holder", "certificate", "key"])
        table.rows.append(["CA", set.caPath, set.caKeyPath])
        table.rows.append([DevCertificateSet.clientName, set.clientCertificatePath, set.clientKeyPath])
        for service in set.services {
            table.rows.append([service, set.certificatePath(service: service), set.keyPath(service: service)])
        }
        print(table.text, terminator: "")
        print(set.writtenFiles.isEmpty ? "all certificates were current" : "wrote \(set.writtenFiles.count) files")
        guard rotate else { return }
        guard FileManager.default.fileExists(atPath: endpoints) else {
            print("no \(endpoints): no running `quad up` to reload")
            return
        }
        let reloads = try await CertificateRotation(certificates: set, endpointsPath: endpoints).reloadRunning()
        var report = TextTable(header: ["service", "pid", "serial presented"])
        report.rows = reloads.map { [$0.service, $0.pid.map(String.init) ?? "-", $0.serial] }
        print(report.text, terminator: "")
        if reloads.contains(where: { !$0.reloaded }) {
            Console.error("ERROR: some services still present their previous certificate; see their logs")
            throw ExitCode(1)
        }
    }
}
