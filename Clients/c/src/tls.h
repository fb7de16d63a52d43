/* TCP + TLS 1.3 with ALPN "quad/1" (docs/wire.md section 2), on OpenSSL. */
#ifndef QUAD_TLS_H
#define QUAD_TLS_H

#include <openssl/ssl.h>
#include <stddef.h>

#define QUAD_ALPN "quad/1"

typedef struct {
    const char *host;        /* what to dial: a name or an IP address */
    const char *port;
    const char *ca_file;     /* PEM trust root for the server's certificate */
    const char *cert_file;   /* PEM client certificate; NULL presents none */
    const char *key_file;    /* its private key */
    const char *server_name; /* the name the server's certificate must carry; NULL: host */
    int timeout_ms;          /* for the TCP connect and the handshake together */
} tls_options;

typedef struct {
    int fd; /* non-blocking once connected */
    SSL_CTX *ctx;
    SSL *ssl;
} tls_connection;

/* Dials, handshakes and checks the result: TLS 1.3 only, the server's certificate verified
 * against the CA for the server name, and ALPN "quad/1" selected (else the connection is
 * refused). Returns 0, or -1 with the reason in `err`. */
int tls_connect(const tls_options *options, tls_connection *out, char *err, size_t err_size);

/* Sends close_notify when possible and frees everything. Safe on a zeroed connection. */
void tls_close(tls_connection *connection);

/* Appends OpenSSL's queued errors ("; "-separated) to `err` and clears the queue. */
void tls_append_errors(char *err, size_t err_size);

#endif
