#ifndef CDOCGEN_SYSTEM_H
#define CDOCGEN_SYSTEM_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS where unsupported).
int docgen_exchange_paths(const char *first, const char *second);

/// Asks glibc's malloc for `bytes` of slack each time a heap grows (mallopt M_TOP_PAD), so that threads
/// allocating many small pieces make a few large mprotect calls instead of tens of thousands.
/// Returns 1 on success, 0 otherwise (and where there is no glibc).
int docgen_set_allocator_top_pad(int bytes);

/// Bytes the C allocator has handed out and not had back, over all its arenas (glibc mallinfo2's uordblks plus
/// hblkhd); -1 where there is no glibc. Resident memory minus this is memory freed but kept by the allocator.
long long docgen_allocated_bytes(void);

/// Gives the memory the C allocator holds free back to the system (glibc malloc_trim(0)); 1 when some was.
int docgen_release_free_memory(void);

#endif
