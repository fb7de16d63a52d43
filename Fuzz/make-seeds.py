#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus, Fuzz/corpus/, from hand-built quad.wire.v1 frames.

Every frame is a 4-byte big-endian length then a protobuf `quad.wire.v1.Frame`
(Proto/quad/wire/v1/wire.proto). The encoding is written out here by hand, field by field,
so the seeds do not depend on the encoder under test. Run from anywhere:
    python3 Fuzz/make-seeds.py
"""
import os
import struct

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")


def varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def tag(field: int, wire_type: int) -> bytes:
    return varint(field << 3 | wire_type)


def v(field: int, value: int) -> bytes:  # varint field (uint32, uint64, bool)
    return tag(field, 0) + varint(value)


def ld(field: int, data: bytes) -> bytes:  # length-delimited field (bytes, string, message)
    return tag(field, 2) + varint(len(data)) + data


def s(field: int, text: str) -> bytes:
    return ld(field, text.encode("utf-8"))


def map_entries(field: int, pairs) -> bytes:
    return b"".join(ld(field, s(1, k) + s(2, val)) for k, val in pairs)


# Frame.body fields
START, MESSAGE, END, CANCEL, CREDIT, PING, PONG, GO_AWAY = range(2, 10)


def frame(call_id: int, body_field: int, body: bytes) -> bytes:
    proto = (v(1, call_id) if call_id else b"") + ld(body_field, body)
    return struct.pack(">I", len(proto)) + proto


def call_start(method, timeout=0, metadata=(), payload=None, half_close=False) -> bytes:
    out = s(1, method)
    if timeout:
        out += v(2, timeout)
    out += map_entries(3, metadata)
    if payload is not None:
        if payload:
            out += ld(4, payload)
        out += v(5, 1)
    if half_close:
        out += v(6, 1)
    return out


def message(payload=b"", half_close=False) -> bytes:
    return (ld(1, payload) if payload else b"") + (v(2, 1) if half_close else b"")


def status(code=0, msg="", details=()) -> bytes:
    return (v(1, code) if code else b"") + (s(2, msg) if msg else b"") + b"".join(ld(3, d) for d in details)


def call_end(code=0, msg="", details=(), trailers=(), payload=None) -> bytes:
    out = ld(1, status(code, msg, details)) + map_entries(2, trailers)
    if payload is not None:
        if payload:
            out += ld(3, payload)
        out += v(4, 1)
    return out


def single(n: int) -> bytes:
    return v(1, n) if n else b""


def go_away(last: int, reason: str) -> bytes:
    return (v(1, last) if last else b"") + (s(2, reason) if reason else b"")


SUBMIT = "quad.jobs.v1.Jobs/SubmitJob"
WATCH = "quad.jobs.v1.Jobs/WatchJob"
META = [("authorization", "Bearer abc.def.ghi"), ("x-request-id", "r-42"),
        ("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")]

unary_start = frame(1, START, call_start(SUBMIT, 5_000_000, META, b"\x0a\x03job", half_close=True))
stream_start = frame(3, START, call_start(WATCH, 0, [("x-quad-caller", "gateway")], payload=b""))

seeds = {
    # One frame of each kind.
    "start-unary": unary_start,
    "start-no-payload": frame(7, START, call_start("quad.health.v1.Health/Watch")),
    "message": frame(3, MESSAGE, message(b"\x08\x01\x12\x04data")),
    "message-half-close": frame(3, MESSAGE, message(b"", half_close=True)),
    "end-ok-trailers": frame(1, END, call_end(0, "", (), [("x-request-id", "r-42"), ("retry-after", "1")], b"\x0a\x02ok")),
    "end-error-details": frame(2, END, call_end(8, "over quota", [b"\x0a\x01x", b""], [])),
    "cancel": frame(3, CANCEL, b""),
    "credit": frame(3, CREDIT, single(8)),
    "credit-max": frame(3, CREDIT, single(0xFFFFFFFF)),
    "ping": frame(0, PING, single(0x1122334455667788)),
    "pong": frame(0, PONG, single(0xFFFFFFFFFFFFFFFF)),
    "goaway": frame(0, GO_AWAY, go_away(5, "server is shutting down")),
    # Sequences, as a caller would send them (server pass) or a server would reply (client pass).
    "seq-unary-then-ping": unary_start + frame(0, PING, single(1)) + frame(0, GO_AWAY, go_away(1, "bye")),
    "seq-stream": stream_start
        + b"".join(frame(3, MESSAGE, message(bytes([i]) * i)) for i in range(1, 18))
        + frame(3, CREDIT, single(16)) + frame(3, MESSAGE, message(b"", half_close=True)),
    "seq-client-view": frame(1, START, call_start(SUBMIT, payload=b"\x01", half_close=True))
        + frame(2, START, call_start(WATCH, payload=b""))
        + frame(2, MESSAGE, message(b"event-1")) + frame(2, CREDIT, single(4))
        + frame(1, END, call_end(0, payload=b"\x0a\x02id"))
        + frame(0, GO_AWAY, go_away(1, "draining")) + frame(2, END, call_end(14, "gone")),
    "seq-cancel-and-reuse": stream_start + frame(3, CANCEL, b"") + frame(3, MESSAGE, message(b"late"))
        + stream_start + frame(3, MESSAGE, message(b"again", half_close=True)),
    "seq-unknown-fields": frame(9, START, call_start(SUBMIT) + v(15, 7) + ld(16, b"x") + tag(17, 1) + b"\0" * 8 + tag(18, 5) + b"\0" * 4)
        + struct.pack(">I", 2) + ld(99, b""),  # second frame: no body (malformed)
    # Broken input.
    "broken-truncated": unary_start[: len(unary_start) - 5],
    "broken-oversized-length": struct.pack(">I", 64 * 1024 + 1) + b"\x08\x01",
    "broken-bad-varint": struct.pack(">I", 12) + b"\x08" + b"\xff" * 11,
    "broken-nested-overrun": struct.pack(">I", 4) + tag(START, 2) + varint(50) + b"\x0a\x00",
    "broken-bad-utf8": frame(1, START, ld(1, b"\xc3\x28") + v(6, 1)),
    "broken-wire-type": frame(1, CREDIT, ld(1, b"\x01")),
}

os.makedirs(OUT, exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
print(f"wrote {len(seeds)} seeds to {OUT}")
