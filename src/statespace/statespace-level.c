/* statespace-level.c -- the level store of the state space: key geometry,
 * parts in memory or in unlinked files under the budget, cursors and
 * searches over a level's parts, and a level cut into parts (how many,
 * the bounds from a sample of successors) for the passes' tasks. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "statespace/statespace-int.h"
#include "statespace/statespace-level.h"
#include "core/util.h"

/* ---- geometry -------------------------------------------------------- */

void
ss_geo_init(struct geo *g, int w, int h)
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

/* True if the player who made the last of `ply` moves has four. */
bool
ss_mover_has_four(const struct geo *g, uint64_t key, int ply)
{
	uint64_t s = ss_sentinels(g, key);
	uint64_t p1 = key ^ s;
	uint64_t stones = (ply & 1) ? p1 : ((s - g->bottom) ^ p1);
	return board_has_four(stones, g->h);
}

void
ss_key_board(const struct geo *g, uint64_t key, int ply, board_t *b)
{
	uint64_t s = ss_sentinels(g, key);
	uint64_t p1 = key ^ s;

	board_init(b, g->w, g->h);
	b->mask = s - g->bottom;
	b->current = (ply & 1) ? (p1 ^ b->mask) : p1;
	b->moves = ply;
}

uint64_t
ss_board_to_key(const board_t *b)
{
	uint64_t p1 = (b->moves & 1) ? (b->current ^ b->mask) : b->current;
	return p1 + b->mask + b->bottom;
}

/* Value of a position whose last stone made four. */
int
ss_loss_score(const struct geo *g, int ply)
{
	return -((g->cells + 1 - (ply - 1)) / 2);
}

/* ---- errors, memory, files ------------------------------------------- */

void
ss_fail(struct statespace *ss, const char *what, int errnum)
{
	if (!atomic_flag_test_and_set(&ss->err_set))
		snprintf(ss->err, sizeof ss->err, "%s: %s", what,
		         strerror(errnum));
	atomic_store(&ss->failed, true);
}

bool
ss_stopping(struct statespace *ss)
{
	return atomic_load_explicit(&ss->failed, memory_order_relaxed) ||
	       search_stop_requested(ss->stop);
}

/* Reserve bytes of the budget; false (nothing reserved) if they do not fit. */
bool
ss_mem_take(struct statespace *ss, size_t bytes)
{
	size_t now = atomic_fetch_add(&ss->mem, bytes) + bytes;
	if (now > ss->budget) {
		atomic_fetch_sub(&ss->mem, bytes);
		return false;
	}
	size_t peak = atomic_load(&ss->peak);
	while (now > peak &&
	       !atomic_compare_exchange_weak(&ss->peak, &peak, now))
		;
	return true;
}

void
ss_mem_give(struct statespace *ss, size_t bytes)
{
	atomic_fetch_sub(&ss->mem, bytes);
}

/* A new file under tmpdir, unlinked at once: it goes when closed and
 * unmapped, whatever happens to the process. */
int
ss_tmp_file(struct statespace *ss)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/dropfour-level-XXXXXX", ss->tmpdir);
	int fd = mkstemp(path);
	if (fd < 0) {
		ss_fail(ss, ss->tmpdir, errno);
		return -1;
	}
	unlink(path);
	return fd;
}

bool
ss_write_all(struct statespace *ss, int fd, const void *buf, size_t len)
{
	if (util_write_all(fd, buf, len) != 0) {
		ss_fail(ss, "writing a level file", errno);
		return false;
	}
	atomic_fetch_add(&ss->disk, (uint64_t)len);
	return true;
}

void *
ss_map_file(struct statespace *ss, int fd, size_t len, bool writable)
{
	void *p = mmap(NULL, len, writable ? PROT_READ | PROT_WRITE : PROT_READ,
	               MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		ss_fail(ss, "mapping a level file", errno);
		return NULL;
	}
	madvise(p, len, MADV_SEQUENTIAL);
	return p;
}

bool
ss_writer_room(struct statespace *ss, struct part_writer *pw)
{
	if (pw->fd < 0) {
		size_t cap = pw->cap ? 2 * pw->cap : 1024;
		if (ss_mem_take(ss, (cap - pw->cap) * sizeof *pw->buf)) {
			pw->buf = xrealloc(pw->buf, cap * sizeof *pw->buf);
			pw->cap = cap;
			return true;
		}
		/* Over budget: this part goes to a file from now on (on
		 * failure it stays a part in memory, accounted as such). */
		pw->fd = ss_tmp_file(ss);
		if (pw->fd < 0)
			return false;
		ss_mem_give(ss, pw->cap * sizeof *pw->buf);
	}
	if (!ss_write_all(ss, pw->fd, pw->buf, pw->n * sizeof *pw->buf))
		return false;
	pw->total += pw->n;
	pw->n = 0;
	if (pw->cap < FILE_CHUNK) {
		pw->cap = FILE_CHUNK;
		pw->buf = xrealloc(pw->buf, pw->cap * sizeof *pw->buf);
	}
	return true;
}

/* Hand the finished keys over to the part (memory or mapped file). */
bool
ss_writer_finish(struct statespace *ss, struct part_writer *pw, struct part *p)
{
	bool ok = true;

	if (pw->fd < 0) {
		ss_mem_give(ss, (pw->cap - pw->n) * sizeof *pw->buf);
		p->keys = pw->n ? xrealloc(pw->buf, pw->n * sizeof *pw->buf)
		                : (free(pw->buf), NULL);
		p->n = pw->n;
		return true;
	}
	ok = ss_write_all(ss, pw->fd, pw->buf, pw->n * sizeof *pw->buf);
	free(pw->buf);
	p->n = pw->total + pw->n;
	if (ok && p->n > 0) {
		p->keys =
		    ss_map_file(ss, pw->fd, p->n * sizeof *p->keys, false);
		p->keys_mapped = p->keys != NULL;
		ok = p->keys_mapped;
	}
	close(pw->fd);
	return ok;
}

/* Room for a part's values: memory if the budget allows, else a file. */
bool
ss_vals_alloc(struct statespace *ss, struct part *p)
{
	if (p->n == 0)
		return true;
	if (ss_mem_take(ss, p->n)) {
		p->vals = xmalloc(p->n);
		return true;
	}
	int fd = ss_tmp_file(ss);
	if (fd < 0)
		return false;
	if (ftruncate(fd, (off_t)p->n) != 0) {
		ss_fail(ss, "sizing a value file", errno);
		close(fd);
		return false;
	}
	p->vals = ss_map_file(ss, fd, p->n, true);
	p->vals_mapped = p->vals != NULL;
	atomic_fetch_add(&ss->disk, p->n);
	close(fd);
	return p->vals_mapped;
}

void
ss_part_free(struct statespace *ss, struct part *p)
{
	if (p->keys_mapped)
		munmap(p->keys, p->n * sizeof *p->keys);
	else if (p->keys != NULL && !p->keys_shared) {
		free(p->keys);
		ss_mem_give(ss, p->n * sizeof *p->keys);
	}
	if (p->vals_mapped)
		munmap(p->vals, p->n);
	else if (p->vals != NULL && !p->vals_shared) {
		free(p->vals);
		ss_mem_give(ss, p->n);
	}
}

/* A pass is done with a level: drop its file pages from this process (they
 * stay in the page cache, clean or written back, until the kernel needs
 * the room), so the resident size follows the levels in use. */
void
ss_level_release(struct level *L)
{
	for (int i = 0; i < L->nparts; i++) {
		struct part *p = &L->parts[i];
		if (p->keys_mapped)
			madvise(p->keys, p->n * sizeof *p->keys, MADV_DONTNEED);
		if (p->vals_mapped)
			madvise(p->vals, p->n, MADV_DONTNEED);
	}
	if (L->keys_map)
		madvise(L->keys_map, L->keys_maplen, MADV_DONTNEED);
	if (L->vals_map)
		madvise(L->vals_map, L->vals_maplen, MADV_DONTNEED);
}

/* ---- reading a level --------------------------------------------------- */

void
ss_level_index(struct level *L)
{
	L->first = xmalloc((size_t)(L->nparts + 1) * sizeof *L->first);
	L->first[0] = 0;
	for (int i = 0; i < L->nparts; i++)
		L->first[i + 1] = L->first[i] + L->parts[i].n;
}

uint64_t
ss_level_size(const struct level *L)
{
	return L->first[L->nparts];
}

/* The part holding global index i (i < size). */
int
ss_level_part_of(const struct level *L, uint64_t i)
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

uint64_t
ss_level_word(const struct level *L, uint64_t i)
{
	int p = ss_level_part_of(L, i);
	return L->parts[p].keys[i - L->first[p]];
}

void
ss_cursor_load(struct cursor *c)
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

void
ss_cursor_at(struct cursor *c, const struct level *L, uint64_t i)
{
	c->L = L;
	if (i >= ss_level_size(L)) {
		c->part = L->nparts;
		c->n = c->i = 0;
		return;
	}
	c->part = ss_level_part_of(L, i);
	c->i = i - L->first[c->part];
	ss_cursor_load(c);
}

/* First index whose key is >= key. */
uint64_t
ss_level_lower_bound(const struct level *L, uint64_t key)
{
	uint64_t lo = 0, hi = ss_level_size(L);
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if ((ss_level_word(L, mid) >> 1) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* ---- a level cut into parts (the passes' tasks, in one process and
 * over ranks alike) ---------------------------------------------------- */

int
ss_parts_for(const struct statespace *ss, uint64_t parents, int ranks)
{
	if (parents < MIN_SPLIT)
		return ranks;
	uint64_t est = parents * 2 / PART_KEYS + 1;
	int parts = ss->threads * ranks * PARTS_PER_THREAD;
	if (est > (uint64_t)parts)
		parts = est > MAX_PARTS ? MAX_PARTS : (int)est;
	return parts;
}

size_t
ss_sample_successors(const struct statespace *ss, const struct level *L,
                     int ply, size_t ns, uint64_t *out)
{
	const struct geo *g = &ss->g;
	uint64_t n = ss_level_size(L);
	size_t m = 0;

	for (size_t s = 0; n > 0 && s < ns; s++) {
		uint64_t w = ss_level_word(L, s * n / ns);
		if (w & 1)
			continue;
		for (int c = 0; c < g->w; c++)
			m += ss_successor(g, w >> 1, c, ply, &out[m]);
	}
	return m;
}

int
ss_pick_bounds(uint64_t *sample, size_t m, int parts, uint64_t *bounds)
{
	int k = 1;

	bounds[0] = 0;
	qsort(sample, m, sizeof *sample, util_cmp_u64);
	for (int i = 1; i < parts && m > 0; i++) {
		uint64_t b = sample[(size_t)i * m / (size_t)parts];
		if (b > bounds[k - 1])
			bounds[k++] = b;
	}
	bounds[k] = NO_KEY;
	return k;
}
