import ArgumentParser
import QuadCertificates

/// `quad certs`: makes (or refreshes) the dev CA and a certificate for every service and for the CLI.
struct CertsCommand: AsyncParsableCommand {
    /// The subcommand's name and help text.
    static let configuration = CommandConfiguration(
        commandName: "certs",
        abstract: "Make a dev CA and certificates for every service and for the CLI.",
        discussion: """
            Existing certificates signed by the CA in the directory and valid for more than a day are kept, \
            so running it again is safe. Private keys are written 0600 in a 0700 directory.
            """
    )

    /// Where the files go.
    @Option(help: "The directory for the certificates.")
    var out = ".quad/certs"

    /// Ensures the certificates and prints where they are.
    func run() async throws {
        let set = try DevCertificateSet.ensure(directory: out, services: ServiceCatalog.all)
        var table = TextTable(header: ["holder", "certificate", "key"])
        table.rows.append(["CA", set.caPath, set.caKeyPath])
        table.rows.append([DevCertificateSet.clientName, set.clientCertificatePath, set.clientKeyPath])
        for service in set.services {
            table.rows.append([service, set.certificatePath(service: service), set.keyPath(service: service)])
        }
        print(table.text, terminator: "")
        print(set.writtenFiles.isEmpty ? "all certificates were current" : "wrote \(set.writtenFiles.count) files")
    }
}
