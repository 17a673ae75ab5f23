/* statespace.c -- the forward and backward passes over every position of a
 * small board, and the level storage they share (memory or files).
 *
 * Keys (see statespace.h).  Every column is a field of h + 1 bits holding
 * the first player's stones plus a sentinel bit just above the column's top
 * stone: key = p1 + mask + bottom.  Dropping a stone into column c, whose
 * sentinel is bit t, gives key + t (second player) or key + 2t (first
 * player).  Within field c that map is strictly increasing and it leaves the
 * other fields alone, so it keeps the order of keys: the successors of a
 * sorted level through column c form a sorted stream.  The forward pass
 * merges the w streams of the parents into the next level, removing
 * duplicates as they meet; the backward pass walks one cursor per column
 * through the next level beside the parents.
 *
 * Parts.  The next level is cut into key ranges chosen from a sample of
 * successors; each range is one task with one writer.  Its start in the
 * column-c stream is found by binary search over the parents: the map
 * extended to full columns (a field may then overflow, compared as a wider
 * number) stays increasing over every parent.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "statespace.h"
#include "util.h"

/*
 * Tunables.  PART_KEYS: the size a part of the next level aims at.  Smaller
 * parts balance threads better and let the memory budget bite at a finer
 * grain; each costs w binary searches and, on disk, a file.
 * PARTS_PER_THREAD: at least this many parts per thread once a level is big
 * enough (MIN_SPLIT parents) to be worth sharing.  SAMPLE_PER_PART: sampled
 * parents per part when choosing the ranges.  FILE_CHUNK: keys buffered
 * before a write() to a level file.  STOP_EVERY: positions between looks at
 * the stop flag.
 */
#define PART_KEYS (1u << 20)
#define MAX_PARTS 4096
#define PARTS_PER_THREAD 4
#define MIN_SPLIT 4096
#define SAMPLE_PER_PART 16
#define FILE_CHUNK (1u << 16)
#define STOP_EVERY (1u << 16)
_Static_assert(PART_KEYS >= FILE_CHUNK, "a part holds at least one chunk");
_Static_assert(MAX_PARTS >= PARTS_PER_THREAD * 64, "enough parts to share");

#define NO_KEY UINT64_MAX

struct geo {
	int w, h, cells, fb; /* fb: bits per column field */
	uint64_t bottom;
	uint64_t fmask;    /* one field, at bit 0 */
	uint64_t fulltop;  /* sentinel of a full column, in its field */
	uint64_t keep[4];  /* fields less their top 1, 2, 4, 8 bits */
};

/* One key range of a level: keys (shifted, flag in bit 0) and values. */
struct part {
	uint64_t *keys;
	int8_t *vals;
	size_t n;
	bool keys_mapped, vals_mapped; /* file-backed (munmap) or malloc */
};

struct level {
	int nparts;
	struct part *parts;
	uint64_t *first; /* first[i]: global index of part i; first[nparts] = n */
};

struct statespace {
	struct geo g;
	int threads;
	size_t budget;
	const char *tmpdir;
	atomic_bool *stop;
	atomic_bool failed;         /* an I/O error: everyone stops */
	atomic_size_t mem, peak;    /* bytes of levels in memory */
	atomic_uint_fast64_t disk;  /* bytes written to files */
	char err[256];
	atomic_flag err_set;
	struct level *lv;           /* cells + 1 levels */
	struct statespace_ply *rows;
};

/* ---- geometry -------------------------------------------------------- */

static void
geo_init(struct geo *g, int w, int h)
{
	g->w = w;
	g->h = h;
	g->cells = w * h;
	g->fb = h + 1;
	g->bottom = 0;
	for (int c = 0; c < w; c++)
		g->bottom |= (uint64_t)1 << (c * g->fb);
	g->fmask = ((uint64_t)1 << g->fb) - 1;
	g->fulltop = (uint64_t)1 << h;
	for (int i = 0; i < 4; i++) {
		int s = 1 << i;
		uint64_t low = s < g->fb ? ((uint64_t)1 << (g->fb - s)) - 1 : 0;
		g->keep[i] = g->bottom * low;
	}
}

/* The sentinel bit of every column: the top set bit of each field. */
static inline uint64_t
sentinels(const struct geo *g, uint64_t key)
{
	uint64_t m = key;
	m |= (m >> 1) & g->keep[0];
	m |= (m >> 2) & g->keep[1];
	m |= (m >> 4) & g->keep[2];
	m |= (m >> 8) & g->keep[3];
	return m ^ ((m >> 1) & g->keep[0]);
}

static inline uint64_t
top_bit(uint64_t field)
{
	return (uint64_t)1 << (63 - __builtin_clzll(field));
}

/* True if the player who made the last of `ply` moves has four. */
static bool
mover_has_four(const struct geo *g, uint64_t key, int ply)
{
	uint64_t s = sentinels(g, key);
	uint64_t p1 = key ^ s;
	uint64_t stones = (ply & 1) ? p1 : ((s - g->bottom) ^ p1);
	return board_has_four(stones, g->h);
}

static void
key_board(const struct geo *g, uint64_t key, int ply, board_t *b)
{
	uint64_t s = sentinels(g, key);
	uint64_t p1 = key ^ s;

	board_init(b, g->w, g->h);
	b->mask = s - g->bottom;
	b->current = (ply & 1) ? (p1 ^ b->mask) : p1;
	b->moves = ply;
}

static uint64_t
board_to_key(const board_t *b)
{
	uint64_t p1 = (b->moves & 1) ? (b->current ^ b->mask) : b->current;
	return p1 + b->mask + b->bottom;
}

/* Value of a position whose last stone made four. */
static int
loss_score(const struct geo *g, int ply)
{
	return -((g->cells + 1 - (ply - 1)) / 2);
}

/* ---- errors, memory, files ------------------------------------------- */

static void
fail(struct statespace *ss, const char *what, int errnum)
{
	if (!atomic_flag_test_and_set(&ss->err_set))
		snprintf(ss->err, sizeof ss->err, "%s: %s", what,
		    strerror(errnum));
	atomic_store(&ss->failed, true);
}

static bool
stopping(struct statespace *ss)
{
	return atomic_load_explicit(&ss->failed, memory_order_relaxed) ||
	    (ss->stop != NULL &&
		atomic_load_explicit(ss->stop, memory_order_relaxed));
}

/* Reserve bytes of the budget; false (nothing reserved) if they do not fit. */
static bool
mem_take(struct statespace *ss, size_t bytes)
{
	size_t now = atomic_fetch_add(&ss->mem, bytes) + bytes;
	if (now > ss->budget) {
		atomic_fetch_sub(&ss->mem, bytes);
		return false;
	}
	size_t peak = atomic_load(&ss->peak);
	while (now > peak && !atomic_compare_exchange_weak(&ss->peak, &peak,
				 now))
		;
	return true;
}

static void
mem_give(struct statespace *ss, size_t bytes)
{
	atomic_fetch_sub(&ss->mem, bytes);
}

/* A new file under tmpdir, unlinked at once: it goes when closed and
 * unmapped, whatever happens to the process. */
static int
tmp_file(struct statespace *ss)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/dropfour-level-XXXXXX", ss->tmpdir);
	int fd = mkstemp(path);
	if (fd < 0) {
		fail(ss, ss->tmpdir, errno);
		return -1;
	}
	unlink(path);
	return fd;
}

static bool
write_all(struct statespace *ss, int fd, const void *buf, size_t len)
{
	const char *p = buf;
	while (len > 0) {
		ssize_t k = write(fd, p, len);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			fail(ss, "writing a level file", k < 0 ? errno : ENOSPC);
			return false;
		}
		p += k;
		len -= (size_t)k;
	}
	atomic_fetch_add(&ss->disk, (uint64_t)(p - (const char *)buf));
	return true;
}

static void *
map_file(struct statespace *ss, int fd, size_t len, bool writable)
{
	void *p = mmap(NULL, len, writable ? PROT_READ | PROT_WRITE : PROT_READ,
	    MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		fail(ss, "mapping a level file", errno);
		return NULL;
	}
	madvise(p, len, MADV_SEQUENTIAL);
	return p;
}

/* The writer of one part of the next level: a growing array in memory
 * while the budget allows, then a file written a chunk at a time. */
struct part_writer {
	uint64_t *buf;
	size_t n, cap;   /* keys in buf, its size */
	size_t total;    /* keys written to the file */
	int fd;          /* -1: in memory */
};

static bool
writer_room(struct statespace *ss, struct part_writer *pw)
{
	if (pw->fd < 0) {
		size_t cap = pw->cap ? 2 * pw->cap : 1024;
		if (mem_take(ss, (cap - pw->cap) * sizeof *pw->buf)) {
			pw->buf = xrealloc(pw->buf, cap * sizeof *pw->buf);
			pw->cap = cap;
			return true;
		}
		/* Over budget: this part goes to a file from now on. */
		mem_give(ss, pw->cap * sizeof *pw->buf);
		pw->fd = tmp_file(ss);
		if (pw->fd < 0)
			return false;
	}
	if (!write_all(ss, pw->fd, pw->buf, pw->n * sizeof *pw->buf))
		return false;
	pw->total += pw->n;
	pw->n = 0;
	if (pw->cap < FILE_CHUNK) {
		pw->cap = FILE_CHUNK;
		pw->buf = xrealloc(pw->buf, pw->cap * sizeof *pw->buf);
	}
	return true;
}

static inline bool
writer_put(struct statespace *ss, struct part_writer *pw, uint64_t word)
{
	if (pw->n == pw->cap && !writer_room(ss, pw))
		return false;
	pw->buf[pw->n++] = word;
	return true;
}

/* Hand the finished keys over to the part (memory or mapped file). */
static bool
writer_finish(struct statespace *ss, struct part_writer *pw, struct part *p)
{
	bool ok = true;

	if (pw->fd < 0) {
		mem_give(ss, (pw->cap - pw->n) * sizeof *pw->buf);
		p->keys = pw->n ? xrealloc(pw->buf, pw->n * sizeof *pw->buf) :
		    (free(pw->buf), NULL);
		p->n = pw->n;
		return true;
	}
	ok = write_all(ss, pw->fd, pw->buf, pw->n * sizeof *pw->buf);
	free(pw->buf);
	p->n = pw->total + pw->n;
	if (ok && p->n > 0) {
		p->keys = map_file(ss, pw->fd, p->n * sizeof *p->keys, false);
		p->keys_mapped = p->keys != NULL;
		ok = p->keys_mapped;
	}
	close(pw->fd);
	return ok;
}

/* Room for a part's values: memory if the budget allows, else a file. */
static bool
vals_alloc(struct statespace *ss, struct part *p)
{
	if (p->n == 0)
		return true;
	if (mem_take(ss, p->n)) {
		p->vals = xmalloc(p->n);
		return true;
	}
	int fd = tmp_file(ss);
	if (fd < 0)
		return false;
	if (ftruncate(fd, (off_t)p->n) != 0) {
		fail(ss, "sizing a value file", errno);
		close(fd);
		return false;
	}
	p->vals = map_file(ss, fd, p->n, true);
	p->vals_mapped = p->vals != NULL;
	atomic_fetch_add(&ss->disk, p->n);
	close(fd);
	return p->vals_mapped;
}

static void
part_free(struct statespace *ss, struct part *p)
{
	if (p->keys_mapped)
		munmap(p->keys, p->n * sizeof *p->keys);
	else if (p->keys != NULL) {
		free(p->keys);
		mem_give(ss, p->n * sizeof *p->keys);
	}
	if (p->vals_mapped)
		munmap(p->vals, p->n);
	else if (p->vals != NULL) {
		free(p->vals);
		mem_give(ss, p->n);
	}
}

/* A pass is done with a level: drop its file pages from this process (they
 * stay in the page cache, clean or written back, until the kernel needs
 * the room), so the resident size follows the levels in use. */
static void
level_release(struct level *L)
{
	for (int i = 0; i < L->nparts; i++) {
		struct part *p = &L->parts[i];
		if (p->keys_mapped)
			madvise(p->keys, p->n * sizeof *p->keys, MADV_DONTNEED);
		if (p->vals_mapped)
			madvise(p->vals, p->n, MADV_DONTNEED);
	}
}

/* ---- reading a level --------------------------------------------------- */

static void
level_index(struct level *L)
{
	L->first = xmalloc((size_t)(L->nparts + 1) * sizeof *L->first);
	L->first[0] = 0;
	for (int i = 0; i < L->nparts; i++)
		L->first[i + 1] = L->first[i] + L->parts[i].n;
}

static uint64_t
level_size(const struct level *L)
{
	return L->first[L->nparts];
}

/* The part holding global index i (i < size). */
static int
level_part_of(const struct level *L, uint64_t i)
{
	int lo = 0, hi = L->nparts - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (L->first[mid] <= i)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

static uint64_t
level_word(const struct level *L, uint64_t i)
{
	int p = level_part_of(L, i);
	return L->parts[p].keys[i - L->first[p]];
}

/* A position in a level, moving forward across parts. */
struct cursor {
	const struct level *L;
	int part;
	const uint64_t *keys;
	const int8_t *vals;
	size_t i, n;
};

static void
cursor_load(struct cursor *c)
{
	while (c->part < c->L->nparts && c->L->parts[c->part].n == 0)
		c->part++;
	if (c->part < c->L->nparts) {
		c->keys = c->L->parts[c->part].keys;
		c->vals = c->L->parts[c->part].vals;
		c->n = c->L->parts[c->part].n;
	} else {
		c->n = 0;
	}
}

static void
cursor_at(struct cursor *c, const struct level *L, uint64_t i)
{
	c->L = L;
	if (i >= level_size(L)) {
		c->part = L->nparts;
		c->n = c->i = 0;
		return;
	}
	c->part = level_part_of(L, i);
	c->i = i - L->first[c->part];
	cursor_load(c);
}

static inline bool
cursor_ok(const struct cursor *c)
{
	return c->i < c->n;
}

static inline void
cursor_next(struct cursor *c)
{
	if (++c->i < c->n)
		return;
	c->part++;
	c->i = 0;
	cursor_load(c);
}

/* First index whose key is >= key. */
static uint64_t
level_lower_bound(const struct level *L, uint64_t key)
{
	uint64_t lo = 0, hi = level_size(L);
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if ((level_word(L, mid) >> 1) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* ---- forward pass ---------------------------------------------------- */

/* The successor of `key` through column c, extended to full columns, is
 * at least `target`: increasing in key over every parent. */
static bool
succ_at_least(const struct geo *g, uint64_t key, int c, int mover_shift,
    uint64_t target)
{
	int shift = c * g->fb, above = shift + g->fb;
	uint64_t hk = key >> above, ht = target >> above;
	if (hk != ht)
		return hk > ht;
	uint64_t code = (key >> shift) & g->fmask;
	code += top_bit(code) << mover_shift;
	uint64_t ct = (target >> shift) & g->fmask;
	if (code != ct)
		return code > ct;
	uint64_t low = ((uint64_t)1 << shift) - 1;
	return (key & low) >= (target & low);
}

/* One column's stream of successors, from a cursor over the parents. */
struct stream {
	struct cursor cur;
	int shift;
	uint64_t head; /* NO_KEY when done */
};

/* Move to the first producing parent at or after the cursor; its
 * successor becomes the head, unless it is not below `hi`. */
static inline void
stream_fill(const struct geo *g, struct stream *st, int mover_shift,
    uint64_t hi)
{
	while (cursor_ok(&st->cur)) {
		uint64_t w = st->cur.keys[st->cur.i];
		if (!(w & 1)) {
			uint64_t key = w >> 1;
			uint64_t t = top_bit((key >> st->shift) & g->fmask);
			if (t != g->fulltop) {
				uint64_t succ = key +
				    ((t << st->shift) << mover_shift);
				st->head = succ < hi ? succ : NO_KEY;
				return;
			}
		}
		cursor_next(&st->cur);
	}
	st->head = NO_KEY;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* Ranges of the next level: `n` boundaries, bounds[0] = 0 and
 * bounds[n] = NO_KEY, from a sample of successors. */
static int
choose_ranges(struct statespace *ss, const struct level *L, int ply,
    uint64_t **bounds_out)
{
	const struct geo *g = &ss->g;
	uint64_t n = level_size(L);
	int mover_shift = (ply & 1) ? 0 : 1;
	int parts = 1;

	if (n >= MIN_SPLIT) {
		uint64_t est = n * 2 / PART_KEYS + 1;
		parts = ss->threads * PARTS_PER_THREAD;
		if (est > (uint64_t)parts)
			parts = est > MAX_PARTS ? MAX_PARTS : (int)est;
	}
	uint64_t *bounds = xmalloc((size_t)(parts + 1) * sizeof *bounds);
	int k = 1;
	bounds[0] = 0;
	if (parts > 1) {
		size_t ns = (size_t)parts * SAMPLE_PER_PART, m = 0;
		uint64_t *sample = xmalloc(ns * (size_t)g->w * sizeof *sample);
		for (size_t s = 0; s < ns; s++) {
			uint64_t w = level_word(L, s * n / ns);
			if (w & 1)
				continue;
			uint64_t key = w >> 1;
			for (int c = 0; c < g->w; c++) {
				int shift = c * g->fb;
				uint64_t t = top_bit((key >> shift) & g->fmask);
				if (t != g->fulltop)
					sample[m++] = key +
					    ((t << shift) << mover_shift);
			}
		}
		qsort(sample, m, sizeof *sample, cmp_u64);
		for (int i = 1; i < parts && m > 0; i++) {
			uint64_t b = sample[(size_t)i * m / (size_t)parts];
			if (b > bounds[k - 1])
				bounds[k++] = b;
		}
		free(sample);
	}
	bounds[k] = NO_KEY;
	*bounds_out = bounds;
	return k;
}

/* Successors of `L` (ply `ply`) in [lo, hi), merged, each once, flagged. */
static bool
forward_part(struct statespace *ss, const struct level *L, int ply,
    uint64_t lo, uint64_t hi, struct part *out, uint64_t *terminal)
{
	const struct geo *g = &ss->g;
	const int mover_shift = (ply & 1) ? 0 : 1;
	struct stream st[BOARD_MAX_WIDTH];
	struct part_writer pw = { .fd = -1 };
	uint64_t n = level_size(L), fours = 0, since = 0;
	bool ok = true;

	for (int c = 0; c < g->w; c++) {
		uint64_t a = 0, b = n;
		while (a < b) {
			uint64_t mid = a + (b - a) / 2;
			if (succ_at_least(g, level_word(L, mid) >> 1, c,
				mover_shift, lo))
				b = mid;
			else
				a = mid + 1;
		}
		st[c].shift = c * g->fb;
		cursor_at(&st[c].cur, L, a);
		stream_fill(g, &st[c], mover_shift, hi);
	}
	for (;;) {
		uint64_t m = NO_KEY;
		for (int c = 0; c < g->w; c++)
			if (st[c].head < m)
				m = st[c].head;
		if (m == NO_KEY)
			break;
		bool four = mover_has_four(g, m, ply + 1);
		fours += four;
		if (!writer_put(ss, &pw, (m << 1) | four)) {
			ok = false;
			break;
		}
		for (int c = 0; c < g->w; c++) {
			if (st[c].head == m) {
				cursor_next(&st[c].cur);
				stream_fill(g, &st[c], mover_shift, hi);
			}
		}
		if (++since == STOP_EVERY) {
			since = 0;
			if (stopping(ss)) {
				ok = false;
				break;
			}
		}
	}
	if (!writer_finish(ss, &pw, out))
		ok = false;
	*terminal = fours;
	return ok;
}

static bool
forward_level(struct statespace *ss, int ply)
{
	const struct level *L = &ss->lv[ply];
	struct level *next = &ss->lv[ply + 1];
	uint64_t *bounds;
	uint64_t fours = 0;
	int n = choose_ranges(ss, L, ply, &bounds);

	next->nparts = n;
	next->parts = xcalloc((size_t)n, sizeof *next->parts);
#pragma omp parallel for num_threads(ss->threads) schedule(dynamic, 1) if (n > 1) \
    reduction(+ : fours)
	for (int i = 0; i < n; i++) {
		uint64_t t = 0;
		if (stopping(ss))
			continue;
		forward_part(ss, L, ply, bounds[i], bounds[i + 1],
		    &next->parts[i], &t);
		fours += t;
	}
	free(bounds);
	level_index(next);
	ss->rows[ply + 1].terminal = fours;
	return !stopping(ss);
}

/* ---- backward pass --------------------------------------------------- */

/* Values of one part of level `ply`, from the values of level ply + 1. */
static bool
backward_part(struct statespace *ss, int ply, struct part *p,
    uint64_t count[3])
{
	const struct geo *g = &ss->g;
	const struct level *next = &ss->lv[ply + 1];
	const int mover_shift = (ply & 1) ? 0 : 1;
	const int lost = loss_score(g, ply);
	struct cursor cur[BOARD_MAX_WIDTH];
	bool started[BOARD_MAX_WIDTH] = { false };

	if (!vals_alloc(ss, p))
		return false;
	for (size_t i = 0; i < p->n; i++) {
		uint64_t w = p->keys[i];
		int v;

		if ((i & (STOP_EVERY - 1)) == STOP_EVERY - 1 && stopping(ss))
			return false;
		if (w & 1) {
			v = lost;
		} else if (ply == g->cells) {
			v = 0;
		} else {
			uint64_t key = w >> 1;
			v = -127;
			for (int c = 0; c < g->w; c++) {
				int shift = c * g->fb;
				uint64_t t = top_bit((key >> shift) & g->fmask);
				if (t == g->fulltop)
					continue;
				uint64_t succ = key + ((t << shift) << mover_shift);
				struct cursor *k = &cur[c];
				if (!started[c]) {
					cursor_at(k, next,
					    level_lower_bound(next, succ));
					started[c] = true;
				}
				while (cursor_ok(k) &&
				    (k->keys[k->i] >> 1) < succ)
					cursor_next(k);
				if (!cursor_ok(k) || (k->keys[k->i] >> 1) != succ) {
					fail(ss, "internal error",
					    EINVAL); /* a missing successor */
					return false;
				}
				if (-k->vals[k->i] > v)
					v = -k->vals[k->i];
			}
		}
		p->vals[i] = (int8_t)v;
		count[v > 0 ? 0 : v == 0 ? 1 : 2]++;
	}
	return true;
}

static bool
backward_level(struct statespace *ss, int ply)
{
	struct level *L = &ss->lv[ply];
	uint64_t won = 0, drawn = 0, lost = 0;
	int n = L->nparts;

#pragma omp parallel for num_threads(ss->threads) schedule(dynamic, 1) if (n > 1) \
    reduction(+ : won, drawn, lost)
	for (int i = 0; i < n; i++) {
		uint64_t count[3] = { 0, 0, 0 };
		if (stopping(ss))
			continue;
		backward_part(ss, ply, &L->parts[i], count);
		won += count[0];
		drawn += count[1];
		lost += count[2];
	}
	ss->rows[ply].won = won;
	ss->rows[ply].drawn = drawn;
	ss->rows[ply].lost = lost;
	return !stopping(ss);
}

/* ---- the whole run ----------------------------------------------------- */

const char *
statespace_size_error(int w, int h)
{
	const char *why = board_size_error(w, h);
	if (why != NULL)
		return why;
	if (w * (h + 1) > STATESPACE_MAX_BITS)
		return "the state space needs width * (height + 1) <= 63";
	return NULL;
}

size_t
statespace_default_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	if (pages <= 0 || size <= 0)
		return (size_t)1 << 30;
	return (size_t)pages * (size_t)size / 2;
}

static void
row_parts(const struct level *L, struct statespace_ply *row)
{
	row->parts = L->nparts;
	row->parts_on_disk = 0;
	for (int i = 0; i < L->nparts; i++)
		row->parts_on_disk +=
		    L->parts[i].keys_mapped || L->parts[i].vals_mapped;
}

struct statespace *
statespace_run(const struct statespace_limits *lim, char *err, size_t errlen)
{
	struct statespace *ss = xcalloc(1, sizeof *ss);
	const char *why = statespace_size_error(lim->w, lim->h);
	bool ok = true;

	if (why != NULL) {
		snprintf(err, errlen, "%s", why);
		free(ss);
		return NULL;
	}
	geo_init(&ss->g, lim->w, lim->h);
	ss->threads = lim->threads > 0 ? lim->threads : 1;
	ss->budget = lim->memory_bytes;
	ss->tmpdir = lim->tmpdir;
	if (ss->tmpdir == NULL)
		ss->tmpdir = getenv("TMPDIR");
	if (ss->tmpdir == NULL || *ss->tmpdir == '\0')
		ss->tmpdir = "/tmp";
	ss->stop = lim->stop;
	atomic_flag_clear(&ss->err_set);
	ss->lv = xcalloc((size_t)ss->g.cells + 1, sizeof *ss->lv);
	ss->rows = xcalloc((size_t)ss->g.cells + 1, sizeof *ss->rows);

	/* Level 0: the empty board, in memory whatever the budget. */
	struct level *l0 = &ss->lv[0];
	l0->nparts = 1;
	l0->parts = xcalloc(1, sizeof *l0->parts);
	l0->parts[0].keys = xmalloc(sizeof *l0->parts[0].keys);
	l0->parts[0].keys[0] = ss->g.bottom << 1;
	l0->parts[0].n = 1;
	atomic_fetch_add(&ss->mem, sizeof(uint64_t));
	level_index(l0);

	int last = ss->g.cells;
	for (int ply = 0; ok && ply <= last; ply++) {
		double t0 = util_now_s();
		if (ply > 0) {
			ok = forward_level(ss, ply - 1);
			level_release(&ss->lv[ply - 1]);
		}
		struct statespace_ply *row = &ss->rows[ply];
		row->positions = level_size(&ss->lv[ply]);
		if (ply == last)
			row->terminal = row->positions;
		row_parts(&ss->lv[ply], row);
		row->forward_s = util_now_s() - t0;
		if (ok && lim->progress)
			lim->progress(lim->progress_arg, STATESPACE_FORWARD,
			    ply, row);
	}
	for (int ply = last; ok && ply >= 0; ply--) {
		double t0 = util_now_s();
		ok = backward_level(ss, ply);
		if (ply < last)
			level_release(&ss->lv[ply + 1]);
		struct statespace_ply *row = &ss->rows[ply];
		row_parts(&ss->lv[ply], row);
		row->backward_s = util_now_s() - t0;
		if (ok && lim->progress)
			lim->progress(lim->progress_arg, STATESPACE_BACKWARD,
			    ply, row);
	}
	if (!ok) {
		if (!atomic_load(&ss->failed))
			snprintf(err, errlen, "stopped");
		else
			snprintf(err, errlen, "%s", ss->err);
		statespace_free(ss);
		return NULL;
	}
	return ss;
}

void
statespace_free(struct statespace *ss)
{
	if (ss == NULL)
		return;
	for (int ply = 0; ply <= ss->g.cells; ply++) {
		struct level *L = &ss->lv[ply];
		for (int i = 0; i < L->nparts; i++)
			part_free(ss, &L->parts[i]);
		free(L->parts);
		free(L->first);
	}
	free(ss->lv);
	free(ss->rows);
	free(ss);
}

/* ---- queries ----------------------------------------------------------- */

int
statespace_width(const struct statespace *ss)
{
	return ss->g.w;
}

int
statespace_height(const struct statespace *ss)
{
	return ss->g.h;
}

const struct statespace_ply *
statespace_row(const struct statespace *ss, int ply)
{
	return &ss->rows[ply];
}

void
statespace_totals(const struct statespace *ss, struct statespace_ply *sum)
{
	memset(sum, 0, sizeof *sum);
	for (int ply = 0; ply <= ss->g.cells; ply++) {
		const struct statespace_ply *r = &ss->rows[ply];
		sum->positions += r->positions;
		sum->terminal += r->terminal;
		sum->won += r->won;
		sum->drawn += r->drawn;
		sum->lost += r->lost;
		sum->parts += r->parts;
		sum->parts_on_disk += r->parts_on_disk;
		sum->forward_s += r->forward_s;
		sum->backward_s += r->backward_s;
	}
}

size_t
statespace_peak_memory(const struct statespace *ss)
{
	return atomic_load(&((struct statespace *)ss)->peak);
}

uint64_t
statespace_disk_bytes(const struct statespace *ss)
{
	return atomic_load(&((struct statespace *)ss)->disk);
}

bool
statespace_lookup(const struct statespace *ss, const board_t *b, int *score)
{
	if (b->w != ss->g.w || b->h != ss->g.h || b->moves < 0 ||
	    b->moves > ss->g.cells)
		return false;
	const struct level *L = &ss->lv[b->moves];
	uint64_t key = board_to_key(b);
	uint64_t i = level_lower_bound(L, key);
	if (i >= level_size(L))
		return false;
	int p = level_part_of(L, i);
	const struct part *pt = &L->parts[p];
	size_t j = i - L->first[p];
	if ((pt->keys[j] >> 1) != key)
		return false;
	*score = pt->vals[j];
	return true;
}

int
statespace_each(const struct statespace *ss,
    int (*fn)(void *arg, const board_t *b, bool over, int score), void *arg)
{
	for (int ply = 0; ply <= ss->g.cells; ply++) {
		const struct level *L = &ss->lv[ply];
		for (int i = 0; i < L->nparts; i++) {
			const struct part *p = &L->parts[i];
			for (size_t j = 0; j < p->n; j++) {
				board_t b;
				key_board(&ss->g, p->keys[j] >> 1, ply, &b);
				bool over = (p->keys[j] & 1) || ply == ss->g.cells;
				int r = fn(arg, &b, over, p->vals[j]);
				if (r != 0)
					return r;
			}
		}
	}
	return 0;
}
