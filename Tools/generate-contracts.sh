#!/usr/bin/env bash
# Regenerates the Swift of Proto/ in two modules: the built-in contracts every server hosts
# (Health, Reflection, Admin and the options they use) in Shared/BuiltInContracts
# (QuadBuiltInContracts, what the transport links), and the products' contracts (every other
# file) in Shared/Contracts (QuadContracts). Messages come from protoc-gen-swift (from the
# swift-protobuf dependency); typed stubs, each service's reflection descriptors, the service
# catalog and the typed events from protoc-gen-quad (Tools/protoc-gen-quad). Needs `protoc`
# (Debian: protobuf-compiler).
#
#   Tools/generate-contracts.sh          regenerate in place
#   Tools/generate-contracts.sh --check  regenerate into a temp dir and fail on any diff (CI)
set -euo pipefail
cd "$(dirname "$0")/.."

command -v protoc >/dev/null || { echo "protoc not found: apt-get install -y protobuf-compiler" >&2; exit 1; }

swift build -c release --product protoc-gen-swift >&2
swift build -c release --product protoc-gen-quad >&2
bin=$(swift build -c release --show-bin-path)

# The built-in contracts: the files of the services every server hosts, and what they import
# from Proto/. Every other file is a product's.
builtin=(quad/admin/v1/admin.proto quad/health/v1/health.proto quad/options/v1/options.proto quad/reflection/v1/reflection.proto)
products=()
while IFS= read -r proto; do
    [[ " ${builtin[*]} " == *" $proto "* ]] || products+=("$proto")
done < <(cd Proto && find . -name '*.proto' | sed 's|^\./||' | LC_ALL=C sort)

check=false
if [[ "${1:-}" == "--check" ]]; then check=true; scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT; fi

# generate DIRECTORY HAND_WRITTEN_FILE QUAD_OPTIONS PROTO...: one module's Swift into DIRECTORY,
# or into a scratch copy of it with --check, then compared.
generate() {
    local module=$1 hand_written=$2 quad_options=()
    [[ -z "$3" ]] || quad_options=(--quad_opt="$3")
    shift 3
    local out=$module
    if $check; then
        out="$scratch/$module"
        mkdir -p "$out"
        cp "$module/$hand_written" "$out"/
    else
        mkdir -p "$out"
        find "$out" \( -name '*.pb.swift' -o -name '*.quad.swift' \) -delete
        find "$out" -mindepth 1 -type d -empty -delete
    fi
    protoc -I Proto \
        --plugin=protoc-gen-swift="$bin/protoc-gen-swift" \
        --plugin=protoc-gen-quad="$bin/protoc-gen-quad" \
        --swift_out="$out" --swift_opt=Visibility=Public --swift_opt=UseAccessLevelOnImports=true \
        --quad_out="$out" "${quad_options[@]}" \
        "$@"
    if $check; then
        if ! diff -r "$out" "$module" >/dev/null; then
            diff -r "$out" "$module" | head -40 >&2 || true  # diff exits 1 here, and pipefail is on
            echo "$module is stale: run Tools/generate-contracts.sh and commit the result" >&2
            exit 1
        fi
        echo "$module is up to date"
    fi
}

generate Shared/BuiltInContracts QuadBuiltInContracts.swift "ProtoFiles=QuadBuiltInProtoFiles,Catalogs=false" "${builtin[@]}"
generate Shared/Contracts QuadContracts.swift "" "${products[@]}"
