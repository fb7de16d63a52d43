/* Framing (docs/wire.md section 3): every frame is a 4-byte big-endian body length N, then N
 * bytes of a serialized quad.wire.v1.Frame. */
#ifndef QUAD_FRAME_H
#define QUAD_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "buffer.h"
#include "quad/wire/v1/wire.pb-c.h"

#define FRAME_PREFIX_LENGTH 4
/* The largest body a peer accepts by default: 4 MiB. */
#define FRAME_DEFAULT_MAX_BODY (4u * 1024u * 1024u)

/* Appends `frame`, length prefix first, to `out`. Returns 0, or -1 when out of memory. */
int frame_encode(const Quad__Wire__V1__Frame *frame, buffer *out);

typedef enum {
    FRAME_DECODED,   /* *frame_out holds a frame; free it with frame_free */
    FRAME_NEED_MORE, /* no complete frame buffered yet */
    FRAME_TOO_LARGE, /* the length prefix is above the limit */
    FRAME_MALFORMED, /* the body does not decode, or has no body field */
} frame_decode_result;

/* Takes the next complete frame off the front of `in`. On FRAME_TOO_LARGE `*length_out` is the
 * announced length; nothing is consumed on any result but FRAME_DECODED. */
frame_decode_result frame_decode(buffer *in, uint32_t max_body, Quad__Wire__V1__Frame **frame_out,
                                 uint32_t *length_out);

void frame_free(Quad__Wire__V1__Frame *frame);

/* The body field's name as in wire.proto ("start", "end", ...), for messages. */
const char *frame_body_name(Quad__Wire__V1__Frame__BodyCase body);

#endif
