/* Milliseconds on the monotonic clock, for deadlines and waits. */
#ifndef QUAD_CLOCK_H
#define QUAD_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline int64_t monotonic_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* What is left of `deadline_ms` as a poll timeout: 0 when it has passed. */
static inline int remaining_ms(int64_t deadline_ms) {
    int64_t left = deadline_ms - monotonic_ms();
    if (left < 0) return 0;
    if (left > INT32_MAX) return INT32_MAX;
    return (int)left;
}

#endif
