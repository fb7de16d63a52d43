#!/usr/bin/env bash
# Builds the services' libFuzzer binary Fuzz/build/service-fuzzer (Fuzz/README.md, "The services").
#
# 1. SwiftPM builds the harness target ServiceFuzzHarness and everything under it in release, in a scratch path of
#    its own (.build-fuzz), with QUAD_FUZZ_COVERAGE=1: Package.swift then adds `-sanitize=fuzzer` to Quad's own
#    modules (coverage instrumentation: edges and comparisons), not to the dependencies. Building one library target
#    links nothing, so no executable's `main` meets libFuzzer's.
# 2. swiftc links Fuzz/ServiceFuzzer.swift (LLVMFuzzerTestOneInput) with every object that build made and
#    libFuzzer's runtime (`-sanitize=fuzzer`, which brings libFuzzer's `main`).
# FUZZ_ASAN=1 adds AddressSanitizer to the driver's link and to Quad's modules (slower; its own scratch path).
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFTC=${SWIFTC:-}
if [[ -z "$SWIFTC" ]]; then
    if [[ -x /opt/swift/usr/bin/swiftc ]]; then SWIFTC=/opt/swift/usr/bin/swiftc; else SWIFTC=swiftc; fi
fi
SWIFT=${SWIFT:-$(dirname "$SWIFTC")/swift}
[[ -x "$SWIFT" ]] || SWIFT=swift

sanitizers=fuzzer
scratch=.build-fuzz
if [[ "${FUZZ_ASAN:-0}" == 1 ]]; then
    sanitizers=fuzzer,address
    scratch=.build-fuzz-asan
fi

start=$(date +%s)
QUAD_FUZZ_COVERAGE=1 QUAD_FUZZ_SANITIZERS=$sanitizers \
    "$SWIFT" build -c release --scratch-path "$scratch" --target ServiceFuzzHarness
built=$(date +%s)

bin=$(QUAD_FUZZ_COVERAGE=1 QUAD_FUZZ_SANITIZERS=$sanitizers \
    "$SWIFT" build -c release --scratch-path "$scratch" --show-bin-path)
# Every object of the harness's build: Quad's modules, the dependencies (Swift and C), nothing with a `main` (no
# executable or test target is built by `--target`).
mapfile -t objects < <(find "$bin" -path '*.build/*' -name '*.o' \
    -not -path '*/Modules/*' -not -path '*.product/*' | sort)
if [[ ${#objects[@]} -eq 0 ]]; then echo "no objects under $bin" >&2; exit 2; fi

# The harness's own compile flags for C modules and search paths (module maps of NIO's, BoringSSL's and SQLite's C
# modules, which its modules' interfaces name), as SwiftPM passed them: from the build plan.
mapfile -t search < <(python3 - "$scratch/release.yaml" <<'PY'
import json, sys
plan = open(sys.argv[1]).read()
start = plan.index('"C.ServiceFuzzHarness-')
line = plan[plan.index("args: ", start):].split("\n", 1)[0]
args = json.loads(line[len("args: "):])
for flag, value in zip(args, args[1:]):
    if flag in ("-Xcc", "-I"):
        print(flag)
        print(value)
PY
)

mkdir -p Fuzz/build
"$SWIFTC" -sanitize="$sanitizers" -parse-as-library -O \
    -swift-version 6 \
    -use-ld=lld \
    -I "$bin/Modules" "${search[@]}" \
    -module-name ServiceFuzz \
    Fuzz/ServiceFuzzer.swift "${objects[@]}" \
    -lsqlite3 \
    -o Fuzz/build/service-fuzzer
echo "built Fuzz/build/service-fuzzer (${#objects[@]} objects; swift build $((built - start))s, link $(($(date +%s) - built))s)"
