import Crypto
import Foundation
import QuadBuiltInContracts
import QuadContracts
import QuadWire
import Testing

@testable import quad

/// fleet-documents killed mid-upload, and what it finds at restart (issue 13 item 7): the real executable, through the
/// gateway, on the data directory `quad up` gives it.
@Suite("Documents after a kill -9: the sweep at restart, and quad backup's blobs")
struct DocumentsCrashTests {
    static func hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// Every blob address under `directory` (the `<aa>/` shards), and the files in its `tmp/`.
    static func contents(of directory: String) throws -> (blobs: Set<String>, temporary: [String]) {
        let manager = FileManager.default
        var blobs: Set<String> = []
        for shard in try manager.contentsOfDirectory(atPath: directory) where shard.count == 2 {
            blobs.formUnion(try manager.contentsOfDirectory(atPath: directory + "/" + shard))
        }
        return (blobs, try manager.contentsOfDirectory(atPath: directory + "/tmp"))
    }

    @Test(
        "a kill -9 mid-upload, and a blob without its row: the restart sweeps both, uploads work, backups copy blobs",
        .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)"),
        .timeLimit(.minutes(3))
    )
    func killedMidUpload() async throws {
        try await LaundrySystem.run { system in
            let blobDirectory = system.layout.data + "/fleet-documents-blobs"
            let ada = try await system.register("Ada")
            let picture = { (name: String) in
                Quad_Documents_V1_UploadMetadata.with {
                    $0.ownerKind = .profile
                    $0.ownerID = ada.userID
                    $0.purpose = .profilePicture
                    $0.fileName = name
                    $0.declaredType = .png
                }
            }
            let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            let small = signature + (0..<30_000).map { UInt8($0 % 251) }
            let kept = try await DocumentsThroughGatewayTests.upload(
                small,
                picture("kept.png"),
                as: ada,
                through: system
            )

            // A 20 MiB upload, cut off by a kill -9 once the service is writing its temporary file.
            let large = signature + (0..<(20 * 1_024 * 1_024)).map { UInt8(truncatingIfNeeded: $0 &* 13) }
            let largeMetadata = picture("large.png")
            await #expect(throws: (any Error).self) {
                _ = try await system.documents.upload(options: ada.options) { writer in
                    try await writer.send(.with { $0.metadata = largeMetadata })
                    var offset = 0
                    var killed = false
                    while offset < large.count {
                        let end = min(offset + 256 * 1_024, large.count)
                        try await writer.send(.with { $0.chunk = Data(large[offset..<end]) })
                        offset = end
                        if !killed, offset >= 1_024 * 1_024 {
                            _ = try await system.eventually(
                                "the upload's temporary file",
                                { try Self.contents(of: blobDirectory).temporary },
                                until: { !$0.isEmpty }
                            )
                            await system.kill("fleet-documents")
                            killed = true
                        }
                    }
                }
            }
            let afterKill = try Self.contents(of: blobDirectory)
            #expect(afterKill.temporary.count == 1)
            #expect(afterKill.blobs == [kept.sha256])

            // A crash between a blob's rename and its row: a blob no row names, written while the service is down.
            let orphan = signature + Array("never named".utf8)
            let orphanAddress = Self.hex(orphan)
            let shard = blobDirectory + "/" + orphanAddress.prefix(2)
            try? FileManager.default.createDirectory(atPath: shard, withIntermediateDirectories: false)
            #expect(FileManager.default.createFile(atPath: shard + "/" + orphanAddress, contents: Data(orphan)))

            try await system.restart("fleet-documents")
            let afterRestart = try Self.contents(of: blobDirectory)
            #expect(afterRestart.temporary.isEmpty)
            #expect(afterRestart.blobs == [kept.sha256])

            // Uploads work again, and the document kept before the kill is whole.
            let (_, back) = try await DocumentsThroughGatewayTests.download(kept.documentID, as: ada, through: system)
            #expect(back == small)
            let again = try await DocumentsThroughGatewayTests.upload(
                large,
                largeMetadata,
                as: ada,
                through: system
            )
            #expect(again.sha256 == Self.hex(large))
            #expect(try Self.contents(of: blobDirectory).blobs == [kept.sha256, again.sha256])

            // quad backup's call: the copy, and beside it the blobs its rows name.
            let client = try system.operatorClient("fleet-documents")
            defer { client.close() }
            let backup = try await Quad_Admin_V1_Admin.Client(transport: client).backup(.init())
            #expect(backup.extraPaths == [backup.path + ".blobs"])
            let copied = try Self.backedUpBlobs(in: backup.path + ".blobs")
            #expect(copied == [kept.sha256, again.sha256])
            let largeCopy = backup.path + ".blobs/" + again.sha256.prefix(2) + "/" + again.sha256
            #expect(FileManager.default.contents(atPath: largeCopy).map { Self.hex(Array($0)) } == again.sha256)
        }
    }

    /// The blob addresses under a backup's blobs directory (it has no `tmp/`).
    static func backedUpBlobs(in directory: String) throws -> Set<String> {
        let manager = FileManager.default
        var blobs: Set<String> = []
        for shard in try manager.contentsOfDirectory(atPath: directory) {
            blobs.formUnion(try manager.contentsOfDirectory(atPath: directory + "/" + shard))
        }
        return blobs
    }
}
