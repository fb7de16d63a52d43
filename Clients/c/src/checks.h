/* What the conformance checks share: reporting in a TAP-like format, a log of frames that
 * arrive for calls no longer open, a few calls used by several checks, and the checks. */
#ifndef QUAD_CHECKS_H
#define QUAD_CHECKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "conn.h"
#include "identity.h"
#include "tls.h"

#define HEALTH_CHECK "quad.health.v1.Health/Check"
#define HEALTH_WATCH "quad.health.v1.Health/Watch"
#define LIST_SERVICES "quad.reflection.v1.Reflection/ListServices"
#define FILE_CONTAINING_SYMBOL "quad.reflection.v1.Reflection/FileContainingSymbol"
/* The server's deadline and our wait for calls that should be quick. */
#define WAIT_MS 10000

typedef struct {
    int checks;
    int failed;
} tally;

/* Prints `ok - <what>`, or `not ok - <what>: <why>` and counts a failure. */
void report(tally *t, bool passed, const char *what, const char *why_fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Prints `# <text>`: what a check saw, for the reader. */
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

uint64_t random_nonce(void);

/* Frames for call ids with no open call (section 11 says to ignore them), kept to show that
 * nothing arrives for a cancelled call. Install with conn_on_stray_frame(c, record_stray, &s). */
#define STRAYS_KEPT 64
typedef struct {
    size_t count;
    uint32_t call_ids[STRAYS_KEPT];
    Quad__Wire__V1__Frame__BodyCase bodies[STRAYS_KEPT];
} strays;
void record_stray(void *context, const Quad__Wire__V1__Frame *frame);
/* The body name of the first stray frame for `call_id`, or NULL if none came. */
const char *stray_for(const strays *s, uint32_t call_id);

/* Health/Check for `service`: the serving status, or -1 with the call's status. */
int health_check(conn *c, const char *service, reply *status);
/* "The connection keeps working": it is open, and a Ping and a Health/Check get answered.
 * Otherwise false, with the reason in `why`. */
bool still_works(conn *c, char *why, size_t why_size);

/* check_connection.c: TLS and connection-level frames. */
void check_tls(tally *t, conn *c);
void check_ping(tally *t, conn *c);
void check_protocol_error(tally *t, const tls_options *tls, const char *what, const char *expected_reason,
                          bool oversized_prefix);
void check_no_client_certificate(tally *t, const tls_options *tls);

/* check_requests.c: single calls and how refusals leave the connection. */
void check_health(tally *t, conn *c);
void check_list_services(tally *t, conn *c);
void check_file_containing_symbol(tally *t, conn *c);
void check_invalid_argument(tally *t, conn *c, const campus_choice *campus);
void check_unknown_method(tally *t, conn *c);
void check_bad_metadata_key(tally *t, conn *c);
void check_missing_payload(tally *t, conn *c);

/* check_concurrency.c */
void check_concurrent_calls(tally *t, conn *c, const campus_choice *campus);

/* check_lifecycle.c: deadlines, Cancel and credit. */
void check_deadline(tally *t, conn *c, const credentials *account);
void check_cancel(tally *t, conn *c, const credentials *account, const strays *s, int64_t login_ms);
void check_credit(tally *t, conn *c, const strays *s);

#endif
