/// An error raised while minting, loading or storing Quad's development certificates.
///
/// The ``code`` says what kind of failure happened so callers can react to it; the ``message`` says what went
/// wrong and how to fix it, in words fit for a terminal.
public struct CertificateError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case invalidCertificatePEM
            case invalidPrivateKeyPEM
            case keyMismatch
            case notACertificateAuthority
            case missingCAKey
            case missingCACertificate
            case certificateAuthorityExpired
            case invalidName
            case invalidValidity
            case signingFailed
            case fileSystem
        }

        private let value: Value

        private init(_ value: Value) {
            self.value = value
        }

        /// The text is not a PEM `CERTIFICATE` block holding a valid X.509 certificate.
        public static let invalidCertificatePEM = Code(.invalidCertificatePEM)
        /// The text is not a PEM private key (PKCS#8 `PRIVATE KEY` or SEC1 `EC PRIVATE KEY`).
        public static let invalidPrivateKeyPEM = Code(.invalidPrivateKeyPEM)
        /// The private key does not belong to the certificate it was paired with.
        public static let keyMismatch = Code(.keyMismatch)
        /// The certificate cannot sign other certificates (no `basicConstraints CA:true`).
        public static let notACertificateAuthority = Code(.notACertificateAuthority)
        /// The CA certificate exists on disk but its private key does not.
        public static let missingCAKey = Code(.missingCAKey)
        /// The CA private key exists on disk but its certificate does not.
        public static let missingCACertificate = Code(.missingCACertificate)
        /// The CA's own certificate has expired, so nothing it signs would verify.
        public static let certificateAuthorityExpired = Code(.certificateAuthorityExpired)
        /// A service or client name cannot be used in a certificate or a file name.
        public static let invalidName = Code(.invalidName)
        /// A requested validity period is zero or negative.
        public static let invalidValidity = Code(.invalidValidity)
        /// swift-certificates refused to build or sign a certificate.
        public static let signingFailed = Code(.signingFailed)
        /// Reading or writing a certificate file or directory failed.
        public static let fileSystem = Code(.fileSystem)

        /// The code's name, for example `missingCAKey`.
        public var description: String {
            self.value.rawValue
        }
    }

    /// The kind of failure.
    public var code: Code
    /// What happened and how to fix it.
    public var message: String
    /// The lower-level error that caused this one, if any.
    public var cause: (any Error)?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - message: What happened and how to fix it.
    ///   - cause: The lower-level error that caused this one, if any.
    public init(code: Code, message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// The code and message, followed by the cause when there is one.
    public var description: String {
        if let cause {
            return "\(self.code): \(self.message) (cause: \(cause))"
        }
        return "\(self.code): \(self.message)"
    }
}

extension CertificateError {
    /// Runs `body`, turning any error that is not already a ``CertificateError`` into one with `code` and `message`.
    static func wrapping<Value>(
        _ code: Code,
        _ message: @autoclosure () -> String,
        _ body: () throws -> Value
    ) throws(CertificateError) -> Value {
        do {
            return try body()
        } catch let error as CertificateError {
            throw error
        } catch {
            throw CertificateError(code: code, message: message(), cause: error)
        }
    }
}
