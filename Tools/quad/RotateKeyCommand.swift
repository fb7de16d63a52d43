import ArgumentParser
import Foundation
import QuadToolKit
import QuadContracts
import QuadWire
import QuadWireNIO

/// `quad rotate-key`: identity signs access tokens with a new key from now on.
struct RotateKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-key",
        abstract: "Make identity sign access tokens with a new key now.",
        discussion: """
            Calls identity's RotateSigningKey (operators only: the CLI's client certificate; never routed by \
            the gateway). The new key, sealed under the key-encryption key like the others, signs from now on; \
            the previous keys keep verifying until the tokens they signed have expired, and the gateway picks \
            the new key up on the first token that names it. Prints the new key id and the keys that verify.
            """
    )

    @Option(help: "The endpoints file `quad up` wrote.")
    var endpoints = ".quad/endpoints.json"

    func run() async throws {
        let client = try EndpointsFile.load(path: endpoints).operatorClient(of: "identity")
        defer { client.close() }
        do {
            let response = try await Quad_Identity_V1_Identity.Client(transport: client)
                .rotateSigningKey(.init(), options: CallOptions(timeout: .seconds(30)))
            var table = TextTable(header: ["new signing key", "keys that verify"])
            table.rows.append([response.keyID, response.verifyingKeyIds.joined(separator: ", ")])
            print(table.text, terminator: "")
        } catch {
            Console.error("ERROR: identity: \(error)")
            throw ExitCode(1)
        }
    }
}
