/* util.c -- allocation wrappers, clocks and small helpers shared by all. */
#include "config.h"

#include <assert.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/util.h"
#include "core/stop.h"

/* The program's out-of-memory handler (util.h); the library itself
 * neither prints nor exits. */
static void (*oom_handler)(size_t);

void
util_set_oom_handler(void (*handler)(size_t size))
{
	oom_handler = handler;
}

static void
oom(size_t size)
{
	if (oom_handler != NULL)
		oom_handler(size);
	abort();
}

void *
xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (p == NULL)
		oom(size);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (p == NULL)
		oom(n * size);
	return p;
}

void *
xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);
	if (q == NULL)
		oom(size);
	return q;
}

char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}

static uint64_t
raw_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The time spent suspended so far, and the clock's reading while a
 * suspension is pending (0: none): from util_clock_stopping() until
 * util_clock_continued() the clock stands still, so that a thread that
 * runs on after the continuation, before the handler has run, counts none
 * of the stopped time (a busy span across a Ctrl-Z / fg longer than the
 * search's elapsed; a deadline passed at once).  See util.h. */
static _Atomic uint64_t clock_stopped_ns, clock_frozen_ns;

uint64_t
util_now_ns(void)
{
	/* frozen first: once it reads 0, the stopped time is the new one
	 * (util_clock_continued() stores that before it thaws) */
	uint64_t frozen = atomic_load(&clock_frozen_ns);
	if (frozen != 0)
		return frozen;
	return raw_now_ns() - atomic_load(&clock_stopped_ns);
}

void
util_clock_stopping(void)
{
	uint64_t now = util_now_ns();
	atomic_store(&clock_frozen_ns, now != 0 ? now : 1);
}

void
util_clock_continued(void)
{
	uint64_t frozen = atomic_load(&clock_frozen_ns), now = raw_now_ns();
	if (frozen == 0)
		return;
	/* the clock goes on from where it stood */
	if (now > frozen)
		atomic_store(&clock_stopped_ns, now - frozen);
	atomic_store(&clock_frozen_ns, 0);
}

double
util_now_s(void)
{
	return (double)util_now_ns() / 1e9;
}

/* Read once: glibc's sysconf() opens and reads
 * /sys/devices/system/cpu/online at every call, and every search asks (its
 * statistics' cores): a few microseconds a search, more than a small
 * exact solve of Pons' Test_L3_R1 takes in all. */
int
util_ncpus(void)
{
	static _Atomic int ncpus;
	int n = atomic_load_explicit(&ncpus, memory_order_relaxed);
	if (n == 0) {
		long k = sysconf(_SC_NPROCESSORS_ONLN);
		n = k < 1 ? 1 : (int)k;
		atomic_store_explicit(&ncpus, n, memory_order_relaxed);
	}
	return n;
}

/* The number of kB on the line of /proc file `path` that starts with
 * `key`, or -1. */
static long long
proc_kb(const char *path, const char *key)
{
	FILE *f = fopen(path, "r");
	char line[256];
	long long kb = -1;
	size_t n = strlen(key);

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL)
		if (strncmp(line, key, n) == 0) {
			kb = strtoll(line + n, NULL, 10);
			break;
		}
	fclose(f);
	return kb;
}

uint64_t
util_mem_available(void)
{
	long long kb = proc_kb("/proc/meminfo", "MemAvailable:");
	if (kb >= 0)
		return (uint64_t)kb << 10;
	long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 0;
}

uint64_t
util_vm_headroom(void)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_AS, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return UINT64_MAX;
	long long kb = proc_kb("/proc/self/status", "VmSize:");
	uint64_t used = kb > 0 ? (uint64_t)kb << 10 : 0;
	return rl.rlim_cur > used ? rl.rlim_cur - used : 0;
}

size_t
util_thread_stack(void)
{
	pthread_attr_t a;
	size_t size = 8u << 20;
	if (pthread_attr_init(&a) == 0) {
		pthread_attr_getstacksize(&a, &size);
		pthread_attr_destroy(&a);
	}
	return size;
}

char *
util_si(char *buf, size_t len, double v)
{
	assert(buf != NULL && len > 0);
	static const char suffix[] = " kMGTP";
	int i = 0;
	while (v >= 999.5 && i < 5) {
		v /= 1000.0;
		i++;
	}
	if (i == 0)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len,
		         v < 9.995   ? "%.2f%c"
		         : v < 99.95 ? "%.1f%c"
		                     : "%.0f%c",
		         v, suffix[i]);
	return buf;
}

int
util_write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = ENOSPC;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

char *
util_duration(char *buf, size_t len, double s)
{
	assert(buf != NULL && len > 0);
	if (s < 0 || s > 1e8)
		snprintf(buf, len, "?");
	else if (s < 60)
		snprintf(buf, len, "%.0fs", s);
	else if (s < 3600)
		snprintf(buf, len, "%dm%02ds", (int)s / 60, (int)s % 60);
	else
		snprintf(buf, len, "%dh%02dm", (int)(s / 3600),
		         (int)s % 3600 / 60);
	return buf;
}

uint64_t
util_lower_bound(const uint64_t *a, uint64_t n, uint64_t key)
{
	assert(a != NULL || n == 0);
	uint64_t lo = 0, hi = n;
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (a[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool
util_parse_long(const char *s, long lo, long hi, long *out)
{
	assert(s != NULL && out != NULL && lo <= hi);
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

int
util_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* The token the handler trips: a lock-free atomic, so that the handler's
 * loads and stores are async-signal-safe. */
static struct search_stop *_Atomic stop_token;
static volatile sig_atomic_t stop_signal;
static const int stop_signals[3] = {SIGINT, SIGTERM, SIGHUP};

static void
on_stop_signal(int sig)
{
	stop_signal = sig;
	struct search_stop *tok = atomic_load(&stop_token);
	if (tok != NULL)
		search_stop_request(tok);
}

void
util_stop_signals_begin(struct util_stop_saved *saved, struct search_stop *tok)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	atomic_store(&stop_token, tok);
	stop_signal = 0;
	for (int i = 0; i < 3; i++)
		sigaction(stop_signals[i], &sa, &saved->old[i]);
}

void
util_stop_signals_end(const struct util_stop_saved *saved)
{
	for (int i = 0; i < 3; i++)
		sigaction(stop_signals[i], &saved->old[i], NULL);
	atomic_store(&stop_token, NULL);
}

int
util_stop_signal(void)
{
	return stop_signal;
}

ssize_t
util_getline(char **line, size_t *cap, FILE *f)
{
	size_t n = 0;
	int c;

	assert(line != NULL && cap != NULL && f != NULL);
	flockfile(f);
	for (;;) {
		c = getc_unlocked(f);
		if (c == EOF)
			break;
		if (n + 2 > *cap) {
			*cap = *cap < 64 ? 128 : 2 * *cap;
			*line = xrealloc(*line, *cap);
		}
		if (c == '\r') {
			/* CR, or the CR of CRLF */
			c = getc_unlocked(f);
			if (c != '\n' && c != EOF)
				ungetc(c, f);
			c = '\n';
		}
		(*line)[n++] = (char)c;
		if (c == '\n')
			break;
	}
	funlockfile(f);
	if (n == 0)
		return -1;
	(*line)[n] = '\0';
	return (ssize_t)n;
}

char *
util_fgets(char *buf, int size, FILE *f)
{
	int n = 0, c = 0;

	assert(buf != NULL && size > 1 && f != NULL);
	flockfile(f);
	while (n < size - 1 && (c = getc_unlocked(f)) != EOF) {
		if (c == '\r') {
			c = getc_unlocked(f);
			if (c != '\n' && c != EOF)
				ungetc(c, f);
			c = '\n';
		}
		buf[n++] = (char)c;
		if (c == '\n')
			break;
	}
	funlockfile(f);
	if (n == 0)
		return NULL;
	buf[n] = '\0';
	return buf;
}

/* A device, a FIFO or a socket has no contents to replace: write to it
 * as it is (renaming over /dev/full would put a file where the device
 * node was). */
static int
write_in_place(const char *path, const char *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -1;
	if (util_write_all(fd, data, len) != 0) {
		int saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return close(fd);
}

/* path's final component followed while it is a symbolic link: a new
 * string, or NULL with errno (ELOOP after 40 links). */
static char *
follow_links(const char *path)
{
	char *cur = xstrdup(path);
	for (int hops = 0;; hops++) {
		struct stat st;
		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;
		if (hops == 40) {
			free(cur);
			errno = ELOOP;
			return NULL;
		}
		size_t cap =
		    (size_t)st.st_size + 2 > 256 ? (size_t)st.st_size + 2 : 256;
		char *to = xmalloc(cap);
		ssize_t n = readlink(cur, to, cap - 1);
		if (n < 0) {
			free(to);
			return cur; /* changed under us: take it as it is */
		}
		to[n] = '\0';
		const char *slash = strrchr(cur, '/');
		if (to[0] == '/' || slash == NULL) {
			free(cur);
			cur = to;
		} else {
			/* relative to the link's folder */
			size_t dl = (size_t)(slash - cur) + 1;
			char *next = xmalloc(dl + (size_t)n + 1);
			memcpy(next, cur, dl);
			memcpy(next + dl, to, (size_t)n + 1);
			free(cur);
			free(to);
			cur = next;
		}
	}
}

int
util_output_target(const char *path, char **target, enum util_output *how)
{
	assert(path != NULL && target != NULL && how != NULL);
	struct stat st;
	char *t = follow_links(path);
	if (t == NULL)
		return -1;
	if (stat(t, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			free(t);
			errno = EISDIR;
			return -1;
		}
		if (!S_ISREG(st.st_mode)) {
			*target = t;
			*how = UTIL_OUTPUT_IN_PLACE;
			return 0;
		}
	} else if (errno != ENOENT) {
		int saved = errno;
		free(t);
		errno = saved;
		return -1;
	}
	/* A new or replaced file: its folder must be there and writable
	 * (the temporary file and the rename). */
	const char *slash = strrchr(t, '/');
	char *dir = slash == NULL ? xstrdup(".")
	            : slash == t  ? xstrdup("/")
	                          : xmalloc((size_t)(slash - t) + 1);
	if (slash != NULL && slash != t) {
		memcpy(dir, t, (size_t)(slash - t));
		dir[slash - t] = '\0';
	}
	int rc = 0;
	if (stat(dir, &st) != 0)
		rc = -1;
	else if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		rc = -1;
	} else if (access(dir, W_OK | X_OK) != 0)
		rc = -1;
	int saved = errno;
	free(dir);
	if (rc != 0) {
		free(t);
		errno = saved;
		return -1;
	}
	*target = t;
	*how = UTIL_OUTPUT_REPLACE;
	return 0;
}

int
util_write_atomic(const char *path, const char *data, size_t len)
{
	assert(path != NULL && (data != NULL || len == 0));
	struct stat st;
	mode_t mode;
	int fd, saved;

	enum util_output how;
	char *real;
	if (util_output_target(path, &real, &how) != 0)
		return -1;
	if (how == UTIL_OUTPUT_IN_PLACE) {
		int r = write_in_place(real, data, len);
		saved = errno;
		free(real);
		errno = saved;
		return r;
	}
	if (stat(real, &st) == 0) {
		mode = st.st_mode & 07777;
	} else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	/* Through a symbolic link: replace the file it names, beside it,
	 * and keep the link. */
	const char *target = real;
	size_t plen = strlen(target);
	char *tmp = xmalloc(plen + 16);

	snprintf(tmp, plen + 16, "%s.tmpXXXXXX", target);
	fd = mkstemp(tmp);
	if (fd < 0) {
		saved = errno;
		free(tmp);
		free(real);
		errno = saved;
		return -1;
	}
	if (util_write_all(fd, data, len) != 0 || fchmod(fd, mode) != 0)
		goto fail;
	if (fsync(fd) != 0 || close(fd) != 0) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(tmp, target) != 0)
		goto fail;
	free(tmp);
	free(real);
	return 0;
fail:
	saved = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	free(tmp);
	free(real);
	errno = saved;
	return -1;
}
