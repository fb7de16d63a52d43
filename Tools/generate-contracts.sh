#!/usr/bin/env bash
# Regenerates Shared/Contracts from Proto/: messages with protoc-gen-swift (from the
# swift-protobuf dependency) and typed stubs plus reflection descriptors with
# protoc-gen-quad (Tools/protoc-gen-quad). Needs `protoc` (Debian: protobuf-compiler).
#
#   Tools/generate-contracts.sh          regenerate in place
#   Tools/generate-contracts.sh --check  regenerate into a temp dir and fail on any diff (CI)
set -euo pipefail
cd "$(dirname "$0")/.."

command -v protoc >/dev/null || { echo "protoc not found: apt-get install -y protobuf-compiler" >&2; exit 1; }

swift build -c release --product protoc-gen-swift >&2
swift build -c release --product protoc-gen-quad >&2
bin=$(swift build -c release --show-bin-path)

out=Shared/Contracts
if [[ "${1:-}" == "--check" ]]; then out=$(mktemp -d); cp Shared/Contracts/QuadContracts.swift "$out"/; trap 'rm -rf "$out"' EXIT; fi

protos=$(cd Proto && find . -name '*.proto' | sed 's|^\./||' | LC_ALL=C sort)
if [[ "$out" == Shared/Contracts ]]; then find "$out" \( -name '*.pb.swift' -o -name '*.quad.swift' \) -delete; fi
# shellcheck disable=SC2086
protoc -I Proto \
    --plugin=protoc-gen-swift="$bin/protoc-gen-swift" \
    --plugin=protoc-gen-quad="$bin/protoc-gen-quad" \
    --swift_out="$out" --swift_opt=Visibility=Public --swift_opt=UseAccessLevelOnImports=true \
    --quad_out="$out" \
    $protos

if [[ "${1:-}" == "--check" ]]; then
    if ! diff -r "$out" Shared/Contracts >/dev/null; then
        diff -r "$out" Shared/Contracts | head -40 >&2
        echo "Shared/Contracts is stale: run Tools/generate-contracts.sh and commit the result" >&2
        exit 1
    fi
    echo "Shared/Contracts is up to date"
fi
