import Foundation

/// The certificates `quad certs --out DIR` writes and `quad up` hands to each process.
///
/// The directory holds `ca.pem` and `ca-key.pem`, `<service>.pem` and `<service>-key.pem` for every service, and
/// `client.pem` and `client-key.pem` for the CLI (common name `quad-cli`). Private keys are written `0600` and the
/// directory is created `0700`.
public struct DevCertificateSet: Sendable {
    /// The name in the client certificate the `quad` CLI presents.
    public static let clientName = "quad-cli"

    /// The absolute path of the directory holding the files.
    public let directory: String
    /// The services the set has certificates for, in the order given, without duplicates.
    public let services: [String]
    /// The absolute paths of the files the last ``ensure(directory:services:now:)`` wrote; empty when everything
    /// was already in place.
    public let writtenFiles: [String]

    /// Describes the files in `directory`; ``ensure(directory:services:now:)`` is what creates them.
    init(directory: String, services: [String], writtenFiles: [String] = []) {
        self.directory = directory
        self.services = services
        self.writtenFiles = writtenFiles
    }

    /// The absolute path of the CA certificate, `ca.pem`: the trust root for every service and client.
    public var caPath: String {
        self.path(Self.caFileName)
    }

    /// The absolute path of the CA's private key, `ca-key.pem`.
    public var caKeyPath: String {
        self.path(Self.caKeyFileName)
    }

    /// The absolute path of the CLI's client certificate, `client.pem`.
    public var clientCertificatePath: String {
        self.path(Self.clientFileName)
    }

    /// The absolute path of the CLI's client private key, `client-key.pem`.
    public var clientKeyPath: String {
        self.path(Self.clientKeyFileName)
    }

    /// The absolute path of `service`'s certificate, `<service>.pem`.
    ///
    /// - Parameter service: The service name.
    public func certificatePath(service: String) -> String {
        self.path(Self.certificateFileName(service))
    }

    /// The absolute path of `service`'s private key, `<service>-key.pem`.
    ///
    /// - Parameter service: The service name.
    public func keyPath(service: String) -> String {
        self.path(Self.keyFileName(service))
    }

    static let caFileName = "ca.pem"
    static let caKeyFileName = "ca-key.pem"
    static let clientFileName = "client.pem"
    static let clientKeyFileName = "client-key.pem"

    static func certificateFileName(_ name: String) -> String {
        "\(name).pem"
    }

    static func keyFileName(_ name: String) -> String {
        "\(name)-key.pem"
    }

    private func path(_ fileName: String) -> String {
        URL(fileURLWithPath: self.directory, isDirectory: true).appendingPathComponent(fileName).path
    }
}
