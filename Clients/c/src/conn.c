#include "conn.h"

#include <errno.h>
#include <openssl/err.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buffer.h"
#include "clock.h"
#include "frame.h"
#include "status.h"

/* Section 9: each call starts with 16 messages of credit per direction; we grant 8 at a time. */
#define INITIAL_CREDIT 16
#define CREDIT_BATCH 8
#define PONGS_REMEMBERED 16
/* conn_send_message waits while more than this is queued for the socket. */
#define OUTPUT_HIGH_WATER (1024u * 1024u)

typedef struct {
    uint32_t id;
    bool ended; /* `result` is final; the caller has not taken it yet */
    reply result;
    /* Response messages of a server stream, not yet taken by conn_next_message. */
    ProtobufCBinaryData *messages;
    size_t first_message, n_messages, messages_capacity;
    uint32_t server_credit; /* Message frames the server may still send us */
    uint32_t consumed;      /* messages taken since our last Credit */
    uint32_t client_credit; /* Message frames we may still send on our request stream */
    bool half_closed;       /* we sent our half-close: no more Messages */
} call;

struct conn {
    tls_connection tls;
    buffer in, out;
    uint32_t max_body;
    bool open;
    char failure[512];
    bool goaway;
    uint32_t goaway_last_call_id;
    char goaway_reason[512];
    uint32_t next_call_id;
    call **calls; /* open calls and ended ones whose reply is not taken yet */
    size_t n_calls, calls_capacity;
    uint64_t ends_read;
    uint64_t pongs[PONGS_REMEMBERED]; /* ring of the latest Pong nonces */
    size_t n_pongs;
    stray_frame_hook stray;
    void *stray_context;
};

static char *copy_string(const char *s) {
    char *copy = strdup(s ? s : "");
    if (copy == NULL) abort(); /* out of memory: nothing sensible left to do in a CLI */
    return copy;
}

static ProtobufCBinaryData copy_bytes(ProtobufCBinaryData bytes) {
    ProtobufCBinaryData copy = {.len = bytes.len, .data = malloc(bytes.len ? bytes.len : 1)};
    if (copy.data == NULL) abort();
    if (bytes.len) memcpy(copy.data, bytes.data, bytes.len);
    return copy;
}

void reply_free(reply *r) {
    free(r->message);
    free(r->payload.data);
    for (size_t i = 0; i < r->n_trailers; i++) {
        free((char *)r->trailers[i].key);
        free((char *)r->trailers[i].value);
    }
    free(r->trailers);
    *r = (reply){0};
}

void reply_set_local(reply *r, uint32_t code, const char *fmt, ...) {
    char text[768];
    va_list args;
    va_start(args, fmt);
    vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    reply_free(r);
    r->code = code;
    r->message = copy_string(text);
    r->local = true;
}

/* ---- the call table ---- */

static call *find_call(conn *c, uint32_t id) {
    for (size_t i = 0; i < c->n_calls; i++)
        if (c->calls[i]->id == id) return c->calls[i];
    return NULL;
}

static call *add_call(conn *c, uint32_t id) {
    if (c->n_calls == c->calls_capacity) {
        size_t capacity = c->calls_capacity ? 2 * c->calls_capacity : 64;
        call **calls = realloc(c->calls, capacity * sizeof *calls);
        if (calls == NULL) abort();
        c->calls = calls;
        c->calls_capacity = capacity;
    }
    call *k = calloc(1, sizeof *k);
    if (k == NULL) abort();
    k->id = id;
    k->server_credit = INITIAL_CREDIT;
    k->client_credit = INITIAL_CREDIT;
    c->calls[c->n_calls++] = k;
    return k;
}

static void remove_call(conn *c, call *k) {
    for (size_t i = 0; i < c->n_calls; i++) {
        if (c->calls[i] != k) continue;
        c->calls[i] = c->calls[--c->n_calls];
        break;
    }
    for (size_t i = k->first_message; i < k->n_messages; i++) free(k->messages[i].data);
    free(k->messages);
    reply_free(&k->result);
    free(k);
}

/* Section 5: count up from 1, skipping 0 on wrap and ids still in the table. */
static uint32_t allocate_call_id(conn *c) {
    for (;;) {
        uint32_t id = c->next_call_id++;
        if (id != 0 && find_call(c, id) == NULL) return id;
    }
}

/* ---- sending ---- */

static int queue_frame(conn *c, const Quad__Wire__V1__Frame *frame) {
    if (!c->open) return -1;
    if (frame_encode(frame, &c->out) < 0) abort();
    return 0;
}

static void fail_connection(conn *c, uint32_t code, const char *fmt, ...);

/* Writes what the output queue holds as far as the socket takes it now. Never reads, so it is
 * safe to call from anywhere; whatever is left is written by conn_io. */
static void flush(conn *c) {
    while (c->open && buffer_length(&c->out) > 0) {
        size_t length = buffer_length(&c->out);
        int n = SSL_write(c->tls.ssl, buffer_bytes(&c->out), length > INT32_MAX ? INT32_MAX : (int)length);
        if (n > 0) {
            buffer_consume(&c->out, (size_t)n);
            continue;
        }
        int error = SSL_get_error(c->tls.ssl, n);
        if (error == SSL_ERROR_WANT_WRITE || error == SSL_ERROR_WANT_READ) return;
        char reason[256] = "";
        tls_append_errors(reason, sizeof reason);
        fail_connection(c, STATUS_UNAVAILABLE, "write failed: %s", reason[0] ? reason : strerror(errno));
    }
}

static void send_cancel(conn *c, uint32_t id) {
    Quad__Wire__V1__Cancel cancel = QUAD__WIRE__V1__CANCEL__INIT;
    Quad__Wire__V1__Frame frame = QUAD__WIRE__V1__FRAME__INIT;
    frame.call_id = id;
    frame.body_case = QUAD__WIRE__V1__FRAME__BODY_CANCEL;
    frame.cancel = &cancel;
    queue_frame(c, &frame);
}

static void send_credit(conn *c, uint32_t id, uint32_t messages) {
    Quad__Wire__V1__Credit credit = QUAD__WIRE__V1__CREDIT__INIT;
    credit.messages = messages;
    Quad__Wire__V1__Frame frame = QUAD__WIRE__V1__FRAME__INIT;
    frame.call_id = id;
    frame.body_case = QUAD__WIRE__V1__FRAME__BODY_CREDIT;
    frame.credit = &credit;
    queue_frame(c, &frame);
}

/* ---- failures ---- */

/* Ends every call still open with a local status. */
static void end_open_calls(conn *c, uint32_t above_id, uint32_t code, const char *message) {
    for (size_t i = 0; i < c->n_calls; i++) {
        call *k = c->calls[i];
        if (k->ended || k->id <= above_id) continue;
        reply_set_local(&k->result, code, "%s", message);
        k->ended = true;
    }
}

static void fail_connection(conn *c, uint32_t code, const char *fmt, ...) {
    if (!c->open) return;
    va_list args;
    va_start(args, fmt);
    vsnprintf(c->failure, sizeof c->failure, fmt, args);
    va_end(args);
    c->open = false;
    /* After a failure OpenSSL must not try to send close_notify. */
    SSL_set_quiet_shutdown(c->tls.ssl, 1);
    end_open_calls(c, 0, code, c->failure);
}

/* Section 17: a frame only a caller may send came from the server. Answer GoAway (a client
 * accepts no calls, so last_call_id 0) and close; open calls fail INTERNAL. */
static void protocol_error(conn *c, const char *reason) {
    Quad__Wire__V1__GoAway goaway = QUAD__WIRE__V1__GO_AWAY__INIT;
    goaway.reason = (char *)reason;
    Quad__Wire__V1__Frame frame = QUAD__WIRE__V1__FRAME__INIT;
    frame.body_case = QUAD__WIRE__V1__FRAME__BODY_GO_AWAY;
    frame.go_away = &goaway;
    queue_frame(c, &frame);
    flush(c);
    fail_connection(c, STATUS_INTERNAL, "protocol error from the server: %s", reason);
}

/* ---- receiving ---- */

static void stray(conn *c, const Quad__Wire__V1__Frame *frame) {
    if (c->stray) c->stray(c->stray_context, frame);
}

static void receive_end(conn *c, call *k, const Quad__Wire__V1__CallEnd *end) {
    reply *r = &k->result;
    reply_free(r);
    /* "an absent status reads as OK" */
    r->code = end->status ? end->status->code : STATUS_OK;
    r->message = copy_string(end->status ? end->status->message : "");
    r->has_payload = end->has_payload || end->payload.len > 0; /* section 8: lenient reading */
    r->payload = copy_bytes(end->payload);
    r->n_trailers = end->n_trailers;
    r->trailers = calloc(end->n_trailers ? end->n_trailers : 1, sizeof *r->trailers);
    if (r->trailers == NULL) abort();
    for (size_t i = 0; i < end->n_trailers; i++) {
        r->trailers[i].key = copy_string(end->trailers[i]->key);
        r->trailers[i].value = copy_string(end->trailers[i]->value);
    }
    r->end_sequence = ++c->ends_read;
    k->ended = true;
}

static void receive_message(conn *c, call *k, const Quad__Wire__V1__Message *message) {
    if (k->server_credit == 0) {
        /* Section 9: a sender past its credit breaks only that call. */
        reply_set_local(&k->result, STATUS_RESOURCE_EXHAUSTED, "the server sent more messages than its credit allowed");
        k->ended = true;
        send_cancel(c, k->id);
        return;
    }
    k->server_credit--;
    if (k->n_messages == k->messages_capacity) {
        size_t capacity = k->messages_capacity ? 2 * k->messages_capacity : INITIAL_CREDIT;
        ProtobufCBinaryData *messages = realloc(k->messages, capacity * sizeof *messages);
        if (messages == NULL) abort();
        k->messages = messages;
        k->messages_capacity = capacity;
    }
    k->messages[k->n_messages++] = copy_bytes(message->payload);
}

static void receive_goaway(conn *c, const Quad__Wire__V1__GoAway *goaway) {
    c->goaway = true;
    c->goaway_last_call_id = goaway->last_call_id;
    snprintf(c->goaway_reason, sizeof c->goaway_reason, "%s", goaway->reason ? goaway->reason : "");
    /* Section 16: calls above last_call_id were not processed and will not be. */
    char message[700];
    snprintf(message, sizeof message,
             "the server sent GoAway (\"%s\") before processing this call; retry on another connection",
             c->goaway_reason);
    end_open_calls(c, goaway->last_call_id, STATUS_UNAVAILABLE, message);
}

static void dispatch(conn *c, const Quad__Wire__V1__Frame *frame) {
    switch (frame->body_case) {
    case QUAD__WIRE__V1__FRAME__BODY_PING: {
        Quad__Wire__V1__Pong pong = QUAD__WIRE__V1__PONG__INIT;
        pong.nonce = frame->ping->nonce;
        Quad__Wire__V1__Frame answer = QUAD__WIRE__V1__FRAME__INIT;
        answer.body_case = QUAD__WIRE__V1__FRAME__BODY_PONG;
        answer.pong = &pong;
        queue_frame(c, &answer);
        return;
    }
    case QUAD__WIRE__V1__FRAME__BODY_PONG:
        c->pongs[c->n_pongs++ % PONGS_REMEMBERED] = frame->pong->nonce;
        return;
    case QUAD__WIRE__V1__FRAME__BODY_GO_AWAY:
        receive_goaway(c, frame->go_away);
        return;
    case QUAD__WIRE__V1__FRAME__BODY_START:
    case QUAD__WIRE__V1__FRAME__BODY_CANCEL:
        protocol_error(c, "only the caller opens or cancels calls");
        return;
    default:
        break;
    }
    /* Message, CallEnd or Credit: for a call. Anything for a call we don't have open is a late
     * frame (section 11) and ignored. */
    call *k = frame->call_id != 0 ? find_call(c, frame->call_id) : NULL;
    if (k == NULL || k->ended) {
        stray(c, frame);
        return;
    }
    switch (frame->body_case) {
    case QUAD__WIRE__V1__FRAME__BODY_END:
        receive_end(c, k, frame->end);
        return;
    case QUAD__WIRE__V1__FRAME__BODY_MESSAGE:
        receive_message(c, k, frame->message);
        return;
    case QUAD__WIRE__V1__FRAME__BODY_CREDIT:
        /* A grant for our request stream (section 9); conn_send_message waits for it. */
        if (UINT32_MAX - k->client_credit < frame->credit->messages)
            k->client_credit = UINT32_MAX;
        else
            k->client_credit += frame->credit->messages;
        return;
    default:
        return;
    }
}

static void read_frames(conn *c) {
    while (c->open) {
        Quad__Wire__V1__Frame *frame;
        uint32_t length;
        switch (frame_decode(&c->in, c->max_body, &frame, &length)) {
        case FRAME_NEED_MORE:
            return;
        case FRAME_TOO_LARGE:
            /* Section 17: an oversized server frame closes the connection, no GoAway. */
            fail_connection(c, STATUS_UNAVAILABLE, "the server sent a frame of %u bytes, above the limit of %u",
                            (unsigned)length, (unsigned)c->max_body);
            return;
        case FRAME_MALFORMED:
            fail_connection(c, STATUS_UNAVAILABLE, "the server sent a frame that does not decode");
            return;
        case FRAME_DECODED:
            dispatch(c, frame);
            frame_free(frame);
            break;
        }
    }
}

/* One round of I/O: write what is queued, read and dispatch what has arrived, and if neither
 * made progress wait up to `wait_ms` for the socket. Returns -1 once the connection is lost. */
static int conn_io(conn *c, int wait_ms) {
    if (!c->open) return -1;
    bool progress = false;
    short events = POLLIN;

    size_t queued = buffer_length(&c->out);
    flush(c);
    if (buffer_length(&c->out) < queued) progress = true;
    if (buffer_length(&c->out) > 0) events |= POLLOUT;

    while (c->open) {
        uint8_t *to = buffer_reserve(&c->in, 16384);
        if (to == NULL) abort();
        int n = SSL_read(c->tls.ssl, to, 16384);
        if (n > 0) {
            buffer_commit(&c->in, (size_t)n);
            read_frames(c);
            progress = true;
            continue;
        }
        int error = SSL_get_error(c->tls.ssl, n);
        if (error == SSL_ERROR_WANT_READ) break;
        if (error == SSL_ERROR_WANT_WRITE) {
            events |= POLLOUT;
            break;
        }
        char reason[400] = "";
        tls_append_errors(reason, sizeof reason);
        if (error == SSL_ERROR_ZERO_RETURN || (error == SSL_ERROR_SYSCALL && reason[0] == '\0'))
            snprintf(reason, sizeof reason, "connection closed by the server");
        if (c->goaway)
            fail_connection(c, STATUS_UNAVAILABLE, "connection lost: %s (after GoAway: %s)", reason,
                            c->goaway_reason);
        else
            fail_connection(c, STATUS_UNAVAILABLE, "connection lost: %s", reason);
    }
    if (!c->open) return -1;
    if (progress || wait_ms <= 0) return 0;

    struct pollfd p = {.fd = c->tls.fd, .events = events};
    if (poll(&p, 1, wait_ms) < 0 && errno != EINTR)
        fail_connection(c, STATUS_UNAVAILABLE, "poll: %s", strerror(errno));
    return c->open ? 0 : -1;
}

/* ---- the public API ---- */

conn *conn_open(const tls_options *options, char *err, size_t err_size) {
    conn *c = calloc(1, sizeof *c);
    if (c == NULL) abort();
    if (tls_connect(options, &c->tls, err, err_size) < 0) {
        free(c);
        return NULL;
    }
    c->open = true;
    c->max_body = FRAME_DEFAULT_MAX_BODY;
    c->next_call_id = 1;
    return c;
}

void conn_close(conn *c) {
    if (c == NULL) return;
    while (c->n_calls > 0) remove_call(c, c->calls[c->n_calls - 1]);
    free(c->calls);
    tls_close(&c->tls);
    buffer_free(&c->in);
    buffer_free(&c->out);
    free(c);
}

SSL *conn_ssl(conn *c) { return c->tls.ssl; }
bool conn_is_open(const conn *c) { return c->open; }
const char *conn_failure(const conn *c) { return c->failure; }

bool conn_goaway(const conn *c, uint32_t *last_call_id, const char **reason) {
    if (last_call_id) *last_call_id = c->goaway_last_call_id;
    if (reason) *reason = c->goaway_reason;
    return c->goaway;
}

void conn_on_stray_frame(conn *c, stray_frame_hook hook, void *context) {
    c->stray = hook;
    c->stray_context = context;
}

int conn_start(conn *c, const Quad__Wire__V1__CallStart *start, uint32_t *call_id) {
    /* Section 16: no new calls once the server said GoAway. */
    if (!c->open || c->goaway) return -1;
    uint32_t id = allocate_call_id(c);
    add_call(c, id);
    Quad__Wire__V1__Frame frame = QUAD__WIRE__V1__FRAME__INIT;
    frame.call_id = id;
    frame.body_case = QUAD__WIRE__V1__FRAME__BODY_START;
    frame.start = (Quad__Wire__V1__CallStart *)start;
    queue_frame(c, &frame);
    flush(c);
    *call_id = id;
    return 0;
}

/* A CallStart with the given metadata and, if `payload` is not NULL, that first request. */
static int start_call(conn *c, const char *method, const ProtobufCMessage *payload_message, bool half_close,
                      uint64_t timeout_micros, const metadata *md, size_t n_md, uint32_t *call_id) {
    uint8_t *payload = NULL;
    size_t size = 0;
    if (payload_message != NULL) {
        size = protobuf_c_message_get_packed_size(payload_message);
        payload = malloc(size ? size : 1);
        if (payload == NULL) abort();
        protobuf_c_message_pack(payload_message, payload);
    }

    Quad__Wire__V1__CallStart__MetadataEntry *entries = calloc(n_md ? n_md : 1, sizeof *entries);
    Quad__Wire__V1__CallStart__MetadataEntry **entry_pointers = calloc(n_md ? n_md : 1, sizeof *entry_pointers);
    if (entries == NULL || entry_pointers == NULL) abort();
    for (size_t i = 0; i < n_md; i++) {
        entries[i] = (Quad__Wire__V1__CallStart__MetadataEntry)QUAD__WIRE__V1__CALL_START__METADATA_ENTRY__INIT;
        entries[i].key = (char *)md[i].key;
        entries[i].value = (char *)md[i].value;
        entry_pointers[i] = &entries[i];
    }
    Quad__Wire__V1__CallStart start = QUAD__WIRE__V1__CALL_START__INIT;
    start.method = (char *)method;
    start.timeout_micros = timeout_micros;
    start.n_metadata = n_md;
    start.metadata = entry_pointers;
    start.payload.data = payload;
    start.payload.len = size;
    /* Section 6: a request in the CallStart is there even when it encodes to zero bytes. */
    start.has_payload = payload_message != NULL;
    start.half_close = half_close;
    int rc = conn_start(c, &start, call_id);
    if (rc == 0 && half_close) find_call(c, *call_id)->half_closed = true;
    free(payload);
    free(entries);
    free(entry_pointers);
    return rc;
}

int conn_start_request(conn *c, const char *method, const ProtobufCMessage *request, uint64_t timeout_micros,
                       const metadata *md, size_t n_md, uint32_t *call_id) {
    /* Section 6: the one request rides in the CallStart, with the half-close. */
    return start_call(c, method, request, true, timeout_micros, md, n_md, call_id);
}

int conn_start_stream(conn *c, const char *method, uint64_t timeout_micros, const metadata *md, size_t n_md,
                      uint32_t *call_id) {
    /* Section 6, client streaming: like Quad's client, no request in the CallStart; every
     * request goes in a Message frame. */
    return start_call(c, method, NULL, false, timeout_micros, md, n_md, call_id);
}

/* Queues a Message frame for the call; the caller has checked that it may. */
static void queue_message(conn *c, uint32_t call_id, const uint8_t *data, size_t length, bool half_close) {
    Quad__Wire__V1__Message message = QUAD__WIRE__V1__MESSAGE__INIT;
    message.payload.data = (uint8_t *)data;
    message.payload.len = length;
    message.half_close = half_close;
    Quad__Wire__V1__Frame frame = QUAD__WIRE__V1__FRAME__INIT;
    frame.call_id = call_id;
    frame.body_case = QUAD__WIRE__V1__FRAME__BODY_MESSAGE;
    frame.message = &message;
    queue_frame(c, &frame);
    flush(c);
}

int conn_send_message(conn *c, uint32_t call_id, const ProtobufCMessage *request, int wait_ms) {
    call *k = find_call(c, call_id);
    if (k == NULL || k->ended) return 1;
    if (k->half_closed) return -1;
    int64_t deadline = monotonic_ms() + wait_ms;
    /* Section 9: never past the server's credit. Also wait while our output queue is long, so a
     * slow socket holds back the sender instead of growing the queue. */
    while (!k->ended && (k->client_credit == 0 || buffer_length(&c->out) >= OUTPUT_HIGH_WATER) &&
           monotonic_ms() < deadline)
        conn_io(c, remaining_ms(deadline));
    if (k->ended) return 1; /* the server answered early (or the connection was lost) */
    if (k->client_credit == 0 || buffer_length(&c->out) >= OUTPUT_HIGH_WATER) return -1;
    size_t size = protobuf_c_message_get_packed_size(request);
    uint8_t *payload = malloc(size ? size : 1);
    if (payload == NULL) abort();
    protobuf_c_message_pack(request, payload);
    k->client_credit--;
    queue_message(c, call_id, payload, size, false);
    free(payload);
    /* Read what has come meanwhile (a Credit, or the server's early CallEnd) without waiting. */
    conn_io(c, 0);
    return 0;
}

int conn_half_close(conn *c, uint32_t call_id) {
    call *k = find_call(c, call_id);
    if (k == NULL || k->ended) return 1;
    if (k->half_closed) return -1;
    /* Section 6: like Quad's client, a Message of its own with an empty payload; it spends no
     * credit. */
    k->half_closed = true;
    queue_message(c, call_id, NULL, 0, true);
    return 0;
}

void conn_await(conn *c, uint32_t call_id, int wait_ms, reply *out) {
    *out = (reply){0};
    call *k = find_call(c, call_id);
    if (k == NULL) {
        reply_set_local(out, STATUS_INTERNAL, "call %u is not open", (unsigned)call_id);
        return;
    }
    int64_t deadline = monotonic_ms() + wait_ms;
    while (!k->ended && monotonic_ms() < deadline) conn_io(c, remaining_ms(deadline));
    if (!k->ended) {
        /* Section 10: our own timer fired first: cancel and report the deadline locally. */
        reply_set_local(out, STATUS_DEADLINE_EXCEEDED, "no answer within %d ms; cancelled", wait_ms);
        conn_cancel(c, call_id);
        return;
    }
    *out = k->result;
    k->result = (reply){0};
    remove_call(c, k);
}

void conn_unary(conn *c, const char *method, const ProtobufCMessage *request, int timeout_ms,
                const metadata *md, size_t n_md, reply *out) {
    uint32_t id;
    if (conn_start_request(c, method, request, (uint64_t)timeout_ms * 1000, md, n_md, &id) < 0) {
        *out = (reply){0};
        if (c->goaway)
            reply_set_local(out, STATUS_UNAVAILABLE, "the server sent GoAway (\"%s\"); open a new connection",
                            c->goaway_reason);
        else
            reply_set_local(out, STATUS_UNAVAILABLE, "%s", c->failure);
        return;
    }
    conn_await(c, id, timeout_ms + 1000, out);
}

int conn_call(conn *c, const char *method, const ProtobufCMessage *request,
              const ProtobufCMessageDescriptor *response_type, int timeout_ms, const metadata *md, size_t n_md,
              ProtobufCMessage **response, reply *status) {
    *response = NULL;
    conn_unary(c, method, request, timeout_ms, md, n_md, status);
    if (status->code != STATUS_OK) return -1;
    if (!status->has_payload) {
        reply_set_local(status, STATUS_INTERNAL, "%s ended OK without a response", method);
        return -1;
    }
    *response = protobuf_c_message_unpack(response_type, NULL, status->payload.len, status->payload.data);
    if (*response == NULL) {
        reply_set_local(status, STATUS_INTERNAL, "the response of %s does not decode as %s", method,
                        response_type->name);
        return -1;
    }
    return 0;
}

int conn_next_message(conn *c, uint32_t call_id, int wait_ms, ProtobufCBinaryData *payload) {
    call *k = find_call(c, call_id);
    if (k == NULL) return 0;
    int64_t deadline = monotonic_ms() + wait_ms;
    while (k->first_message == k->n_messages && !k->ended && monotonic_ms() < deadline)
        conn_io(c, remaining_ms(deadline));
    if (k->first_message < k->n_messages) {
        *payload = k->messages[k->first_message++];
        if (!k->ended && ++k->consumed == CREDIT_BATCH) {
            /* Section 9: grant as the application consumes, in batches of 8. */
            k->consumed = 0;
            k->server_credit += CREDIT_BATCH;
            send_credit(c, call_id, CREDIT_BATCH);
            flush(c);
        }
        return 1;
    }
    return k->ended ? 0 : -1;
}

void conn_cancel(conn *c, uint32_t call_id) {
    call *k = find_call(c, call_id);
    if (k == NULL) return;
    /* No Cancel for a call that already ended: there is nothing left to abandon. */
    if (!k->ended) {
        send_cancel(c, call_id);
        flush(c);
    }
    remove_call(c, k);
}

static bool pong_seen(const conn *c, uint64_t nonce) {
    size_t n = c->n_pongs < PONGS_REMEMBERED ? c->n_pongs : PONGS_REMEMBERED;
    for (size_t i = 0; i < n; i++)
        if (c->pongs[i] == nonce) return true;
    return false;
}

int conn_ping(conn *c, uint64_t nonce, int wait_ms) {
    Quad__Wire__V1__Ping ping = QUAD__WIRE__V1__PING__INIT;
    ping.nonce = nonce;
    Quad__Wire__V1__Frame frame = QUAD__WIRE__V1__FRAME__INIT;
    frame.body_case = QUAD__WIRE__V1__FRAME__BODY_PING;
    frame.ping = &ping;
    if (queue_frame(c, &frame) < 0) return -1;
    flush(c);
    int64_t deadline = monotonic_ms() + wait_ms;
    while (!pong_seen(c, nonce) && c->open && monotonic_ms() < deadline) conn_io(c, remaining_ms(deadline));
    return pong_seen(c, nonce) ? 0 : -1;
}

int conn_send_frame(conn *c, const Quad__Wire__V1__Frame *frame) {
    if (queue_frame(c, frame) < 0) return -1;
    flush(c);
    return c->open ? 0 : -1;
}

int conn_send_raw(conn *c, const void *bytes, size_t length) {
    if (!c->open) return -1;
    if (buffer_append(&c->out, bytes, length) < 0) abort();
    flush(c);
    return c->open ? 0 : -1;
}

int conn_run_for(conn *c, int wait_ms) {
    int64_t deadline = monotonic_ms() + wait_ms;
    while (c->open && monotonic_ms() < deadline) conn_io(c, remaining_ms(deadline));
    return c->open ? 0 : -1;
}
