#!/usr/bin/env bash
# End-to-end check of the C client against the real system: builds the client, starts Quad with
# `quad up` in a temporary data directory, runs `quad-c-client demo` through the gateway (TLS,
# no client certificate, as an app) and against identity directly (mutual TLS),
# `quad-c-client conformance` against identity, and `quad-c-client documents` through the
# gateway with generated PNGs of 3 MiB and of exactly 25 MiB (the store's limit) and `upload`
# of 25 MiB + 1 byte (refused RESOURCE_EXHAUSTED), then stops Quad and removes every file it
# made. Exits 0 only if all pass.
#
# usage: run-against-quad-up.sh [QUAD_BIN]     (or QUAD_BIN=... in the environment)
#   QUAD_BIN  the built `quad` CLI; `quad up` starts the services (quad-identity, quad-gateway,
#             quad-fleet-documents, ...) from the same directory.
# Needs make, a C compiler, protoc + protoc-gen-c, the protobuf-c and OpenSSL headers, jq and
# pgrep.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
quad_bin=${1:-${QUAD_BIN:-}}
if [[ -z "$quad_bin" ]]; then
    echo "usage: $0 QUAD_BIN (or set QUAD_BIN): the path of the built quad CLI" >&2
    exit 64
fi
if [[ ! -x "$quad_bin" ]]; then
    echo "$quad_bin is not an executable" >&2
    exit 64
fi
command -v jq >/dev/null || { echo "jq is needed to read endpoints.json" >&2; exit 1; }

make -C "$here" --no-print-directory
client="$here/build/quad-c-client"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/quad-c-client.XXXXXX")
up_pid=""
service_pids=""
client_pid=""

# Stops `quad up`, which stops its services (SIGTERM, up to 15 s of draining each, then SIGKILL).
# If it is still there after 40 s, or died and left services behind, kills what it started:
# `quad up` gives each service a process group of its own, so its pid and the services' pids
# (recorded once they were ready) are all there is to kill. Runs on every exit.
cleanup() {
    local status=$?
    trap - EXIT INT TERM
    if [[ -n "$client_pid" ]]; then
        kill -TERM "$client_pid" 2>/dev/null || true
        wait "$client_pid" 2>/dev/null || true
    fi
    if [[ -n "$up_pid" ]]; then
        if kill -0 "$up_pid" 2>/dev/null; then
            kill -TERM "$up_pid" 2>/dev/null || true
            for _ in $(seq 1 400); do
                kill -0 "$up_pid" 2>/dev/null || break
                sleep 0.1
            done
            kill -KILL "$up_pid" 2>/dev/null || true
        fi
        wait "$up_pid" 2>/dev/null || true
        for pid in $service_pids; do
            # Only if that pid is still one of ours: its command line names our data directory.
            if ps -o args= -p "$pid" 2>/dev/null | grep -qF "$tmp"; then
                kill -KILL "$pid" 2>/dev/null || true
            fi
        done
    fi
    if [[ $status -ne 0 && -d "$tmp" ]]; then
        echo "--- quad up output" >&2
        cat "$tmp/up.log" >&2 2>/dev/null || true
        for log in "$tmp"/data/logs/*.log; do
            [[ -f "$log" ]] || continue
            echo "--- last lines of $log" >&2
            tail -n 40 "$log" >&2
        done
    fi
    rm -rf "$tmp"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"$quad_bin" up --data "$tmp/data" >"$tmp/up.log" 2>&1 &
up_pid=$!

endpoints="$tmp/data/endpoints.json"
for _ in $(seq 1 1200); do
    # `quad up` writes endpoints.json once every service is ready.
    if [[ -s "$endpoints" ]] && jq -e '.services.identity.rpc and .gateway.rpc' "$endpoints" >/dev/null 2>&1; then
        break
    fi
    if ! kill -0 "$up_pid" 2>/dev/null; then
        echo "quad up exited before it was ready" >&2
        exit 1
    fi
    sleep 0.1
done
if ! jq -e '.services.identity.rpc and .gateway.rpc' "$endpoints" >/dev/null 2>&1; then
    echo "quad up was not ready after 120 s" >&2
    exit 1
fi

# The services `quad up` started (its children), for cleanup's last resort.
service_pids=$(pgrep -P "$up_pid" || true)

field() { jq -er "$1" "$endpoints"; }
args=(
    --addr "$(field .services.identity.rpc)"
    --server-name "$(field .services.identity.server_name)"
    --ca "$(field .ca)"
    --cert "$(field .client_cert)"
    --key "$(field .client_key)"
)

# The gateway, as an app reaches Quad: server-only TLS, no client certificate.
gateway_args=(
    --addr "$(field .gateway.rpc)"
    --server-name "$(field .gateway.server_name)"
    --ca "$(field .ca)"
)

# Runs the client in the background and waits for it: bash runs a trap only after a foreground
# command ends, but interrupts `wait` at once, so SIGINT/SIGTERM clean up without delay.
# usage: run_client LABEL OPTIONS COMMAND [FILE...]  (OPTIONS: the name of an array: args, gateway_args)
run_client() {
    local label=$1 command=("${@:3}")
    local -n options=$2
    echo "== quad-c-client ${command[*]##*/} ($label)"
    "$client" "${options[@]}" "${command[@]}" &
    client_pid=$!
    local status=0
    wait "$client_pid" || status=$?
    client_pid=""
    return "$status"
}

# Like run_client, but the call must fail: exit status 1 and `status CODE: ...` on stderr.
# usage: expect_status CODE LABEL OPTIONS COMMAND [FILE...]
expect_status() {
    local code=$1 status=0
    shift
    run_client "$@" 2>"$tmp/stderr" || status=$?
    cat "$tmp/stderr" >&2
    if [[ $status -ne 1 ]] || ! grep -q "^status $code: " "$tmp/stderr"; then
        echo "expected exit status 1 and 'status $code: ...', got exit status $status" >&2
        return 1
    fi
    echo "refused as expected: $code"
}

# A "PNG" of SIZE bytes: the store checks the 8-byte signature only, so random bytes follow.
# usage: png PATH SIZE
png() {
    { printf '\211PNG\r\n\032\n'; head -c "$(($2 - 8))" /dev/urandom; } >"$1"
}
mib=$((1024 * 1024))
png "$tmp/picture.png" $((3 * mib + 12345))
png "$tmp/at-limit.png" $((25 * mib))
png "$tmp/over-limit.png" $((25 * mib + 1))

run_client "through the gateway, no client certificate" gateway_args demo
run_client "identity directly, mutual TLS" args demo
run_client "identity directly, mutual TLS" args conformance
# One user for both files: the gateway allows an address 5 registrations at once (10 an hour).
run_client "through the gateway: 3 MiB + 12345 bytes, and exactly 25 MiB, the limit" \
    gateway_args documents "$tmp/picture.png" "$tmp/at-limit.png"
expect_status RESOURCE_EXHAUSTED "through the gateway: 25 MiB + 1 byte, past the limit" \
    gateway_args upload "$tmp/over-limit.png"
