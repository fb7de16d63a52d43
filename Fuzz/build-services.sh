#!/usr/bin/env bash
# Builds the services' libFuzzer binary Fuzz/build/service-fuzzer (Fuzz/README.md, "Fuzzing the services").
#
# 1. SwiftPM builds the harness target ServiceFuzzHarness and everything under it with QUAD_FUZZ_COVERAGE=1:
#    Package.swift then adds `-sanitize=fuzzer` to Quad's own modules (coverage instrumentation: edges and
#    comparisons), not to the dependencies. Building one library target links nothing, so no executable's `main`
#    meets libFuzzer's.
# 2. swiftc links Fuzz/ServiceFuzzer.swift (LLVMFuzzerTestOneInput) with the objects of the harness and of every
#    module under it (read from SwiftPM's build plan) and libFuzzer's runtime (`-sanitize=fuzzer`, which brings
#    libFuzzer's `main`).
#
# FUZZ_BUILD=release (the default): release, in a scratch path of its own (.build-fuzz): the fastest fuzzer, but
#   every dependency is compiled once more.
# FUZZ_BUILD=debug: debug, in the package's .build, reusing the dependencies `swift build --build-tests` compiled
#   (CI): only Quad's modules are compiled again (with coverage; the next plain build compiles them back). Slower
#   executions.
# FUZZ_ASAN=1 adds AddressSanitizer to Quad's modules and the link (release only, in .build-fuzz-asan).
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFTC=${SWIFTC:-}
if [[ -z "$SWIFTC" ]]; then
    if [[ -x /opt/swift/usr/bin/swiftc ]]; then SWIFTC=/opt/swift/usr/bin/swiftc; else SWIFTC=swiftc; fi
fi
SWIFT=${SWIFT:-$(dirname "$SWIFTC")/swift}
[[ -x "$SWIFT" ]] || SWIFT=swift

configuration=${FUZZ_BUILD:-release}
sanitizers=fuzzer
case "$configuration" in
    release) scratch=.build-fuzz ;;
    debug) scratch=.build ;;
    *) echo "FUZZ_BUILD must be release or debug" >&2; exit 2 ;;
esac
if [[ "${FUZZ_ASAN:-0}" == 1 ]]; then
    sanitizers=fuzzer,address
    scratch=.build-fuzz-asan
    configuration=release
fi
build() {
    QUAD_FUZZ_COVERAGE=1 QUAD_FUZZ_SANITIZERS=$sanitizers \
        "$SWIFT" build -c "$configuration" --scratch-path "$scratch" "$@"
}

start=$(date +%s)
build --target ServiceFuzzHarness
built=$(date +%s)
bin=$(build --show-bin-path)

# From the build plan: the modules under the harness (each module's compile inputs name the modules it imports,
# Swift and C), and the harness's own flags for C modules and search paths (the module maps of NIO's, BoringSSL's
# and SQLite's C modules, which its dependencies' interfaces name).
plan_args=()
mapfile -t plan_args < <(python3 - "$scratch/$configuration.yaml" "$configuration" <<'PY'
import json, re, sys
plan = open(sys.argv[1]).read()
configuration = sys.argv[2]
commands = {}
pattern = r'^  "C\.([A-Za-z0-9_-]+?)-[a-z0-9_]+-unknown-linux-gnu-' + configuration + r'\.module":\n(.*?)(?=^  "|\Z)'
for match in re.finditer(pattern, plan, re.S | re.M):
    body = match.group(2)
    inputs = re.search(r"inputs: (\[.*\])", body)
    args = re.search(r"args: (\[.*\])", body)
    commands[match.group(1)] = (json.loads(inputs.group(1)) if inputs else [], json.loads(args.group(1)) if args else [])
seen, todo = set(), ["ServiceFuzzHarness"]
while todo:
    name = todo.pop()
    if name in seen:
        continue
    seen.add(name)
    for path in commands.get(name, ([], []))[0]:
        for found in re.findall(r"/Modules/([A-Za-z0-9_]+)\.swiftmodule$", path) + re.findall(r"/([A-Za-z0-9_]+)\.build/", path):
            todo.append(found)
for name in sorted(seen):
    print("module")
    print(name)
args = commands["ServiceFuzzHarness"][1]
for flag, value in zip(args, args[1:]):
    if flag in ("-Xcc", "-I"):
        print(flag)
        print(value)
PY
)
search=()
objects=()
for ((i = 0; i < ${#plan_args[@]}; i += 2)); do
    if [[ ${plan_args[i]} == module ]]; then
        directory="$bin/${plan_args[i + 1]}.build"
        if [[ -d $directory ]]; then
            while IFS= read -r object; do objects+=("$object"); done < <(find "$directory" -name '*.o' | sort)
        fi
    else
        search+=("${plan_args[i]}" "${plan_args[i + 1]}")
    fi
done
if [[ ${#objects[@]} -eq 0 ]]; then echo "no objects under $bin" >&2; exit 2; fi

optimization=-O
[[ $configuration == debug ]] && optimization=-Onone
mkdir -p Fuzz/build
"$SWIFTC" -sanitize="$sanitizers" -parse-as-library "$optimization" \
    -swift-version 6 \
    -use-ld=lld \
    -I "$bin/Modules" "${search[@]}" \
    -module-name ServiceFuzz \
    Fuzz/ServiceFuzzer.swift "${objects[@]}" \
    -lsqlite3 \
    -o Fuzz/build/service-fuzzer
echo "built Fuzz/build/service-fuzzer ($configuration, ${#objects[@]} objects; swift build $((built - start))s, link $(($(date +%s) - built))s)"
