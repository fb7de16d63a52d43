/// A service's own files in its backup (fleet-documents: the blobs its rows name), without ``AdminService`` knowing
/// what they are. The service's setup hands one to the runner (``ServiceSetup/backup``).
///
/// ``AdminService`` calls it with the step that copies the database, and the hook runs that step exactly once, when
/// it suits its files: it may first hold off what would make them disagree with the copy (fleet-documents holds off
/// removing blobs), then copy them beside the copy. It returns the paths it wrote, named after the copy so that each
/// backup's files stay paired with its database; they are reported in `BackupResponse.extra_paths`.
public struct BackupHook: Sendable {
    /// Takes the database copy (`copyDatabase` returns its path), copies the service's files, returns their paths.
    public typealias Body =
        @Sendable (_ copyDatabase: @Sendable () async throws -> String) async throws -> [String]

    let body: Body

    public init(_ body: @escaping Body) {
        self.body = body
    }
}
