import ArgumentParser

/// The `quad` command: runs Quad locally and talks to its services.
///
/// ```sh
/// quad certs                      # a dev CA and certificates in .quad/certs
/// quad up                         # every service executable, until Ctrl-C
/// quad call identity list         # the services identity hosts
/// quad call identity quad.identity.v1.Identity/ListCampuses '{}'
/// quad outbox list               # messages a destination refused for good
/// ```
@main
struct QuadCommand: AsyncParsableCommand {
    /// The subcommands and the help text.
    static let configuration = CommandConfiguration(
        commandName: "quad",
        abstract: "Run Quad on one machine and call its services.",
        subcommands: [
            CertsCommand.self, UpCommand.self, SeedCommand.self, CallCommand.self, BackupCommand.self,
            RotateKeyCommand.self,
            OutboxCommand.self,
        ]
    )
}
