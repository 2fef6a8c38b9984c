#include "BenchmarkSupport.h"
#include <stdlib.h>
#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#endif

long benchmark_allocated_bytes(void) {
#if defined(__linux__) && defined(__GLIBC__)
    // uordblks: bytes in use in the arenas; hblkhd: bytes in blocks malloc mapped on their own (large tables).
    struct mallinfo2 info = mallinfo2();
    return (long)(info.uordblks + info.hblkhd);
#else
    return -1;
#endif
}
