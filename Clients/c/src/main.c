/* quad-c-client: a client for Quad's identity service and document store written from
 * docs/wire.md and Proto/ only.
 *
 *   quad-c-client --addr HOST:PORT --ca CA.pem [--cert CERT.pem --key KEY.pem]
 *                 [--server-name NAME] demo|conformance|documents FILE...|upload FILE
 */
#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conformance.h"
#include "conn.h"
#include "documents.h"
#include "identity.h"

/* Like Quad's client: 5 s for the TCP connect and the TLS handshake together. */
#define CONNECT_TIMEOUT_MS 5000

static void usage(FILE *out) {
    fprintf(out,
            "usage: quad-c-client --addr HOST:PORT --ca CA.pem [--cert CERT.pem --key KEY.pem]\n"
            "                     [--server-name NAME] COMMAND [FILE...]\n"
            "\n"
            "commands:\n"
            "  demo               register a new user, log in, print its profile\n"
            "  conformance        run the checks an outside client must pass (TAP-like output)\n"
            "  documents FILE...  register a new user; upload each FILE (PNG or JPEG) as their\n"
            "                     profile picture, download it and compare, check that the same\n"
            "                     bytes declared as the other type are refused\n"
            "  upload FILE        register a new user, upload FILE as their profile picture\n"
            "\n"
            "--server-name is the name the server's certificate must carry (default: HOST).\n"
            "Without --cert/--key no client certificate is presented.\n");
}

/* Splits HOST:PORT or [IPv6]:PORT into `copy` (a buffer of `size` bytes), leaving `argument`
 * as it is so that `ps` still shows it. */
static int split_address(const char *argument, char *copy, size_t size, char **host, char **port) {
    if (snprintf(copy, size, "%s", argument) >= (int)size) return -1;
    char *colon = strrchr(copy, ':');
    if (colon == NULL || colon[1] == '\0') return -1;
    *colon = '\0';
    *port = colon + 1;
    *host = copy;
    size_t length = strlen(copy);
    if (length >= 2 && copy[0] == '[' && copy[length - 1] == ']') {
        copy[length - 1] = '\0';
        *host = copy + 1;
    }
    return **host ? 0 : -1;
}

int main(int argc, char **argv) {
    /* A peer that closes while we write must be an error return, not a killed process. */
    signal(SIGPIPE, SIG_IGN);

    static const struct option options[] = {
        {"addr", required_argument, NULL, 'a'},        {"ca", required_argument, NULL, 'c'},
        {"cert", required_argument, NULL, 'C'},        {"key", required_argument, NULL, 'k'},
        {"server-name", required_argument, NULL, 's'}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    char *address = NULL;
    tls_options tls = {.timeout_ms = CONNECT_TIMEOUT_MS};
    int option;
    while ((option = getopt_long(argc, argv, "h", options, NULL)) != -1) {
        switch (option) {
        case 'a': address = optarg; break;
        case 'c': tls.ca_file = optarg; break;
        case 'C': tls.cert_file = optarg; break;
        case 'k': tls.key_file = optarg; break;
        case 's': tls.server_name = optarg; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 64;
        }
    }
    const char *command = optind < argc ? argv[optind] : "";
    /* demo and conformance take nothing more; upload one FILE; documents one or more. */
    int files = argc - optind - 1;
    bool files_fit = strcmp(command, "documents") == 0 ? files >= 1
                     : strcmp(command, "upload") == 0  ? files == 1
                                                       : files == 0;
    if (address == NULL || tls.ca_file == NULL || optind >= argc || !files_fit ||
        (tls.cert_file == NULL) != (tls.key_file == NULL)) {
        usage(stderr);
        return 64;
    }
    char host_port[512], *host, *port;
    if (split_address(address, host_port, sizeof host_port, &host, &port) < 0) {
        fprintf(stderr, "--addr must be HOST:PORT, not '%s'\n", address);
        return 64;
    }
    tls.host = host;
    tls.port = port;

    if (strcmp(command, "conformance") == 0) return conformance_run(&tls);
    if (strcmp(command, "demo") != 0 && strcmp(command, "documents") != 0 && strcmp(command, "upload") != 0) {
        fprintf(stderr, "unknown command '%s'\n", command);
        usage(stderr);
        return 64;
    }
    char err[1024];
    conn *c = conn_open(&tls, err, sizeof err);
    if (c == NULL) {
        /* What Quad's client reports for a failed connection (section 12). */
        fprintf(stderr, "status UNAVAILABLE: %s\n", err);
        return 1;
    }
    int rc;
    if (strcmp(command, "documents") == 0)
        rc = documents_round_trip(c, argv + optind + 1, (size_t)files);
    else if (strcmp(command, "upload") == 0)
        rc = documents_upload_only(c, argv[optind + 1]);
    else
        rc = identity_demo(c);
    conn_close(c);
    return rc;
}
