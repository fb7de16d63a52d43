# Rewrites a .proto file from Proto/ into one Debian's protoc-gen-c (protobuf-c 1.4.1) accepts.
# The wire format of every message stays exactly the same; only two things change:
#
# 1. `optional` on a proto3 field (UpdateMyProfileRequest uses it) is rejected by protobuf-c
#    before 1.5 ("hasn't been updated to support optional fields in proto3"). protoc itself
#    represents such a field as a one-field "synthetic" oneof named `_<field>`; we write that
#    oneof out explicitly, which encodes and decodes identically and keeps field presence.
# 2. `service` blocks are dropped. protobuf-c would generate its own RPC stubs for them, which
#    the quad wire does not use (methods are addressed by name in CallStart), and the stub for
#    Identity.Register does not even compile: its member is called `register`, a C keyword.
#    A service block starts with `service` at column 0 and ends with `}` at column 0.

/^service[ \t]/ { in_service = 1; next }
in_service {
    if ($0 ~ /^}/) in_service = 0
    next
}

# `  optional TYPE NAME = N;  // comment` -> `  oneof _NAME { TYPE NAME = N; }  // comment`
match($0, /^[ \t]*optional[ \t]+[A-Za-z0-9_.]+[ \t]+[A-Za-z0-9_]+[ \t]*=[ \t]*[0-9]+[ \t]*;/) {
    decl = substr($0, 1, RLENGTH)
    rest = substr($0, RLENGTH + 1)
    indent = decl
    sub(/optional.*/, "", indent)
    sub(/^[ \t]*optional[ \t]+/, "", decl)
    split(decl, parts, /[ \t=;]+/)
    print indent "oneof _" parts[2] " { " decl " }" rest
    next
}

{ print }
