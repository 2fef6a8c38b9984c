#ifndef MALLOC_STATS_H
#define MALLOC_STATS_H
#include <stddef.h>

/// Bytes currently allocated by malloc, or -1 where the C library cannot tell.
long malloc_stats_allocated_bytes(void);

#endif
