/* The `conformance` command: the checks an outside client of the quad wire must pass, run
 * against a live server (one that hosts quad.identity.v1.Identity). */
#ifndef QUAD_CONFORMANCE_H
#define QUAD_CONFORMANCE_H

#include "tls.h"

/* Prints one `ok - <what>` or `not ok - <what>: <why>` line per check (and `# ...` notes).
 * Returns the exit status: 0 when every check passed, else 1. */
int conformance_run(const tls_options *tls);

#endif
