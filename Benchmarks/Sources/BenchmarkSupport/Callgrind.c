#include "BenchmarkSupport.h"

// Callgrind's client requests are special no-op instruction sequences that valgrind recognises; outside valgrind
// they cost a few instructions and do nothing. Without valgrind's headers (macOS without valgrind) they are left out.
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define HAS_CALLGRIND 1
#endif
#endif

void benchmark_callgrind_toggle_collect(void) {
#ifdef HAS_CALLGRIND
    CALLGRIND_TOGGLE_COLLECT;
#endif
}

int benchmark_running_on_valgrind(void) {
#ifdef HAS_CALLGRIND
    return RUNNING_ON_VALGRIND ? 1 : 0;
#else
    return 0;
#endif
}
