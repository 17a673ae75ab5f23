/* util.h -- allocation that cannot fail, clocks, small helpers. */
#ifndef DROPFOUR_UTIL_H
#define DROPFOUR_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* Allocate or exit with a clear message naming the size. */
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);

/* Monotonic clock. */
uint64_t util_now_ns(void);
double util_now_s(void);

/* Number of online processors (at least 1). */
int util_ncpus(void);

/* Memory that can be had now without pushing anything out (Linux's
 * MemAvailable, else the free physical pages), in bytes; 0 if unknown. */
uint64_t util_mem_available(void);
/* Address space this process may still map under RLIMIT_AS (ulimit -v),
 * in bytes; UINT64_MAX when there is no limit. */
uint64_t util_vm_headroom(void);
/* The stack size a new thread gets (what libgomp's threads get too). */
size_t util_thread_stack(void);
/* splitmix64's output function: a well-mixed 64-bit hash of x (for seeded
 * tie-breaks). */
static inline uint64_t
util_splitmix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* Human-friendly numbers: "1.23M", "456k"; writes into buf, returns buf. */
char *util_si(char *buf, size_t len, double v);

/* Write data to path atomically: a temporary file beside it, written,
 * fsync'ed, then renamed over it, so that the path holds either the old
 * contents or the new, never a part (a kill or a full disk mid-way leaves
 * the old file).  A symbolic link is followed (the file it names is
 * replaced); a device or a FIFO is written in place; the mode of a file
 * replaced is kept (a new one gets 0666 less the umask).  Returns 0, or
 * -1 with errno set (EISDIR for a directory). */
int util_write_atomic(const char *path, const char *data, size_t len);

#endif
