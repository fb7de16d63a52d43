/* Conformance checks of single calls: the built-in services, and refusals that end the call but
 * leave the connection open (docs/wire.md sections 6, 7, 13 and 18). */
#include <stdio.h>
#include <string.h>

#include "checks.h"
#include "google/protobuf/descriptor.pb-c.h"
#include "quad/health/v1/health.pb-c.h"
#include "quad/reflection/v1/reflection.pb-c.h"
#include "status.h"

void check_health(tally *t, conn *c) {
    reply status;
    int serving = health_check(c, IDENTITY_SERVICE, &status);
    if (serving < 0)
        report(t, false, "Health/Check answers SERVING for " IDENTITY_SERVICE, "%s: %s", status_name(status.code),
               status.message);
    else
        report(t, serving == QUAD__HEALTH__V1__HEALTH_CHECK_RESPONSE__SERVING_STATUS__SERVING,
               "Health/Check answers SERVING for " IDENTITY_SERVICE, "status %d", serving);
    reply_free(&status);
}

void check_list_services(tally *t, conn *c) {
    const char *what = "Reflection/ListServices lists Health, Reflection and Identity, sorted";
    Quad__Reflection__V1__ListServicesRequest request = QUAD__REFLECTION__V1__LIST_SERVICES_REQUEST__INIT;
    ProtobufCMessage *response;
    reply status;
    if (conn_call(c, LIST_SERVICES, &request.base, &quad__reflection__v1__list_services_response__descriptor, WAIT_MS,
                  NULL, 0, &response, &status) < 0) {
        report(t, false, what, "%s: %s", status_name(status.code), status.message);
        reply_free(&status);
        return;
    }
    reply_free(&status);
    Quad__Reflection__V1__ListServicesResponse *list = (Quad__Reflection__V1__ListServicesResponse *)response;
    const char *wanted[] = {"quad.health.v1.Health", "quad.reflection.v1.Reflection", IDENTITY_SERVICE};
    char listed[1024] = "";
    bool sorted = true;
    int found = 0;
    for (size_t i = 0; i < list->n_services; i++) {
        size_t used = strlen(listed);
        snprintf(listed + used, sizeof listed - used, "%s%s", i ? ", " : "", list->services[i]);
        if (i > 0 && strcmp(list->services[i - 1], list->services[i]) >= 0) sorted = false;
        for (size_t w = 0; w < sizeof wanted / sizeof wanted[0]; w++)
            if (strcmp(list->services[i], wanted[w]) == 0) found++;
    }
    report(t, found == 3 && sorted, what, "got [%s]", listed);
    note("services: %s", listed);
    protobuf_c_message_free_unpacked(response, NULL);
}

/* FileContainingSymbol: the defining file first, then its dependencies breadth first. */
void check_file_containing_symbol(tally *t, conn *c) {
    const char *what = "Reflection/FileContainingSymbol gives identity.proto, then its imports documents.proto, "
                       "events.proto, options.proto and types.proto, then descriptor.proto";
    Quad__Reflection__V1__FileContainingSymbolRequest request = QUAD__REFLECTION__V1__FILE_CONTAINING_SYMBOL_REQUEST__INIT;
    request.symbol = IDENTITY_SERVICE "/Register";
    ProtobufCMessage *response;
    reply status;
    if (conn_call(c, FILE_CONTAINING_SYMBOL, &request.base,
                  &quad__reflection__v1__file_containing_symbol_response__descriptor, WAIT_MS, NULL, 0, &response,
                  &status) < 0) {
        report(t, false, what, "%s: %s", status_name(status.code), status.message);
        reply_free(&status);
        return;
    }
    reply_free(&status);
    Quad__Reflection__V1__FileContainingSymbolResponse *files = (Quad__Reflection__V1__FileContainingSymbolResponse *)response;
    const char *expected[] = {"quad/identity/v1/identity.proto", "quad/documents/v1/documents.proto",
                              "quad/events/v1/events.proto",     "quad/options/v1/options.proto",
                              "quad/types/v1/types.proto",       "google/protobuf/descriptor.proto"};
    const size_t count = sizeof expected / sizeof expected[0];
    char got[512] = "";
    bool in_order = files->n_file_descriptor_proto == count;
    bool has_register = false;
    for (size_t i = 0; i < files->n_file_descriptor_proto; i++) {
        ProtobufCBinaryData bytes = files->file_descriptor_proto[i];
        Google__Protobuf__FileDescriptorProto *file = google__protobuf__file_descriptor_proto__unpack(NULL, bytes.len, bytes.data);
        const char *name = file && file->name ? file->name : "(undecodable)";
        size_t used = strlen(got);
        snprintf(got + used, sizeof got - used, "%s%s", i ? ", " : "", name);
        if (i >= count || strcmp(name, expected[i]) != 0) in_order = false;
        /* The method this client calls by name is really there, under that name. */
        for (size_t s = 0; file && i == 0 && s < file->n_service; s++)
            for (size_t m = 0; m < file->service[s]->n_method; m++)
                if (file->service[s]->name && strcmp(file->service[s]->name, "Identity") == 0 &&
                    file->service[s]->method[m]->name && strcmp(file->service[s]->method[m]->name, "Register") == 0)
                    has_register = true;
        if (file) google__protobuf__file_descriptor_proto__free_unpacked(file, NULL);
    }
    report(t, in_order && has_register, what, "got [%s]%s", got,
           has_register ? "" : "; no service Identity with method Register in the first file");
    protobuf_c_message_free_unpacked(response, NULL);
}

void check_invalid_argument(tally *t, conn *c, const campus_choice *campus) {
    const char *what = "Register with a malformed email is INVALID_ARGUMENT naming the field";
    Quad__Identity__V1__RegisterRequest request;
    Quad__Identity__V1__Date date_of_birth;
    identity_fill_register(&request, campus, &date_of_birth);
    request.email = "not-an-email";
    request.password = "a-long-enough-password";
    reply status;
    conn_unary(c, IDENTITY_SERVICE "/Register", &request.base, IDENTITY_HASHING_TIMEOUT_MS, NULL, 0, &status);
    report(t, status.code == STATUS_INVALID_ARGUMENT && !status.local && strstr(status.message, "email") != NULL, what,
           "got %s%s: %s", status_name(status.code), status.local ? " (local)" : "", status.message);
    note("INVALID_ARGUMENT message: %s", status.message);
    reply_free(&status);
    char why[512];
    report(t, still_works(c, why, sizeof why), "the connection keeps working after INVALID_ARGUMENT", "%s", why);
}

void check_unknown_method(tally *t, conn *c) {
    Quad__Health__V1__HealthCheckRequest request = QUAD__HEALTH__V1__HEALTH_CHECK_REQUEST__INIT;
    reply status;
    conn_unary(c, IDENTITY_SERVICE "/NoSuchMethod", &request.base, WAIT_MS, NULL, 0, &status);
    report(t, status.code == STATUS_UNIMPLEMENTED && !status.local, "an unknown method is UNIMPLEMENTED",
           "got %s%s: %s", status_name(status.code), status.local ? " (local)" : "", status.message);
    reply_free(&status);
    char why[512];
    report(t, still_works(c, why, sizeof why), "the connection stays open after UNIMPLEMENTED", "%s", why);
}

/* Section 13: metadata keys are [a-z0-9._-]+, else INVALID_ARGUMENT with the connection open. */
void check_bad_metadata_key(tally *t, conn *c) {
    Quad__Health__V1__HealthCheckRequest request = QUAD__HEALTH__V1__HEALTH_CHECK_REQUEST__INIT;
    metadata md[] = {{"X-Request-Id", "upper-case key"}};
    reply status;
    conn_unary(c, HEALTH_CHECK, &request.base, WAIT_MS, md, 1, &status);
    char why[512] = "";
    bool passed = status.code == STATUS_INVALID_ARGUMENT && !status.local;
    if (!passed)
        snprintf(why, sizeof why, "got %s%s: %s", status_name(status.code), status.local ? " (local)" : "", status.message);
    else if (!still_works(c, why, sizeof why))
        passed = false;
    reply_free(&status);
    report(t, passed, "an upper-case metadata key is INVALID_ARGUMENT, connection open", "%s", why);
}

/* Section 6: a unary CallStart without has_payload is refused INVALID_ARGUMENT. */
void check_missing_payload(tally *t, conn *c) {
    Quad__Wire__V1__CallStart start = QUAD__WIRE__V1__CALL_START__INIT;
    start.method = HEALTH_CHECK;
    start.timeout_micros = (uint64_t)WAIT_MS * 1000;
    start.has_payload = 0;
    start.half_close = 1;
    uint32_t id;
    reply status = {0};
    if (conn_start(c, &start, &id) == 0) conn_await(c, id, WAIT_MS, &status);
    char why[512] = "";
    bool passed = status.code == STATUS_INVALID_ARGUMENT && !status.local;
    if (!passed)
        snprintf(why, sizeof why, "got %s%s: %s", status_name(status.code), status.local ? " (local)" : "",
                 status.message ? status.message : conn_failure(c));
    else if (!still_works(c, why, sizeof why))
        passed = false;
    reply_free(&status);
    report(t, passed, "a unary CallStart without has_payload is INVALID_ARGUMENT, connection open", "%s", why);
}
