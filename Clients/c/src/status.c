#include "status.h"

#include <stdio.h>

static const char *const names[] = {
    "OK",
    "CANCELLED",
    "UNKNOWN",
    "INVALID_ARGUMENT",
    "DEADLINE_EXCEEDED",
    "NOT_FOUND",
    "ALREADY_EXISTS",
    "PERMISSION_DENIED",
    "RESOURCE_EXHAUSTED",
    "FAILED_PRECONDITION",
    "ABORTED",
    "OUT_OF_RANGE",
    "UNIMPLEMENTED",
    "INTERNAL",
    "UNAVAILABLE",
    "DATA_LOSS",
    "UNAUTHENTICATED",
};

const char *status_name(uint32_t code) {
    if (code < sizeof names / sizeof names[0]) return names[code];
    static char other[24];
    snprintf(other, sizeof other, "CODE_%u", (unsigned)code);
    return other;
}
