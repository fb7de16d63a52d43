#include "buffer.h"

#include <stdlib.h>
#include <string.h>

uint8_t *buffer_reserve(buffer *b, size_t n) {
    if (b->capacity - b->end >= n) return b->data + b->end;
    /* Slide the unconsumed bytes to the front before growing. */
    size_t length = buffer_length(b);
    if (b->start > 0) {
        memmove(b->data, b->data + b->start, length);
        b->start = 0;
        b->end = length;
        if (b->capacity - b->end >= n) return b->data + b->end;
    }
    size_t capacity = b->capacity ? b->capacity : 4096;
    while (capacity - length < n) {
        if (capacity > SIZE_MAX / 2) return NULL;
        capacity *= 2;
    }
    uint8_t *data = realloc(b->data, capacity);
    if (data == NULL) return NULL;
    b->data = data;
    b->capacity = capacity;
    return b->data + b->end;
}

void buffer_commit(buffer *b, size_t n) { b->end += n; }

int buffer_append(buffer *b, const void *bytes, size_t n) {
    uint8_t *to = buffer_reserve(b, n);
    if (to == NULL) return -1;
    if (n > 0) memcpy(to, bytes, n);
    buffer_commit(b, n);
    return 0;
}

void buffer_consume(buffer *b, size_t n) {
    b->start += n;
    if (b->start == b->end) b->start = b->end = 0;
}

void buffer_free(buffer *b) {
    free(b->data);
    *b = (buffer){0};
}
