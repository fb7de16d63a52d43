# Shared by the benchmark scripts (sourced, not run): release builds, and Quad
# executables started on free loopback ports in a scratch directory.
#
# The sourcing script sets `bin` (the release bin path) and `work` (a scratch directory), and
# may set `pin` to a command prefix for the servers (e.g. "taskset -c 1").

# build_release PRODUCT...: release builds. SwiftPM 6.3 keeps a cached build plan that misses
# files added to the root package (our `path: ".."` dependency) since the last plan, so the
# plan is dropped first.
build_release() {
    rm -f .build/release.yaml .build/*/release/description.json
    for product in "$@"; do swift build -c release --product "$product" >&2; done
}

pids=()

# start_service NAME[:INSTANCE] ARGS...: starts quad-NAME and waits for its ready file,
# $work/NAME.ready (NAME-INSTANCE.ready for a second instance of the same executable).
start_service() {
    local executable="${1%%:*}" name="${1/:/-}"; shift
    rm -f "$work/$name.ready"
    ${pin:-} "$bin/quad-$executable" --rpc-port 0 --admin-port 0 --data-dir "$work/data" --certs-dir "$work/certs" \
        --ready-file "$work/$name.ready" --log-level warning "$@" >"$work/$name.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 200); do [[ -s "$work/$name.ready" ]] && return; sleep 0.05; done
    echo "$(basename "$0"): quad-$name did not start:" >&2; cat "$work/$name.log" >&2; exit 1
}

# stop_services: stops everything start_service started.
stop_services() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    pids=()
}

# field FILE KEY: one value of a JSON object file (a ready file).
field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }

# start_up: `quad up` on $work/up in the background (its pid in up_pid), with the caller's environment
# (e.g. `QUAD_WRITE_BATCH=1 start_up`), waiting for its endpoints file; stop_up stops it.
up_pid=""
start_up() {
    stop_up
    rm -rf "$work/up"
    "$bin/quad" up --data "$work/up" >"$work/up.log" 2>&1 &
    up_pid=$!
    for _ in $(seq 1 600); do [[ -s "$work/up/endpoints.json" ]] && break; sleep 0.1; done
    [[ -s "$work/up/endpoints.json" ]] || {
        echo "$(basename "$0"): quad up did not start:" >&2; cat "$work/up.log" >&2; exit 1
    }
}

stop_up() {
    if [[ -n "$up_pid" ]]; then kill "$up_pid" 2>/dev/null || true; wait "$up_pid" 2>/dev/null || true; up_pid=""; fi
}
