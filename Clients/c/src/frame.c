#include "frame.h"

int frame_encode(const Quad__Wire__V1__Frame *frame, buffer *out) {
    size_t body = quad__wire__v1__frame__get_packed_size(frame);
    if (body > UINT32_MAX) return -1;
    uint8_t *to = buffer_reserve(out, FRAME_PREFIX_LENGTH + body);
    if (to == NULL) return -1;
    to[0] = (uint8_t)(body >> 24);
    to[1] = (uint8_t)(body >> 16);
    to[2] = (uint8_t)(body >> 8);
    to[3] = (uint8_t)body;
    quad__wire__v1__frame__pack(frame, to + FRAME_PREFIX_LENGTH);
    buffer_commit(out, FRAME_PREFIX_LENGTH + body);
    return 0;
}

frame_decode_result frame_decode(buffer *in, uint32_t max_body, Quad__Wire__V1__Frame **frame_out,
                                 uint32_t *length_out) {
    size_t available = buffer_length(in);
    if (available < FRAME_PREFIX_LENGTH) return FRAME_NEED_MORE;
    const uint8_t *p = buffer_bytes(in);
    uint32_t length = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    *length_out = length;
    /* Checked as soon as the prefix is here, before waiting for the body. */
    if (length > max_body) return FRAME_TOO_LARGE;
    if (available - FRAME_PREFIX_LENGTH < length) return FRAME_NEED_MORE;
    Quad__Wire__V1__Frame *frame = quad__wire__v1__frame__unpack(NULL, length, p + FRAME_PREFIX_LENGTH);
    if (frame == NULL) return FRAME_MALFORMED;
    if (frame->body_case == QUAD__WIRE__V1__FRAME__BODY__NOT_SET) {
        /* "a Frame with no body field is a protocol error" (section 3). */
        frame_free(frame);
        return FRAME_MALFORMED;
    }
    buffer_consume(in, FRAME_PREFIX_LENGTH + (size_t)length);
    *frame_out = frame;
    return FRAME_DECODED;
}

void frame_free(Quad__Wire__V1__Frame *frame) { quad__wire__v1__frame__free_unpacked(frame, NULL); }

const char *frame_body_name(Quad__Wire__V1__Frame__BodyCase body) {
    switch (body) {
    case QUAD__WIRE__V1__FRAME__BODY_START: return "start";
    case QUAD__WIRE__V1__FRAME__BODY_MESSAGE: return "message";
    case QUAD__WIRE__V1__FRAME__BODY_END: return "end";
    case QUAD__WIRE__V1__FRAME__BODY_CANCEL: return "cancel";
    case QUAD__WIRE__V1__FRAME__BODY_CREDIT: return "credit";
    case QUAD__WIRE__V1__FRAME__BODY_PING: return "ping";
    case QUAD__WIRE__V1__FRAME__BODY_PONG: return "pong";
    case QUAD__WIRE__V1__FRAME__BODY_GO_AWAY: return "go_away";
    default: return "no body";
    }
}
