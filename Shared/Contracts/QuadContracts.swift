// QuadContracts: the Swift generated from Proto/ by Tools/generate-contracts.sh.
//
// `*.pb.swift` files are messages (protoc-gen-swift); `*.quad.swift` files are service
// descriptors, server protocols and typed clients (protoc-gen-quad), and
// `ProtoFiles.quad.swift` holds every file descriptor for reflection. Only this file is
// written by hand; the script deletes and rewrites the others, and CI fails when they are
// stale.

/// Marks the module; see the comment above for what it holds.
public enum QuadContracts {
    /// The proto package prefix all of Quad's own files share.
    public static let packagePrefix = "quad."
}
