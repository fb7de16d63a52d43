// Live heap by size, for Benchmarks/idle-heap.sh: preloaded into a server, it counts live
// allocations by usable size (16-byte buckets) and, for those of 4,000 bytes or more, how many of
// their pages are resident (/proc/self/pagemap). It writes $LIVE_HEAP_DIR/live-N.txt when the file
// $LIVE_HEAP_DIR/dump appears, and once when the process has $DUMP_AT_FDS descriptors open.
// Lines: "SIZE COUNT" for every bucket, "P SIZE ALLOCATIONS PAGES RESIDENT" for large ones.
#define _GNU_SOURCE
#include <malloc.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
#define STEP 16
#define N (262144 / STEP)
static _Atomic long counts[N + 1];
static _Atomic int dumps;
static inline int bucket(size_t s) { size_t b = s / STEP; return b > N ? N : (int)b; }
#include <stdint.h>
#define TAB (1u << 21)
static struct { uintptr_t p; size_t n; } tab[TAB];
static atomic_flag lk = ATOMIC_FLAG_INIT;
static void lock(void) { while (atomic_flag_test_and_set_explicit(&lk, memory_order_acquire)) {} }
static void unlock(void) { atomic_flag_clear_explicit(&lk, memory_order_release); }
static inline uint32_t h(uintptr_t p) { return (uint32_t)((p >> 4) * 2654435761u) & (TAB - 1); }
static void ins(uintptr_t p, size_t n) { lock(); uint32_t i = h(p); while (tab[i].p > 1) i = (i + 1) & (TAB - 1); tab[i].p = p; tab[i].n = n; unlock(); }
static void del(uintptr_t p) { lock(); uint32_t i = h(p); while (tab[i].p) { if (tab[i].p == p) { tab[i].p = 1; break; } i = (i + 1) & (TAB - 1); } unlock(); }
static inline void add(void *p) { if (!p) return; size_t n = malloc_usable_size(p); atomic_fetch_add_explicit(&counts[bucket(n)], 1, memory_order_relaxed); if (n >= 4000) ins((uintptr_t)p, n); }
static inline void sub(void *p) { if (!p) return; size_t n = malloc_usable_size(p); atomic_fetch_sub_explicit(&counts[bucket(n)], 1, memory_order_relaxed); if (n >= 4000) del((uintptr_t)p); }
void *malloc(size_t n) { void *p = __libc_malloc(n); add(p); return p; }
void free(void *p) { sub(p); __libc_free(p); }
void *calloc(size_t a, size_t b) { void *p = __libc_calloc(a, b); add(p); return p; }
void *realloc(void *q, size_t n) { sub(q); void *p = __libc_realloc(q, n); if (p) add(p); else if (q && n) add(q); return p; }
void *memalign(size_t a, size_t n) { void *p = __libc_memalign(a, n); add(p); return p; }
void *aligned_alloc(size_t a, size_t n) { void *p = __libc_memalign(a, n); add(p); return p; }
int posix_memalign(void **r, size_t a, size_t n) { void *p = __libc_memalign(a, n); if (!p) return ENOMEM; add(p); *r = p; return 0; }
static void dump(int sig) {
    (void)sig;
    char name[512];
    int k = atomic_fetch_add(&dumps, 1);
    snprintf(name, sizeof name, "%s/live-%d.txt", getenv("LIVE_HEAP_DIR") ? getenv("LIVE_HEAP_DIR") : "/tmp", k);
    int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return;
    char line[64];
    for (int i = 0; i <= N; i++) {
        long c = atomic_load(&counts[i]);
        if (c) { int len = snprintf(line, sizeof line, "%d %ld\n", i * STEP, c); write(fd, line, len); }
    }
    int pm = open("/proc/self/pagemap", O_RDONLY);
    static long allocs[N + 1], present[N + 1], pages[N + 1];
    memset(allocs, 0, sizeof allocs); memset(present, 0, sizeof present); memset(pages, 0, sizeof pages);
    lock();
    for (uint32_t i = 0; i < TAB; i++) {
        if (tab[i].p <= 1) continue;
        int b = bucket(tab[i].n); allocs[b]++;
        uintptr_t first = tab[i].p / 4096, last = (tab[i].p + tab[i].n - 1) / 4096;
        for (uintptr_t pg = first; pg <= last; pg++) {
            uint64_t e = 0; pread(pm, &e, 8, (off_t)(pg * 8)); pages[b]++; if (e >> 63) present[b]++;
        }
    }
    unlock();
    close(pm);
    for (int i = 0; i <= N; i++) if (allocs[i]) { int len = snprintf(line, sizeof line, "P %d %ld %ld %ld\n", i * STEP, allocs[i], pages[i], present[i]); write(fd, line, len); }
    close(fd);
}
#include <pthread.h>
#include <dirent.h>
#include <stdlib.h>
static void *watch(void *arg) {
    (void)arg; char req[512]; snprintf(req, sizeof req, "%s/dump", getenv("LIVE_HEAP_DIR") ? getenv("LIVE_HEAP_DIR") : "/tmp");
    const char *at = getenv("DUMP_AT_FDS"); long threshold = at ? atol(at) : 0; int done = 0;
    for (;;) {
        usleep(threshold ? 10000 : 200000);
        if (access(req, F_OK) == 0) { unlink(req); dump(0); }
        if (threshold && !done) {
            DIR *d = opendir("/proc/self/fd"); long n = 0; struct dirent *e;
            if (d) { while ((e = readdir(d))) n++; closedir(d); }
            if (n >= threshold) { done = 1; dump(0); }
        }
    }
    return 0;
}
__attribute__((constructor)) static void init(void) { pthread_t t; pthread_create(&t, 0, watch, 0); }
