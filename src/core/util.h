/* util.h -- allocation that cannot fail, clocks, small helpers. */
#ifndef DROPFOUR_UTIL_H
#define DROPFOUR_UTIL_H

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* Allocation that never returns NULL: when the memory is not there, the
 * handler the program installed with util_set_oom_handler() is called
 * with the size asked for (the command line's prints the message under
 * the program's name and exits); when there is none, or when it returns,
 * abort(): the library neither prints nor exits on its own. */
void util_set_oom_handler(void (*handler)(size_t size));
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);

/* Monotonic clock, less the time the program spent suspended: the game
 * marks its suspension (Ctrl-Z) with util_clock_stopping() just before it
 * stops and util_clock_continued() when it continues (from its SIGCONT
 * handler: both are async-signal-safe), so that a search across a
 * Ctrl-Z / fg counts no stopped time in its elapsed, busy or time limit.
 * From util_clock_stopping() to util_clock_continued() the clock stands
 * still: a thread that runs on after the continuation, before the handler,
 * sees no stopped time.  The clock never goes back. */
uint64_t util_now_ns(void);
double util_now_s(void);
void util_clock_stopping(void);
void util_clock_continued(void);

/* Number of online processors (at least 1), as at the first call. */
int util_ncpus(void);

/* Memory that can be had now without pushing anything out (Linux's
 * MemAvailable, else the free physical pages), in bytes; 0 if unknown. */
uint64_t util_mem_available(void);
/* Address space this process may still map under RLIMIT_AS (ulimit -v),
 * in bytes; UINT64_MAX when there is no limit. */
uint64_t util_vm_headroom(void);
/* The stack size a new thread gets (what libgomp's threads get too). */
size_t util_thread_stack(void);
/* splitmix64's finaliser: a bijective, well-mixed 64-bit hash of x. */
static inline uint64_t
util_mix64(uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* splitmix64's output function: the finaliser of x plus its increment
 * (for seeded tie-breaks). */
static inline uint64_t
util_splitmix(uint64_t x)
{
	return util_mix64(x + 0x9e3779b97f4a7c15ull);
}

/* Write all of buf to fd, again after EINTR and short writes.  0, or -1
 * with errno set (ENOSPC for a write that wrote nothing). */
int util_write_all(int fd, const void *buf, size_t len);

/* getline() for text files of any origin: a line ends at LF, CRLF or a
 * lone CR (old Mac files), and *line holds it with its end written as one
 * LF (none on a last line without an end).  The length, or -1 at the end
 * of the input or on a read error (ferror(), errno), as getline(). */
ssize_t util_getline(char **line, size_t *cap, FILE *f);
/* fgets() with the same line ends: at most size - 1 bytes into buf, a
 * line end written as LF; NULL at the end of the input or on an error. */
char *util_fgets(char *buf, int size, FILE *f);

/* The first index of a[0..n) (ascending) whose value is not below key:
 * n when every value is. */
uint64_t util_lower_bound(const uint64_t *a, uint64_t n, uint64_t key);

/* A whole decimal number in lo..hi, nothing around it: true and *out set,
 * else false. */
bool util_parse_long(const char *s, long lo, long hi, long *out);

/* A static function the compiler must inline: the search's node is split
 * into such helpers, which then cost nothing over one long function. */
#define FORCE_INLINE static inline __attribute__((always_inline))

/* qsort()'s comparison of two uint64_t. */
int util_cmp_u64(const void *a, const void *b);

/* Stopping long jobs on a signal, for the programs (the library reads no
 * signal): between _begin() and _end(), SIGINT, SIGTERM and SIGHUP do not
 * kill the process but request the stop token tok (core/stop.h; the
 * caller's, for that long) that the program hands its job, and
 * util_stop_signal() says which came; so the job stops cleanly, keeps its
 * journal or state and says so. */
struct util_stop_saved {
	struct sigaction old[3];
};
struct search_stop;
void util_stop_signals_begin(struct util_stop_saved *saved,
                             struct search_stop *tok);
void util_stop_signals_end(const struct util_stop_saved *saved);
int util_stop_signal(void);

/* The next number of the splitmix64 sequence whose state is *state (for
 * seeded draws: any state, 0 included, is a good one). */
static inline uint64_t
util_rand(uint64_t *state)
{
	uint64_t z = util_splitmix(*state);
	*state += 0x9e3779b97f4a7c15ull;
	return z;
}

/* A duration for progress lines: "42s", "3m05s", "1h02m", "?" when
 * negative or absurd.  Returns buf. */
char *util_duration(char *buf, size_t len, double seconds);

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

/* How an output file is written (util_output_target()). */
enum util_output {
	/* a regular file, or nothing yet: a temporary file beside the
	 * target, renamed onto it once complete */
	UTIL_OUTPUT_REPLACE,
	/* a device, a FIFO or a socket: opened and written as it is */
	UTIL_OUTPUT_IN_PLACE,
};
/* Where output named `path` goes and how: symbolic links are followed
 * (the target is written, the link kept; a dangling link names the file
 * to make).  0 with *target (malloc'd, the path with its links resolved)
 * and *how; or -1 with errno, nothing made: EISDIR for a folder, ENOENT
 * or ENOTDIR when the folder it would go in does not exist, EACCES when
 * that folder cannot be written (a replaced file needs it), ELOOP. */
int util_output_target(const char *path, char **target, enum util_output *how);

#endif
