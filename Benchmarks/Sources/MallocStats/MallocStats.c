#include "MallocStats.h"
#if defined(__linux__)
#include <malloc.h>
#endif

long malloc_stats_allocated_bytes(void) {
#if defined(__linux__)
    return (long)mallinfo2().uordblks;
#else
    return -1;
#endif
}
