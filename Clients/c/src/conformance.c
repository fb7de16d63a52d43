/* The order of the checks: first what needs one healthy connection and is quick, then the slow
 * ones that need an account (Register and Login hash passwords), then the ones that end their
 * connection (protocol errors) or need another (no client certificate). */
#include "conformance.h"

#include "checks.h"
#include "clock.h"
#include "status.h"

int conformance_run(const tls_options *tls) {
    tally t = {0};
    char err[1024];
    conn *c = conn_open(tls, err, sizeof err);
    if (c == NULL) {
        report(&t, false, "TLS 1.3 with ALPN quad/1 negotiated", "%s", err);
        note("cannot connect; no further checks");
        return 1;
    }
    strays late = {0};
    conn_on_stray_frame(c, record_stray, &late);

    check_tls(&t, c);
    check_ping(&t, c);
    check_health(&t, c);
    check_list_services(&t, c);
    check_file_containing_symbol(&t, c);

    reply status;
    campus_choice campus;
    bool have_campus = identity_choose_campus(c, &campus, &status) == 0;
    report(&t, have_campus, "ListCampuses names a campus to register at", "%s: %s", status_name(status.code),
           status.message);
    reply_free(&status);

    if (have_campus) check_invalid_argument(&t, c, &campus);
    check_unknown_method(&t, c);
    check_bad_metadata_key(&t, c);
    check_missing_payload(&t, c);
    if (have_campus) check_concurrent_calls(&t, c, &campus);

    /* Deadline and Cancel need an account whose Login really hashes a password. */
    credentials account;
    bool registered = have_campus && identity_register_new(c, &campus, &account, &status) == 0;
    int64_t login_ms = 0;
    if (registered) {
        reply_free(&status);
        Quad__Identity__V1__LoginResponse *login;
        int64_t begin = monotonic_ms();
        registered = identity_login(c, &account, &login, &status) == 0;
        login_ms = monotonic_ms() - begin;
        if (registered) protobuf_c_message_free_unpacked(&login->base, NULL);
    }
    report(&t, registered, "Register and Login of a new user", "%s: %s", status_name(status.code), status.message);
    reply_free(&status);
    if (registered) {
        note("registered %s; Login took %lld ms", account.email, (long long)login_ms);
        check_deadline(&t, c, &account);
        check_cancel(&t, c, &account, &late, login_ms);
    }
    check_credit(&t, c, &late);
    conn_close(c);

    check_protocol_error(&t, tls, "a CallStart on call id 0 gets GoAway naming it, then the connection closes",
                         "call id 0", false);
    check_protocol_error(&t, tls, "a length prefix over 4 MiB gets GoAway naming it, then the connection closes",
                         "exceeds the limit", true);
    check_no_client_certificate(&t, tls);

    note("%d checks, %d failed", t.checks, t.failed);
    return t.failed ? 1 : 0;
}
