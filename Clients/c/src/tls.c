#include "tls.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "clock.h"

void tls_append_errors(char *err, size_t err_size) {
    unsigned long code;
    while ((code = ERR_get_error()) != 0) {
        char text[256];
        ERR_error_string_n(code, text, sizeof text);
        size_t used = strlen(err);
        /* A prefix that ends in a space ("...failed: ") takes the text as is. */
        const char *separator = used == 0 || err[used - 1] == ' ' ? "" : "; ";
        if (used + 3 < err_size) snprintf(err + used, err_size - used, "%s%s", separator, text);
    }
}

/* Waits until `fd` is ready for `events` or the deadline passes. Returns 0 when ready. */
static int wait_fd(int fd, short events, int64_t deadline) {
    for (;;) {
        struct pollfd p = {.fd = fd, .events = events};
        int n = poll(&p, 1, remaining_ms(deadline));
        if (n > 0) return 0;
        if (n == 0) return -1;
        if (errno != EINTR) return -1;
    }
}

/* A non-blocking TCP connection to the first address of host:port that answers. */
static int tcp_connect(const char *host, const char *port, int64_t deadline, char *err, size_t err_size) {
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM};
    struct addrinfo *addresses;
    int rc = getaddrinfo(host, port, &hints, &addresses);
    if (rc != 0) {
        snprintf(err, err_size, "cannot resolve %s:%s: %s", host, port, gai_strerror(rc));
        return -1;
    }
    int fd = -1;
    snprintf(err, err_size, "no address for %s:%s", host, port);
    for (struct addrinfo *a = addresses; a != NULL && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        if (fd < 0) continue;
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        int error = 0;
        if (connect(fd, a->ai_addr, a->ai_addrlen) < 0) {
            error = errno;
            if (error == EINPROGRESS) {
                socklen_t length = sizeof error;
                if (wait_fd(fd, POLLOUT, deadline) < 0) error = ETIMEDOUT;
                else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) < 0) error = errno;
            }
        }
        if (error != 0) {
            snprintf(err, err_size, "cannot connect to %s:%s: %s", host, port, strerror(error));
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(addresses);
    if (fd >= 0) {
        /* Frames are small and often answered at once; don't let Nagle hold them back. */
        int on = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    }
    return fd;
}

static int is_ip_address(const char *name) {
    unsigned char address[sizeof(struct in6_addr)];
    return inet_pton(AF_INET, name, address) == 1 || inet_pton(AF_INET6, name, address) == 1;
}

static SSL_CTX *make_context(const tls_options *options, char *err, size_t err_size) {
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    if (ctx == NULL) {
        snprintf(err, err_size, "SSL_CTX_new: ");
        goto fail;
    }
    /* Servers also accept 1.2, but the spec says to write new clients for 1.3. */
    SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION);
    SSL_CTX_set_max_proto_version(ctx, TLS1_3_VERSION);
    /* The wire is frames of arbitrary size written from a queue that may move as it grows. */
    SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
    if (SSL_CTX_load_verify_locations(ctx, options->ca_file, NULL) != 1) {
        snprintf(err, err_size, "cannot load CA %s: ", options->ca_file);
        goto fail;
    }
    static const unsigned char alpn[] = "\x06" QUAD_ALPN;
    if (SSL_CTX_set_alpn_protos(ctx, alpn, sizeof alpn - 1) != 0) {
        snprintf(err, err_size, "cannot set ALPN: ");
        goto fail;
    }
    if (options->cert_file != NULL) {
        if (SSL_CTX_use_certificate_chain_file(ctx, options->cert_file) != 1) {
            snprintf(err, err_size, "cannot load client certificate %s: ", options->cert_file);
            goto fail;
        }
        if (SSL_CTX_use_PrivateKey_file(ctx, options->key_file, SSL_FILETYPE_PEM) != 1 ||
            SSL_CTX_check_private_key(ctx) != 1) {
            snprintf(err, err_size, "cannot load client key %s: ", options->key_file);
            goto fail;
        }
    }
    return ctx;
fail:
    tls_append_errors(err, err_size);
    SSL_CTX_free(ctx);
    return NULL;
}

/* Runs SSL_connect on the non-blocking socket until it completes, fails or times out. */
static int handshake(SSL *ssl, int fd, int64_t deadline, char *err, size_t err_size) {
    for (;;) {
        int rc = SSL_connect(ssl);
        if (rc == 1) return 0;
        int error = SSL_get_error(ssl, rc);
        short events = error == SSL_ERROR_WANT_READ ? POLLIN : error == SSL_ERROR_WANT_WRITE ? POLLOUT : 0;
        if (events != 0) {
            if (wait_fd(fd, events, deadline) == 0) continue;
            snprintf(err, err_size, "TLS handshake timed out");
            return -1;
        }
        long verify = SSL_get_verify_result(ssl);
        if (verify != X509_V_OK) {
            snprintf(err, err_size, "TLS handshake failed: server certificate: %s; ",
                     X509_verify_cert_error_string(verify));
        } else if (error == SSL_ERROR_SYSCALL && ERR_peek_error() == 0) {
            snprintf(err, err_size, "TLS handshake failed: connection closed by the server");
            return -1;
        } else {
            snprintf(err, err_size, "TLS handshake failed: ");
        }
        tls_append_errors(err, err_size);
        return -1;
    }
}

int tls_connect(const tls_options *options, tls_connection *out, char *err, size_t err_size) {
    *out = (tls_connection){.fd = -1};
    err[0] = '\0';
    int64_t deadline = monotonic_ms() + options->timeout_ms;
    const char *name = options->server_name ? options->server_name : options->host;

    out->ctx = make_context(options, err, err_size);
    if (out->ctx == NULL) return -1;
    out->fd = tcp_connect(options->host, options->port, deadline, err, err_size);
    if (out->fd < 0) goto fail;
    out->ssl = SSL_new(out->ctx);
    if (out->ssl == NULL || SSL_set_fd(out->ssl, out->fd) != 1) {
        snprintf(err, err_size, "SSL_new: ");
        tls_append_errors(err, err_size);
        goto fail;
    }
    /* Verify the certificate for the server name: an IP address against the certificate's
     * IP SANs, a host name against its DNS SANs. Like Quad's client, send SNI only for a name. */
    if (is_ip_address(name)) {
        X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(out->ssl), name);
    } else {
        SSL_set1_host(out->ssl, name);
        SSL_set_tlsext_host_name(out->ssl, name);
    }
    if (handshake(out->ssl, out->fd, deadline, err, err_size) < 0) goto fail;

    const unsigned char *alpn = NULL;
    unsigned int alpn_length = 0;
    SSL_get0_alpn_selected(out->ssl, &alpn, &alpn_length);
    if (alpn_length != strlen(QUAD_ALPN) || memcmp(alpn, QUAD_ALPN, alpn_length) != 0) {
        snprintf(err, err_size, "the server did not select ALPN %s (selected '%.*s')", QUAD_ALPN,
                 (int)alpn_length, alpn ? (const char *)alpn : "");
        goto fail;
    }
    return 0;
fail:
    tls_close(out);
    return -1;
}

void tls_close(tls_connection *connection) {
    if (connection->ssl != NULL) {
        /* Best effort on a non-blocking socket: one close_notify, no waiting for the peer's. */
        if (SSL_is_init_finished(connection->ssl)) SSL_shutdown(connection->ssl);
        SSL_free(connection->ssl);
    }
    if (connection->fd >= 0) close(connection->fd);
    SSL_CTX_free(connection->ctx);
    ERR_clear_error();
    *connection = (tls_connection){.fd = -1};
}
