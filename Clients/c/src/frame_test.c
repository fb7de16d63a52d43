/* Checks the framing against docs/wire.md section 20 byte by byte: the worked request must
 * encode to exactly the documented bytes, the documented response must decode to the documented
 * fields, and a reader must cope with frames split across reads and several frames per read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "quad/health/v1/health.pb-c.h"

static int failures;

#define CHECK(condition, ...)                                                                        \
    do {                                                                                             \
        if (!(condition)) {                                                                          \
            failures++;                                                                              \
            printf("not ok - %s:%d: ", __FILE__, __LINE__);                                          \
            printf(__VA_ARGS__);                                                                     \
            printf("\n");                                                                            \
        }                                                                                            \
    } while (0)

static size_t from_hex(const char *hex, uint8_t *out) {
    size_t n = 0;
    for (const char *p = hex; *p;) {
        if (*p == ' ') { p++; continue; }
        unsigned byte;
        sscanf(p, "%2x", &byte);
        out[n++] = (uint8_t)byte;
        p += 2;
    }
    return n;
}

static void to_hex(const uint8_t *bytes, size_t n, char *out) {
    for (size_t i = 0; i < n; i++) sprintf(out + 2 * i, "%02x", bytes[i]);
}

/* Section 20's request: Health/Check on call id 1, 1 s timeout, x-request-id r1, empty request. */
static void test_worked_request(void) {
    static const char *expected =
        "0000003d 0801 1239 0a1b 717561642e6865616c74682e76312e4865616c74682f436865636b "
        "10c0843d 1a12 0a0c 782d726571756573742d6964 1202 7231 2801 3001";
    Quad__Wire__V1__CallStart__MetadataEntry entry = QUAD__WIRE__V1__CALL_START__METADATA_ENTRY__INIT;
    entry.key = "x-request-id";
    entry.value = "r1";
    Quad__Wire__V1__CallStart__MetadataEntry *entries[] = {&entry};
    Quad__Wire__V1__CallStart start = QUAD__WIRE__V1__CALL_START__INIT;
    start.method = "quad.health.v1.Health/Check";
    start.timeout_micros = 1000000;
    start.n_metadata = 1;
    start.metadata = entries;
    start.has_payload = 1;
    start.half_close = 1;
    Quad__Wire__V1__Frame frame = QUAD__WIRE__V1__FRAME__INIT;
    frame.call_id = 1;
    frame.body_case = QUAD__WIRE__V1__FRAME__BODY_START;
    frame.start = &start;

    buffer out = {0};
    frame_encode(&frame, &out);
    uint8_t want[128];
    size_t want_length = from_hex(expected, want);
    char got_hex[512];
    to_hex(buffer_bytes(&out), buffer_length(&out), got_hex);
    CHECK(buffer_length(&out) == want_length && memcmp(buffer_bytes(&out), want, want_length) == 0,
          "the worked request encodes differently: %s", got_hex);
    buffer_free(&out);
}

/* Section 20's response, fed one byte at a time and then twice in one read. */
static void test_worked_response(void) {
    uint8_t bytes[64];
    size_t n = from_hex("0000000c 0801 2208 0a00 1a02 0801 2001", bytes);
    buffer in = {0};
    Quad__Wire__V1__Frame *frame = NULL;
    uint32_t length;
    for (size_t i = 0; i < n; i++) {
        CHECK(frame_decode(&in, FRAME_DEFAULT_MAX_BODY, &frame, &length) == FRAME_NEED_MORE,
              "decoded a frame from %zu of %zu bytes", i, n);
        buffer_append(&in, bytes + i, 1);
    }
    CHECK(frame_decode(&in, FRAME_DEFAULT_MAX_BODY, &frame, &length) == FRAME_DECODED, "the response does not decode");
    if (frame == NULL) return;
    CHECK(frame->call_id == 1, "call id %u", (unsigned)frame->call_id);
    CHECK(frame->body_case == QUAD__WIRE__V1__FRAME__BODY_END, "body %s", frame_body_name(frame->body_case));
    const Quad__Wire__V1__CallEnd *end = frame->end;
    CHECK(end->status != NULL && end->status->code == 0, "status not OK");
    CHECK(end->has_payload, "has_payload not set");
    Quad__Health__V1__HealthCheckResponse *health =
        quad__health__v1__health_check_response__unpack(NULL, end->payload.len, end->payload.data);
    CHECK(health != NULL && health->status == QUAD__HEALTH__V1__HEALTH_CHECK_RESPONSE__SERVING_STATUS__SERVING,
          "payload is not HealthCheckResponse{SERVING}");
    if (health) quad__health__v1__health_check_response__free_unpacked(health, NULL);
    frame_free(frame);
    CHECK(buffer_length(&in) == 0, "%zu bytes left over", buffer_length(&in));

    buffer_append(&in, bytes, n);
    buffer_append(&in, bytes, n);
    int frames = 0;
    while (frame_decode(&in, FRAME_DEFAULT_MAX_BODY, &frame, &length) == FRAME_DECODED) {
        frames++;
        frame_free(frame);
    }
    CHECK(frames == 2, "%d frames from one read of two", frames);
    buffer_free(&in);
}

/* Section 3: the chosen oneof body is written even when empty: Cancel is `2a 00`. */
static void test_empty_cancel(void) {
    Quad__Wire__V1__Cancel cancel = QUAD__WIRE__V1__CANCEL__INIT;
    Quad__Wire__V1__Frame frame = QUAD__WIRE__V1__FRAME__INIT;
    frame.call_id = 7;
    frame.body_case = QUAD__WIRE__V1__FRAME__BODY_CANCEL;
    frame.cancel = &cancel;
    buffer out = {0};
    frame_encode(&frame, &out);
    static const uint8_t want[] = {0, 0, 0, 4, 0x08, 0x07, 0x2a, 0x00};
    CHECK(buffer_length(&out) == sizeof want && memcmp(buffer_bytes(&out), want, sizeof want) == 0,
          "Cancel on call 7 does not encode as 00000004 0807 2a00");
    buffer_free(&out);
}

/* Section 3: an oversized prefix is refused from the 4 prefix bytes alone; no body is a protocol error. */
static void test_limits(void) {
    buffer in = {0};
    static const uint8_t oversized[] = {0x00, 0x40, 0x00, 0x01};
    buffer_append(&in, oversized, sizeof oversized);
    Quad__Wire__V1__Frame *frame;
    uint32_t length;
    CHECK(frame_decode(&in, FRAME_DEFAULT_MAX_BODY, &frame, &length) == FRAME_TOO_LARGE && length == 4194305,
          "a 4 MiB + 1 prefix is not refused");
    buffer_free(&in);
    static const uint8_t no_body[] = {0, 0, 0, 2, 0x08, 0x01};
    buffer_append(&in, no_body, sizeof no_body);
    CHECK(frame_decode(&in, FRAME_DEFAULT_MAX_BODY, &frame, &length) == FRAME_MALFORMED,
          "a Frame with no body is accepted");
    buffer_free(&in);
}

int main(void) {
    test_worked_request();
    test_worked_response();
    test_empty_cancel();
    test_limits();
    printf("%s - frame tests (docs/wire.md sections 3 and 20)\n", failures ? "not ok" : "ok");
    return failures ? 1 : 0;
}
