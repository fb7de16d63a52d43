#!/usr/bin/env bash
# Builds the libFuzzer + AddressSanitizer binary Fuzz/build/frame-fuzzer from the wire core
# sources (Shared/WireCore), the shared harness (Tests/QuadWireCoreTests/FrameFuzzHarness.swift)
# and Fuzz/FrameFuzzer.swift, compiled as one module.
# Needs a Linux Swift toolchain (tested: Swift 6.3.1 at /opt/swift), which ships the
# libFuzzer and ASan runtimes (usr/lib/swift/clang/lib/linux/libclang_rt.{fuzzer,asan}-*.a).
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFTC=${SWIFTC:-}
if [[ -z "$SWIFTC" ]]; then
    if [[ -x /opt/swift/usr/bin/swiftc ]]; then SWIFTC=/opt/swift/usr/bin/swiftc; else SWIFTC=swiftc; fi
fi

mkdir -p Fuzz/build
"$SWIFTC" -sanitize=fuzzer,address -parse-as-library -O \
    -swift-version 6 \
    -enable-upcoming-feature ExistentialAny \
    -enable-upcoming-feature InternalImportsByDefault \
    -warnings-as-errors \
    -use-ld=lld \
    -module-name FrameFuzz \
    Shared/WireCore/*.swift Tests/QuadWireCoreTests/FrameFuzzHarness.swift Fuzz/FrameFuzzer.swift \
    -o Fuzz/build/frame-fuzzer
echo "built Fuzz/build/frame-fuzzer"
