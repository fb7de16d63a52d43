// quad-identity: the identity service executable. Configuration: see ServiceOptions
// (`--help-config`) plus `--password-cost` (scrypt log2 N, default 17 = OWASP) and
// `QUAD_SIGNING_KEY_ENCRYPTION_KEY` (the key that seals the token-signing keys; by default
// the file identity-signing-kek.key beside the certificates, made on first run).
import IdentityDomain
import IdentityService
import QuadServiceKit

try await QuadServiceMain.run(
    name: "identity",
    migrator: IdentityMigrations.migrator,
    settings: { source in
        (
            cost: try source.int("password-cost", default: 17, help: "scrypt cost as log2(N); 17 is OWASP's minimum"),
            kek: try source.string(
                "signing-key-encryption-key",
                default: "",
                help:
                    "32 bytes in base64 that seal the token-signing keys; set it in the environment, not on the command line. "
                    + "Empty: the file \(KeyEncryptionKey.fileName) in --certs-dir (made on first run)"
            )
        )
    }
) { environment, settings in
    var configuration = IdentityConfiguration()
    configuration.passwordParameters.logN = settings.cost
    let kek = try KeyEncryptionKey.load(configured: settings.kek, directory: environment.options.certificatesDirectory)
    let identity = try await IdentityService(
        database: environment.database,
        configuration: configuration,
        keyEncryptionKey: kek,
        clock: environment.clock
    )
    return ServiceSetup(services: [identity], verifyBearer: { try identity.verifyBearer($0) })
}
