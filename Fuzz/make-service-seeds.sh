#!/usr/bin/env bash
# Usage: Fuzz/make-service-seeds.sh [TARGET...]   (default: every target)
# Rewrites Fuzz/services/corpus/<target>/ from the harness's seeds (FuzzSeeds: every method, empty and filled, from Alice,
# Bob and an operator). Needs Fuzz/build/service-fuzzer (Fuzz/build-services.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then targets=(identity jobs matching payments households fleet-documents gateway); fi
for target in "${targets[@]}"; do
    rm -rf "Fuzz/services/corpus/$target"
    QUAD_FUZZ_TARGET=$target QUAD_FUZZ_WRITE_SEEDS="Fuzz/services/corpus/$target" SWIFT_BACKTRACE=enable=no \
        Fuzz/build/service-fuzzer
done
