/* Conformance checks of the connection itself: TLS, Ping/Pong, GoAway after protocol errors,
 * and mutual TLS (docs/wire.md sections 2, 14 and 17). */
#include <stdio.h>
#include <string.h>

#include "checks.h"
#include "clock.h"
#include "status.h"

void check_tls(tally *t, conn *c) {
    SSL *ssl = conn_ssl(c);
    const unsigned char *alpn;
    unsigned int alpn_length;
    SSL_get0_alpn_selected(ssl, &alpn, &alpn_length);
    bool alpn_ok = alpn_length == 6 && memcmp(alpn, "quad/1", 6) == 0;
    report(t, SSL_version(ssl) == TLS1_3_VERSION && alpn_ok, "TLS 1.3 with ALPN quad/1 negotiated",
           "negotiated %s with ALPN '%.*s'", SSL_get_version(ssl), (int)alpn_length, alpn ? (const char *)alpn : "");
    note("%s, %s, server certificate verified against the CA", SSL_get_version(ssl), SSL_get_cipher_name(ssl));
}

void check_ping(tally *t, conn *c) {
    uint64_t nonce = random_nonce();
    int64_t start = monotonic_ms();
    bool answered = conn_ping(c, nonce, WAIT_MS) == 0;
    report(t, answered, "Ping answered by Pong with the same nonce", "no Pong with nonce %llu within %d ms%s%s",
           (unsigned long long)nonce, WAIT_MS, conn_is_open(c) ? "" : "; ", conn_failure(c));
    if (answered) note("Pong after %lld ms", (long long)(monotonic_ms() - start));
}

/* Section 17 on a connection of its own: the server answers a protocol error with GoAway
 * naming it, then closes. */
void check_protocol_error(tally *t, const tls_options *tls, const char *what, const char *expected_reason,
                          bool oversized_prefix) {
    char err[1024];
    conn *c = conn_open(tls, err, sizeof err);
    if (c == NULL) {
        report(t, false, what, "cannot connect: %s", err);
        return;
    }
    if (oversized_prefix) {
        /* 4 MiB + 1: one byte over the default limit. No body follows; the prefix alone must do. */
        static const unsigned char prefix[] = {0x00, 0x40, 0x00, 0x01};
        conn_send_raw(c, prefix, sizeof prefix);
    } else {
        /* A well-formed Health/Check (HealthCheckRequest{} is zero payload bytes) on id 0. */
        Quad__Wire__V1__CallStart start = QUAD__WIRE__V1__CALL_START__INIT;
        start.method = HEALTH_CHECK;
        start.has_payload = 1;
        start.half_close = 1;
        Quad__Wire__V1__Frame frame = QUAD__WIRE__V1__FRAME__INIT;
        frame.call_id = 0;
        frame.body_case = QUAD__WIRE__V1__FRAME__BODY_START;
        frame.start = &start;
        conn_send_frame(c, &frame);
    }
    conn_run_for(c, WAIT_MS);
    const char *reason = NULL;
    bool goaway = conn_goaway(c, NULL, &reason);
    if (!goaway)
        report(t, false, what, "no GoAway; connection %s%s", conn_is_open(c) ? "still open" : "closed: ",
               conn_is_open(c) ? "" : conn_failure(c));
    else if (conn_is_open(c))
        report(t, false, what, "GoAway (\"%s\") but the connection stayed open", reason);
    else
        report(t, strstr(reason, expected_reason) != NULL, what, "GoAway reason \"%s\" does not contain \"%s\"",
               reason, expected_reason);
    if (goaway) note("GoAway reason: %s", reason);
    conn_close(c);
}

/* Section 2: service ports are mutual TLS; a client with no certificate is refused. In TLS 1.3
 * the server checks the client's certificate after the client's handshake has already
 * completed, so the refusal (a certificate_required alert) may only show on the first read. */
void check_no_client_certificate(tally *t, const tls_options *tls) {
    const char *what = "a client without a certificate is refused in the TLS handshake";
    if (tls->cert_file == NULL) {
        printf("ok - %s # SKIP no --cert given, so the server is not taken to require mutual TLS\n", what);
        t->checks++;
        return;
    }
    tls_options anonymous = *tls;
    anonymous.cert_file = NULL;
    anonymous.key_file = NULL;
    char err[1024];
    conn *c = conn_open(&anonymous, err, sizeof err);
    if (c == NULL) {
        report(t, true, what, "%s", "");
        note("refused: %s", err);
        return;
    }
    reply status;
    int serving = health_check(c, "", &status);
    report(t, serving < 0 && status.local, what, "the server answered a call: %s", status_name(status.code));
    if (serving < 0) note("handshake completed on the client's side, then refused: %s", status.message);
    reply_free(&status);
    conn_close(c);
}
