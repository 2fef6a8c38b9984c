#include "BenchmarkSupport.h"
#include <stdlib.h>

// Counts heap allocations by interposing glibc's allocation functions: a definition in the executable takes
// precedence over the C library's for every caller in the process (ELF symbol interposition), and forwards to
// glibc's own implementation through its exported `__libc_*` names. Counting is off until the benchmark asks, so
// start-up and set-up allocations are not counted. Elsewhere (macOS's two-level namespace does not interpose this
// way) nothing is counted and `benchmark_counts_allocations` says so.
#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_int counting = 0;
static atomic_long allocations = 0;

static inline void count(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count();
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

int benchmark_counts_allocations(void) { return 1; }

void benchmark_count_allocations(int on) {
    if (on) atomic_store(&allocations, 0);
    atomic_store(&counting, on);
}

long benchmark_allocation_count(void) { return atomic_load(&allocations); }
#else
int benchmark_counts_allocations(void) { return 0; }
void benchmark_count_allocations(int on) { (void)on; }
long benchmark_allocation_count(void) { return 0; }
#endif
