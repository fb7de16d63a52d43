/* One quad wire connection: TLS, framing, and many calls multiplexed over it (docs/wire.md
 * sections 4-17).
 *
 * Single-threaded: nothing happens in the background. Every function that waits (await, next
 * message, ping) runs the connection's I/O while it waits, so frames for every call are read,
 * dispatched to their calls by call id, and Pings answered, whichever call is being waited for.
 */
#ifndef QUAD_CONN_H
#define QUAD_CONN_H

#include <protobuf-c/protobuf-c.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "quad/wire/v1/wire.pb-c.h"
#include "tls.h"

typedef struct conn conn;

typedef struct {
    const char *key;
    const char *value;
} metadata;

/* How a call ended: from the server's CallEnd, or decided by this client (`local`). */
typedef struct {
    uint32_t code;
    char *message;        /* never NULL */
    bool local;           /* no CallEnd: connection lost, GoAway, local deadline, ... */
    bool has_payload;
    ProtobufCBinaryData payload;
    size_t n_trailers;
    metadata *trailers;   /* owned strings */
    uint64_t end_sequence; /* 1 for the first CallEnd read on the connection, 2 for the next, ... */
} reply;

void reply_free(reply *r);

/* Replaces `r` with a status decided by this client (`local`): code and printf-style message. */
void reply_set_local(reply *r, uint32_t code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Connects (TCP + TLS, section 2). Returns NULL with the reason in `err`. */
conn *conn_open(const tls_options *options, char *err, size_t err_size);

/* Closes the socket (open calls are abandoned) and frees everything. */
void conn_close(conn *c);

/* The TLS session, for inspecting what was negotiated. */
SSL *conn_ssl(conn *c);

/* False once the connection was lost; then conn_failure says why. */
bool conn_is_open(const conn *c);
const char *conn_failure(const conn *c);

/* Whether the server sent GoAway, and what it said. */
bool conn_goaway(const conn *c, uint32_t *last_call_id, const char **reason);

/* Called for every frame that names a call id this client has no open call for (late frames
 * after a Cancel, say). Section 11 says to ignore them; the hook lets a test see them. */
typedef void (*stray_frame_hook)(void *context, const Quad__Wire__V1__Frame *frame);
void conn_on_stray_frame(conn *c, stray_frame_hook hook, void *context);

/* Opens a call with the given CallStart (its method, timeout, metadata, payload and flags as
 * they are) on a fresh call id. Returns 0 and the id, or -1 when the connection cannot take
 * calls (lost, or the server sent GoAway). */
int conn_start(conn *c, const Quad__Wire__V1__CallStart *start, uint32_t *call_id);

/* Opens a unary or server-streaming call the way section 6 prescribes: the request in the
 * CallStart with has_payload and half_close set. `timeout_micros` 0 sets no deadline. */
int conn_start_request(conn *c, const char *method, const ProtobufCMessage *request, uint64_t timeout_micros,
                       const metadata *md, size_t n_md, uint32_t *call_id);

/* Opens a client-streaming (or bidirectional) call: a CallStart without a request and not
 * half-closed; the requests follow with conn_send_message, then conn_half_close. */
int conn_start_stream(conn *c, const char *method, uint64_t timeout_micros, const metadata *md, size_t n_md,
                      uint32_t *call_id);

/* Sends one request of a call's request stream as a Message frame, within the server's credit
 * (section 9): the call starts with 16 and each Credit from the server adds to it. Waits up to
 * `wait_ms` for credit (the connection's I/O runs meanwhile). Returns 0 once the message is
 * queued; 1 if the call has ended instead (the server answered early, or the connection was
 * lost: stop sending, conn_await gives the status); -1 if no credit came within `wait_ms` or
 * the call was already half-closed. */
int conn_send_message(conn *c, uint32_t call_id, const ProtobufCMessage *request, int wait_ms);

/* Ends the call's request stream: a Message with half_close and no payload (spends no credit).
 * Returns 0, 1 if the call has ended already, -1 if it was half-closed already. */
int conn_half_close(conn *c, uint32_t call_id);

/* Waits up to `wait_ms` for the call to end and takes its reply (the call is then forgotten).
 * If the wait runs out first, the call is cancelled (Cancel sent) and the reply is a local
 * DEADLINE_EXCEEDED. */
void conn_await(conn *c, uint32_t call_id, int wait_ms, reply *out);

/* Start + await: the server's deadline is `timeout_ms`; locally we wait one second longer so
 * the server's CallEnd, which carries the real status, normally wins the race. */
void conn_unary(conn *c, const char *method, const ProtobufCMessage *request, int timeout_ms,
                const metadata *md, size_t n_md, reply *out);

/* A unary call with typed messages: conn_unary, then the response decoded as `response_type`.
 * Returns 0 with `*response` set (free with protobuf_c_message_free_unpacked) when the call
 * ended OK; otherwise -1, and `status` says why. An OK CallEnd whose payload is missing or does
 * not decode becomes a local INTERNAL (section 12). Free `status` with reply_free either way. */
int conn_call(conn *c, const char *method, const ProtobufCMessage *request,
              const ProtobufCMessageDescriptor *response_type, int timeout_ms, const metadata *md, size_t n_md,
              ProtobufCMessage **response, reply *status);

/* The next response message of a server-streaming call. Returns 1 with a copy in `*payload`
 * (free its data), 0 when the call has ended instead (conn_await then gives the status), -1
 * when `wait_ms` passed first. Consuming messages grants the server more credit, 8 at a time. */
int conn_next_message(conn *c, uint32_t call_id, int wait_ms, ProtobufCBinaryData *payload);

/* Abandons a call: sends Cancel and forgets it at once (section 11). */
void conn_cancel(conn *c, uint32_t call_id);

/* Sends Ping{nonce} and waits up to `wait_ms` for the Pong with the same nonce. Returns 0 then. */
int conn_ping(conn *c, uint64_t nonce, int wait_ms);

/* Sends one frame exactly as given, or raw bytes, without any bookkeeping: for tests of how the
 * server reacts to frames a correct client would not send. Returns -1 if the connection is lost. */
int conn_send_frame(conn *c, const Quad__Wire__V1__Frame *frame);
int conn_send_raw(conn *c, const void *bytes, size_t length);

/* Runs the connection's I/O for `wait_ms` (dispatching whatever arrives). Returns -1 once the
 * connection is lost. */
int conn_run_for(conn *c, int wait_ms);

#endif
