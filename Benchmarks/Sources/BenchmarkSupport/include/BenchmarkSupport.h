#ifndef BENCHMARK_SUPPORT_H
#define BENCHMARK_SUPPORT_H
#include <stddef.h>

/// Bytes currently allocated by malloc, counted whole: small blocks in the arenas and the large blocks glibc maps
/// on their own (`mmap`). -1 where the C library cannot tell.
long benchmark_allocated_bytes(void);

/// Whether this platform counts allocations (glibc on Linux): 1 if so, 0 if `benchmark_allocation_count` stays 0.
int benchmark_counts_allocations(void);

/// Starts (1) or stops (0) counting calls of malloc, calloc, realloc and the aligned allocators, on every thread.
void benchmark_count_allocations(int on);

/// How many allocations were counted since counting last started.
long benchmark_allocation_count(void);

/// Switches callgrind's event collection on or off (run the program under
/// `valgrind --tool=callgrind --collect-atstart=no`); does nothing when not running under valgrind.
void benchmark_callgrind_toggle_collect(void);

/// 1 when the program runs under valgrind, 0 otherwise.
int benchmark_running_on_valgrind(void);

#endif
