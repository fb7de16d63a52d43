/* Conformance check of multiplexing: many calls in flight on one connection (docs/wire.md
 * sections 1 and 5). */
#include <stdio.h>
#include <string.h>

#include "checks.h"
#include "clock.h"
#include "google/protobuf/descriptor.pb-c.h"
#include "quad/health/v1/health.pb-c.h"
#include "quad/reflection/v1/reflection.pb-c.h"
#include "status.h"

#define CONCURRENT_CALLS 200

/* 200 unary calls started before any answer is read, of four kinds whose answers differ, three
 * of them per call: a reply delivered to the wrong call id would not match what that call asked. */
void check_concurrent_calls(tally *t, conn *c, const campus_choice *campus) {
    static const char *symbols[][2] = {
        {"quad.health.v1.HealthCheckRequest", "quad/health/v1/health.proto"},
        {"quad.identity.v1.Profile", "quad/identity/v1/identity.proto"},
        {"quad.reflection.v1.ListServicesRequest", "quad/reflection/v1/reflection.proto"},
    };
    uint32_t ids[CONCURRENT_CALLS];
    char missing[CONCURRENT_CALLS][48];
    int started = 0;
    int64_t begin = monotonic_ms();
    for (int i = 0; i < CONCURRENT_CALLS; i++) {
        int rc;
        if (i % 4 == 0 || i % 4 == 1) {
            /* An existing service (SERVING) or one named for this call alone (NOT_FOUND naming it). */
            snprintf(missing[i], sizeof missing[i], "conformance.n%03d.Missing", i);
            Quad__Health__V1__HealthCheckRequest request = QUAD__HEALTH__V1__HEALTH_CHECK_REQUEST__INIT;
            request.service = i % 4 == 0 ? IDENTITY_SERVICE : missing[i];
            rc = conn_start_request(c, HEALTH_CHECK, &request.base, (uint64_t)WAIT_MS * 1000, NULL, 0, &ids[i]);
        } else if (i % 4 == 2) {
            Quad__Reflection__V1__FileContainingSymbolRequest request =
                QUAD__REFLECTION__V1__FILE_CONTAINING_SYMBOL_REQUEST__INIT;
            request.symbol = (char *)symbols[(i / 4) % 3][0];
            rc = conn_start_request(c, FILE_CONTAINING_SYMBOL, &request.base, (uint64_t)WAIT_MS * 1000, NULL, 0,
                                    &ids[i]);
        } else {
            Quad__Identity__V1__ListCampusesRequest request = QUAD__IDENTITY__V1__LIST_CAMPUSES_REQUEST__INIT;
            rc = conn_start_request(c, IDENTITY_SERVICE "/ListCampuses", &request.base, (uint64_t)WAIT_MS * 1000,
                                    NULL, 0, &ids[i]);
        }
        if (rc < 0) break;
        started++;
    }

    char why[1024] = "";
    int wrong = 0, out_of_order = 0;
    uint64_t previous_sequence = 0;
    for (int i = 0; i < started; i++) {
        reply r;
        conn_await(c, ids[i], WAIT_MS, &r);
        if (r.end_sequence < previous_sequence) out_of_order++;
        previous_sequence = r.end_sequence;
        char problem[512] = "";
        if (r.code != STATUS_OK && i % 4 != 1) {
            snprintf(problem, sizeof problem, "%s%s: %s", status_name(r.code), r.local ? " (local)" : "", r.message);
        } else if (i % 4 == 0) {
            Quad__Health__V1__HealthCheckResponse *h =
                quad__health__v1__health_check_response__unpack(NULL, r.payload.len, r.payload.data);
            if (h == NULL || h->status != QUAD__HEALTH__V1__HEALTH_CHECK_RESPONSE__SERVING_STATUS__SERVING)
                snprintf(problem, sizeof problem, "Health/Check of %s is not SERVING", IDENTITY_SERVICE);
            if (h) quad__health__v1__health_check_response__free_unpacked(h, NULL);
        } else if (i % 4 == 1) {
            if (r.code != STATUS_NOT_FOUND || strstr(r.message, missing[i]) == NULL)
                snprintf(problem, sizeof problem, "expected NOT_FOUND naming %.47s, got %s: %s", missing[i],
                         status_name(r.code), r.message);
        } else if (i % 4 == 2) {
            const char *file = symbols[(i / 4) % 3][1];
            Quad__Reflection__V1__FileContainingSymbolResponse *f =
                quad__reflection__v1__file_containing_symbol_response__unpack(NULL, r.payload.len, r.payload.data);
            Google__Protobuf__FileDescriptorProto *first =
                f && f->n_file_descriptor_proto > 0
                    ? google__protobuf__file_descriptor_proto__unpack(NULL, f->file_descriptor_proto[0].len,
                                                                    f->file_descriptor_proto[0].data)
                    : NULL;
            if (first == NULL || first->name == NULL || strcmp(first->name, file) != 0)
                snprintf(problem, sizeof problem, "expected %s first, got %s", file,
                         first && first->name ? first->name : "nothing");
            if (first) google__protobuf__file_descriptor_proto__free_unpacked(first, NULL);
            if (f) quad__reflection__v1__file_containing_symbol_response__free_unpacked(f, NULL);
        } else {
            Quad__Identity__V1__ListCampusesResponse *l =
                quad__identity__v1__list_campuses_response__unpack(NULL, r.payload.len, r.payload.data);
            bool listed = false;
            for (size_t k = 0; l && k < l->n_campuses; k++)
                if (strcmp(l->campuses[k]->campus_id, campus->campus_id) == 0) listed = true;
            if (!listed) snprintf(problem, sizeof problem, "ListCampuses without %s", campus->campus_id);
            if (l) quad__identity__v1__list_campuses_response__free_unpacked(l, NULL);
        }
        if (problem[0]) {
            if (wrong++ == 0) snprintf(why, sizeof why, "call %u (#%d): %s", (unsigned)ids[i], i, problem);
        }
        reply_free(&r);
    }
    int64_t elapsed = monotonic_ms() - begin;
    if (started < CONCURRENT_CALLS)
        snprintf(why, sizeof why, "only %d calls could be started: %s", started, conn_failure(c));
    else if (wrong > 1) {
        size_t used = strlen(why);
        snprintf(why + used, sizeof why - used, " (and %d more wrong)", wrong - 1);
    }
    report(t, started == CONCURRENT_CALLS && wrong == 0,
           "200 unary calls in flight at once on one connection, each answered correctly", "%s", why);
    note("200 calls (call ids %u..%u) in %lld ms; %d answers arrived out of call-id order", (unsigned)ids[0],
         (unsigned)ids[started ? started - 1 : 0], (long long)elapsed, out_of_order);
}
