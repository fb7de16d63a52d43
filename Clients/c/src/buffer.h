/* A growable byte buffer with a read position: frames are appended at the end and consumed
 * from the front, so one buffer serves as a socket's input or output queue. */
#ifndef QUAD_BUFFER_H
#define QUAD_BUFFER_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t *data;
    size_t start; /* first unconsumed byte */
    size_t end;   /* one past the last byte */
    size_t capacity;
} buffer;

/* The unconsumed bytes. */
static inline const uint8_t *buffer_bytes(const buffer *b) { return b->data + b->start; }
static inline size_t buffer_length(const buffer *b) { return b->end - b->start; }

/* Makes room for at least `n` more bytes at the end and returns where they go; the caller
 * writes them and then calls buffer_commit. Returns NULL when out of memory. */
uint8_t *buffer_reserve(buffer *b, size_t n);
void buffer_commit(buffer *b, size_t n);

/* Appends a copy of `n` bytes. Returns 0, or -1 when out of memory. */
int buffer_append(buffer *b, const void *bytes, size_t n);

/* Drops `n` bytes from the front. */
void buffer_consume(buffer *b, size_t n);

void buffer_free(buffer *b);

#endif
