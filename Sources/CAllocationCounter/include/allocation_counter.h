// Counts heap allocations of the process that links this target (swiftflow-bench only).
//
// The target defines malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign: the
// executable's definitions take precedence over glibc's for every library in the process
// (symbol interposition, as an LD_PRELOAD shim would), count the call, and forward to glibc's
// __libc_* implementations. Counting is off until allocation_counter_start().
#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// Zeroes the count and starts counting allocations (every thread).
void allocation_counter_start(void);
/// Stops counting; returns the allocations counted since the start.
uint64_t allocation_counter_stop(void);
/// Bytes of heap in use now, counting or not (glibc's mallinfo2: uordblks + hblkhd, the
/// chunks handed out from the arenas and the mmap'd ones), malloc's own overhead included.
uint64_t allocation_counter_heap_in_use(void);
/// Returns the heap's free memory to the system where it can (glibc's malloc_trim(0)).
void allocation_counter_trim(void);

#endif
