#define _GNU_SOURCE
#include "CDocgenSystem.h"
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int docgen_exchange_paths(const char *first, const char *second) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */);
#else
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}

int docgen_set_allocator_top_pad(int bytes) {
#if defined(__GLIBC__)
    return mallopt(M_TOP_PAD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}

long long docgen_allocated_bytes(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    return (long long)(info.uordblks + info.hblkhd);
#else
    return -1;
#endif
}

int docgen_release_free_memory(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}
