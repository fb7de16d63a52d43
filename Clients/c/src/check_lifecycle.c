/* Conformance checks of a call's life after its start: deadline, Cancel and credit
 * (docs/wire.md sections 9, 10 and 11). */
#include <stdio.h>
#include <stdlib.h>

#include "checks.h"
#include "clock.h"
#include "quad/health/v1/health.pb-c.h"
#include "status.h"

/* A Login with a 1 ms deadline: the server ends it DEADLINE_EXCEEDED (section 10). We wait far
 * longer than 1 ms ourselves so that the status seen is the server's, not our own timer's. */
void check_deadline(tally *t, conn *c, const credentials *account) {
    Quad__Identity__V1__LoginRequest request = QUAD__IDENTITY__V1__LOGIN_REQUEST__INIT;
    request.email = (char *)account->email;
    request.password = (char *)account->password;
    uint32_t id;
    reply status = {0};
    int64_t begin = monotonic_ms();
    if (conn_start_request(c, IDENTITY_SERVICE "/Login", &request.base, 1000, NULL, 0, &id) == 0)
        conn_await(c, id, IDENTITY_HASHING_TIMEOUT_MS, &status);
    int64_t elapsed = monotonic_ms() - begin;
    report(t, status.code == STATUS_DEADLINE_EXCEEDED && !status.local,
           "a Login with a 1 ms timeout ends DEADLINE_EXCEEDED", "got %s%s: %s", status_name(status.code),
           status.local ? " (local)" : "", status.message ? status.message : conn_failure(c));
    if (status.code == STATUS_DEADLINE_EXCEEDED) note("the server's CallEnd came after %lld ms: \"%s\"", (long long)elapsed, status.message);
    reply_free(&status);
}

/* Section 11: after Cancel the server cancels the handler and sends nothing more for the call,
 * not even a CallEnd. We cancel a Login right after starting it (both frames go out in one
 * write), then listen for well over the time an uncancelled Login takes. */
void check_cancel(tally *t, conn *c, const credentials *account, const strays *s, int64_t login_ms) {
    const char *what = "Cancel of a slow call (Login): no frame for it afterwards, connection keeps working";
    Quad__Identity__V1__LoginRequest request = QUAD__IDENTITY__V1__LOGIN_REQUEST__INIT;
    request.email = (char *)account->email;
    request.password = (char *)account->password;
    uint32_t id;
    if (conn_start_request(c, IDENTITY_SERVICE "/Login", &request.base, (uint64_t)IDENTITY_HASHING_TIMEOUT_MS * 1000,
                           NULL, 0, &id) < 0) {
        report(t, false, what, "cannot start the call: %s", conn_failure(c));
        return;
    }
    conn_cancel(c, id);
    int listen_ms = (int)(2 * login_ms + 2000);
    conn_run_for(c, listen_ms);
    const char *late = stray_for(s, id);
    char why[512] = "";
    bool passed = late == NULL;
    if (!passed)
        snprintf(why, sizeof why, "the server sent a %s frame for cancelled call %u", late, (unsigned)id);
    else if (!still_works(c, why, sizeof why))
        passed = false;
    report(t, passed, what, "%s", why);
    note("listened %d ms (an uncancelled Login took %lld ms) for frames on cancelled call %u", listen_ms,
         (long long)login_ms, (unsigned)id);
}

/* Section 9, as far as identity lets us: Health/Watch is the only streaming method and sends one
 * message per status change, so credit can be granted but never run out of. */
void check_credit(tally *t, conn *c, const strays *s) {
    const char *what = "credit: a Watch stream's first message comes within the initial credit; Credit frames "
                       "(for it, and for a call id never opened) are accepted; Cancel ends it silently";
    Quad__Health__V1__HealthCheckRequest request = QUAD__HEALTH__V1__HEALTH_CHECK_REQUEST__INIT;
    request.service = IDENTITY_SERVICE;
    uint32_t id;
    if (conn_start_request(c, HEALTH_WATCH, &request.base, (uint64_t)WAIT_MS * 3000, NULL, 0, &id) < 0) {
        report(t, false, what, "cannot start the call: %s", conn_failure(c));
        return;
    }
    char why[512] = "";
    ProtobufCBinaryData payload;
    int got = conn_next_message(c, id, WAIT_MS, &payload);
    if (got == 1) {
        Quad__Health__V1__HealthCheckResponse *h = quad__health__v1__health_check_response__unpack(NULL, payload.len, payload.data);
        if (h == NULL || h->status != QUAD__HEALTH__V1__HEALTH_CHECK_RESPONSE__SERVING_STATUS__SERVING)
            snprintf(why, sizeof why, "the first Watch message is not SERVING");
        if (h) quad__health__v1__health_check_response__free_unpacked(h, NULL);
        free(payload.data);
    } else if (got == 0) {
        reply status;
        conn_await(c, id, 0, &status);
        snprintf(why, sizeof why, "Watch ended without a message: %s: %s", status_name(status.code), status.message);
        reply_free(&status);
    } else {
        snprintf(why, sizeof why, "no Watch message within %d ms", WAIT_MS);
    }
    if (why[0] == '\0') {
        Quad__Wire__V1__Credit credit = QUAD__WIRE__V1__CREDIT__INIT;
        credit.messages = 8;
        Quad__Wire__V1__Frame frame = QUAD__WIRE__V1__FRAME__INIT;
        frame.body_case = QUAD__WIRE__V1__FRAME__BODY_CREDIT;
        frame.credit = &credit;
        frame.call_id = id;
        conn_send_frame(c, &frame);
        frame.call_id = 0x7fffffff; /* never opened: "A Credit for a call that is not open is ignored" */
        conn_send_frame(c, &frame);
        conn_run_for(c, 300);
        conn_cancel(c, id);
        conn_run_for(c, 1000);
        const char *late = stray_for(s, id);
        if (late != NULL) snprintf(why, sizeof why, "the server sent a %s frame after Cancel", late);
        else still_works(c, why, sizeof why);
    } else {
        conn_cancel(c, id);
    }
    report(t, why[0] == '\0', what, "%s", why);
    note("no identity method streams more than 16 messages or takes a request stream, so running out of "
         "credit (RESOURCE_EXHAUSTED) cannot be exercised against identity");
}
