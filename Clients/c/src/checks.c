/* Reporting and helpers shared by the conformance checks (checks.h). */
#include "checks.h"

#include <openssl/rand.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "frame.h"
#include "quad/health/v1/health.pb-c.h"
#include "status.h"

void report(tally *t, bool passed, const char *what, const char *why_fmt, ...) {
    t->checks++;
    if (passed) {
        printf("ok - %s\n", what);
    } else {
        t->failed++;
        char why[1024];
        va_list args;
        va_start(args, why_fmt);
        vsnprintf(why, sizeof why, why_fmt, args);
        va_end(args);
        printf("not ok - %s: %s\n", what, why);
    }
    fflush(stdout);
}

void note(const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    printf("# ");
    vprintf(fmt, args);
    printf("\n");
    va_end(args);
    fflush(stdout);
}

uint64_t random_nonce(void) {
    uint64_t nonce = 0;
    while (nonce == 0)
        if (RAND_bytes((unsigned char *)&nonce, sizeof nonce) != 1) abort();
    return nonce;
}

/* ---- stray frames: what arrives for calls we no longer have open ---- */

void record_stray(void *context, const Quad__Wire__V1__Frame *frame) {
    strays *s = context;
    if (s->count < STRAYS_KEPT) {
        s->call_ids[s->count] = frame->call_id;
        s->bodies[s->count] = frame->body_case;
    }
    s->count++;
}

const char *stray_for(const strays *s, uint32_t call_id) {
    for (size_t i = 0; i < s->count && i < STRAYS_KEPT; i++)
        if (s->call_ids[i] == call_id) return frame_body_name(s->bodies[i]);
    return NULL;
}

/* ---- small calls used by several checks ---- */

int health_check(conn *c, const char *service, reply *status) {
    Quad__Health__V1__HealthCheckRequest request = QUAD__HEALTH__V1__HEALTH_CHECK_REQUEST__INIT;
    request.service = (char *)service;
    ProtobufCMessage *response;
    if (conn_call(c, HEALTH_CHECK, &request.base, &quad__health__v1__health_check_response__descriptor, WAIT_MS,
                  NULL, 0, &response, status) < 0)
        return -1;
    int serving = ((Quad__Health__V1__HealthCheckResponse *)response)->status;
    protobuf_c_message_free_unpacked(response, NULL);
    return serving;
}

bool still_works(conn *c, char *why, size_t why_size) {
    if (!conn_is_open(c)) {
        snprintf(why, why_size, "the connection closed: %s", conn_failure(c));
        return false;
    }
    if (conn_ping(c, random_nonce(), WAIT_MS) < 0) {
        snprintf(why, why_size, "no Pong afterwards%s%s", conn_is_open(c) ? "" : ": ", conn_failure(c));
        return false;
    }
    reply status;
    int serving = health_check(c, "", &status);
    if (serving < 0) snprintf(why, why_size, "Health/Check afterwards: %s: %s", status_name(status.code), status.message);
    reply_free(&status);
    return serving >= 0;
}
