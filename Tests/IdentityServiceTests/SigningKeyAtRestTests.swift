import Crypto
import Foundation
import GRDB
import IdentityDomain
import IdentityService
import IdentityTestSupport
import Logging
import QuadContracts
import QuadStorage
import QuadTokens
import QuadWire
import Testing

/// Issue 11 item 1: what identity keeps on disk is owner-only, and its token-signing keys are
/// sealed under a key-encryption key kept outside the database, so a copy of the database or
/// of a backup mints no token.
@Suite("Identity: secrets at rest")
struct SigningKeyAtRestTests {
    @Test(
        "the data directory is 0700 and the database, WAL, SHM, backups and key-encryption key 0600: after start, after a backup, after a restart"
    )
    func fileModes() async throws {
        try await IdentityHarness.run { harness in
            // After start (a registration, so the WAL has been written)
            _ = try await harness.register()
            let path = harness.database.configuration.path
            let directory = (path as NSString).deletingLastPathComponent
            #expect(try Self.mode(directory) == 0o700)
            for file in [path, path + "-wal", path + "-shm"] { #expect(try Self.mode(file) == 0o600, "\(file)") }
            #expect(try Self.mode(harness.certificates.directory + "/" + KeyEncryptionKey.fileName) == 0o600)

            // After a backup (into a backups directory left readable by everyone)
            try FileManager.default.createDirectory(
                atPath: directory + "/backups",
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o755]
            )
            let backup = directory + "/backups/identity-copy.sqlite"
            try await harness.database.backup(to: backup)
            #expect(try Self.mode(directory + "/backups") == 0o700)
            #expect(try Self.mode(backup) == 0o600)

            // After a restart over files an older version left readable by everyone
            for file in [path, path + "-wal", path + "-shm"] { chmod(file, 0o644) }
            chmod(directory, 0o755)
            let reopened = try QuadDatabase(configuration: .defaults(path: path), migrator: IdentityMigrations.migrator)
            defer { try? reopened.close() }
            #expect(try Self.mode(directory) == 0o700)
            for file in [path, path + "-wal", path + "-shm"] { #expect(try Self.mode(file) == 0o600, "\(file)") }
        }
    }

    @Test("the private key is stored sealed: its bytes are in neither the database, its WAL, nor a backup")
    func sealedAtRest() async throws {
        try await IdentityHarness.run { harness in
            _ = try await harness.register()
            let path = harness.database.configuration.path
            let backup = (path as NSString).deletingLastPathComponent + "/identity-copy.sqlite"
            try await harness.database.backup(to: backup)

            // The private key, recovered as identity does: with the key-encryption key beside the certificates
            let kek = try KeyEncryptionKey.load(configured: "", directory: harness.certificates.directory)
            let rows = try await harness.database.read { db in
                try Row.fetchAll(db, sql: "SELECT key_id, private_key, sealed_key FROM signing_key").map { row in
                    (
                        keyID: row["key_id"] as String, plain: row["private_key"] as Data,
                        sealed: row["sealed_key"] as Data
                    )
                }
            }
            #expect(rows.count == 1)
            for row in rows {
                #expect(row.plain.isEmpty)
                let box = try AES.GCM.SealedBox(combined: row.sealed)
                let privateKey = try AES.GCM.open(box, using: kek, authenticating: Data(row.keyID.utf8))
                #expect(privateKey.count == 32)
                for file in [path, path + "-wal", backup] where FileManager.default.fileExists(atPath: file) {
                    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
                    #expect(bytes.range(of: privateKey) == nil, "the private key is in \(file) in plain bytes")
                }
            }
        }
    }

    @Test(
        "a backup copied elsewhere gives no key that verifies: identity cannot open it without the key-encryption key, and no bytes in it are the key"
    )
    func backupElsewhere() async throws {
        try await IdentityHarness.run { harness in
            _ = try await harness.register()
            let verifying = try await harness.client.getTokenVerificationKey(.init())
            let publicKeys = Set(([verifying] + verifying.verifyingKeys).map(\.publicKey))
            let source =
                (harness.database.configuration.path as NSString).deletingLastPathComponent + "/identity-copy.sqlite"
            try await harness.database.backup(to: source)

            // Copied to another machine, where the key-encryption key is not
            let elsewhere = NSTemporaryDirectory() + "quad-identity-elsewhere-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: elsewhere) }
            try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source, toPath: elsewhere + "/identity.sqlite")
            let copy = try QuadDatabase(
                configuration: .defaults(path: elsewhere + "/identity.sqlite"),
                migrator: IdentityMigrations.migrator
            )
            defer { try? copy.close() }

            // Identity on the copy, with the key-encryption key it would make there, refuses to start
            let otherKEK = try KeyEncryptionKey.load(configured: "", directory: elsewhere + "/certs")
            await #expect(throws: (any Error).self) {
                let identity = try await IdentityService(database: copy, keyEncryptionKey: otherKEK)
                try await identity.shutdown()
            }

            // And no 32 bytes stored for any key are a private key whose public half verifies
            let blobs = try await copy.read { db in
                try Row.fetchAll(db, sql: "SELECT private_key, sealed_key FROM signing_key").flatMap { row in
                    [row["private_key"] as Data? ?? Data(), row["sealed_key"] as Data? ?? Data()]
                }
            }
            for blob in blobs where blob.count >= 32 {
                for start in 0...(blob.count - 32) {
                    let candidate = try Curve25519.Signing.PrivateKey(
                        rawRepresentation: blob[blob.startIndex + start..<blob.startIndex + start + 32]
                    )
                    #expect(!publicKeys.contains(candidate.publicKey.rawRepresentation))
                }
            }
        }
    }

    @Test(
        "a key stored in plain bytes by an older identity is sealed on start, a new key signs, and the old one still verifies"
    )
    func migratesPlaintextKey() async throws {
        let directory = NSTemporaryDirectory() + "quad-identity-migrate-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try QuadDatabase(
            configuration: .defaults(path: directory + "/identity.sqlite"),
            migrator: IdentityMigrations.migrator
        )
        defer { try? database.close() }

        // Given the key an older identity stored as it was
        let old = Curve25519.Signing.PrivateKey()
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO signing_key (key_id, private_key, created_at_micros) VALUES ('old-key', ?, 1)",
                arguments: [old.rawRepresentation]
            )
        }

        // When identity starts
        let kek = try KeyEncryptionKey.load(configured: "", directory: directory + "/certs")
        let identity = try await IdentityService(database: database, keyEncryptionKey: kek)

        // Then the old key is sealed, retired and gone from plain bytes, and a new key signs
        let rows = try await database.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT key_id, private_key, sealed_key, retired_at_micros FROM signing_key ORDER BY created_at_micros"
            )
            .map { row in
                (
                    keyID: row["key_id"] as String, plain: row["private_key"] as Data,
                    sealed: row["sealed_key"] as Data,
                    retiredAt: row["retired_at_micros"] as Int64?
                )
            }
        }
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.plain.isEmpty && !$0.sealed.isEmpty })
        #expect(rows.first?.keyID == "old-key")
        #expect(rows.first?.retiredAt != nil)
        #expect(rows.last?.retiredAt == nil)
        for file in ["/identity.sqlite", "/identity.sqlite-wal"]
        where FileManager.default.fileExists(atPath: directory + file) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + file))
            #expect(bytes.range(of: old.rawRepresentation) == nil, "the old key is in \(file) in plain bytes")
        }

        // And a token of the old key still verifies until it expires
        let oldToken = try AccessTokenSigner(
            privateKey: old,
            keyID: "old-key",
            issuer: "quad.identity",
            audience: "quad"
        )
        .sign(subject: "user-1", roles: ["customer"], campus: "c", dorm: "d", now: Date())
        #expect(try identity.verifyBearer(oldToken.token).userID == "user-1")
        try await identity.shutdown()
    }

    @Test(
        "at most 8 keys verify: past that a rotation deletes the oldest retired key, keys past their window go too, and a restart loads the same 8"
    )
    func boundedKeys() async throws {
        try await IdentityHarness.run { harness in
            // Given twelve rotations by an operator, one a minute
            let first = try await harness.client.getTokenVerificationKey(.init()).keyID
            var rotations: [Quad_Identity_V1_RotateSigningKeyResponse] = []
            for _ in 1...12 {
                harness.clock.advance(by: .seconds(60))
                rotations.append(try await harness.client.rotateSigningKey(.init()))
            }

            // Then the current key and the seven newest retired ones verify, in the answer and in the database
            let newest = Array(rotations.reversed().map(\.keyID).prefix(8))
            #expect(rotations.last?.verifyingKeyIds == newest)
            let served = try await harness.client.getTokenVerificationKey(.init())
            #expect(served.verifyingKeys.map(\.keyID) == newest)
            #expect(try await Self.storedKeyIDs(harness.database) == newest)
            #expect(!newest.contains(first))

            // And after a restart on the same database, the same eight
            let kek = try KeyEncryptionKey.load(configured: "", directory: harness.certificates.directory)
            let restarted = try await IdentityService(
                database: harness.database,
                keyEncryptionKey: kek,
                clock: harness.clock.clock
            )
            let context = ServerContext(
                method: Quad_Identity_V1_Identity.Method.getTokenVerificationKey,
                metadata: [:],
                deadline: nil,
                peer: PeerInfo(address: "gateway"),
                logger: Logger(label: "test.identity.restarted")
            )
            let reloaded = try await restarted.getTokenVerificationKey(request: .init(), context: context)
            #expect(reloaded.verifyingKeys.map(\.keyID) == newest)
            try await restarted.shutdown()

            // And once the window of every retired key has passed, the next rotation leaves two: it and the one before
            harness.clock.advance(by: .seconds(20 * 60))
            let last = try await harness.client.rotateSigningKey(.init())
            #expect(last.verifyingKeyIds == [last.keyID, newest[0]])
            #expect(try await Self.storedKeyIDs(harness.database) == [last.keyID, newest[0]])
        }
    }

    /// The signing keys identity's database holds, newest first.
    static func storedKeyIDs(_ database: QuadDatabase) async throws -> [String] {
        try await database.read { db in
            try String.fetchAll(db, sql: "SELECT key_id FROM signing_key ORDER BY created_at_micros DESC, rowid DESC")
        }
    }

    @Test("a key-encryption key that is not 32 bytes of base64 is refused, naming the variable")
    func badKeyEncryptionKey() {
        #expect(throws: KeyEncryptionKey.LoadError.self) {
            _ = try KeyEncryptionKey.load(configured: "c2hvcnQ=", directory: NSTemporaryDirectory())
        }
        do {
            _ = try KeyEncryptionKey.load(configured: "not base64!", directory: NSTemporaryDirectory())
            Issue.record("accepted a key that is not base64")
        } catch {
            #expect("\(error)".contains("QUAD_SIGNING_KEY_ENCRYPTION_KEY"))
        }
    }

    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }
}
