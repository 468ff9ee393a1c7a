// See include/allocation_counter.h. glibc only (it exports the __libc_* allocators).
#define _GNU_SOURCE
#include "allocation_counter.h"
#include <stddef.h>
#include <errno.h>
#include <malloc.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static _Atomic int counting;
static _Atomic uint64_t allocations;

static inline void count(void) {
    if (counting) allocations++;
}

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { count(); return __libc_realloc(p, size); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    count();
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(alignment, size);
    if (!p && size) return ENOMEM;
    *out = p;
    return 0;
}

void allocation_counter_start(void) { allocations = 0; counting = 1; }
uint64_t allocation_counter_stop(void) { counting = 0; return allocations; }

uint64_t allocation_counter_heap_in_use(void) {
    struct mallinfo2 m = mallinfo2();
    return (uint64_t)(m.uordblks + m.hblkhd);
}

void allocation_counter_trim(void) { malloc_trim(0); }
