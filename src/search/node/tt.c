/* tt.c -- the shared lock-free transposition table (see tt.h): its memory,
 * its clearing and its fill (the depth-limited search's store, compiled
 * for each width, is in tt-store.c). */
#include "config.h"

#include <assert.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/board.h"
#include "search/node/tt.h"
#include "core/util.h"

/* Entries tt_fill() samples, in FILL_RUNS runs of contiguous slots (the
 * hash spreads uniformly; a run reads whole cache lines). */
#define FILL_SAMPLE 8192
#define FILL_RUNS   128

size_t
tt_bytes(size_t mb)
{
	size_t bytes = (size_t)TT_MIN_MB << 20;
	if (mb < TT_MIN_MB)
		mb = TT_MIN_MB;
	if (mb > SIZE_MAX >> 21)
		mb = SIZE_MAX >> 21;
	while (bytes * 2 <= mb << 20)
		bytes *= 2;
	return bytes;
}

/* Memory for a table: 2 MB aligned and advised as huge pages (a probe is a
 * random access into a large table, and TLB misses would dominate it), and
 * zero, as fresh anonymous memory is.  Nothing is written here: the kernel
 * zeroes a page when the search first touches it, so a small search pays
 * for the few pages it uses, not for the whole table (writing zeros over
 * the 256 MB default took longer than solving a thousand late positions).
 * NULL when there is no memory. */
static void *
table_alloc(size_t bytes)
{
	const size_t align = (size_t)2 << 20;
	const size_t len = bytes + align;
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	const size_t head = (align - (uintptr_t)p % align) % align;
	if (head > 0)
		munmap(p, head);
	munmap(p + head + bytes, len - head - bytes);
#ifdef MADV_HUGEPAGE
	madvise(p + head, bytes, MADV_HUGEPAGE);
#endif
	return p + head;
}

bool
tt_init_floor(struct tt *t, size_t mb, size_t floor_bytes, int key_bits)
{
	const size_t bucket = TT_BUCKET_SLOTS * sizeof(uint64_t);
	size_t bytes = tt_bytes(mb);
	assert(t != NULL);
	/* a power of two, at least one bucket, or 0 */
	assert(floor_bytes == 0 || (floor_bytes >= bucket &&
	                            (floor_bytes & (floor_bytes - 1)) == 0));
	assert(key_bits >= 1 && key_bits <= 128);
	memset(t, 0, sizeof *t);
	t->bytes = bytes;
	t->cap = bytes / bucket;
	t->nbuckets = t->cap;
	while (floor_bytes >= bucket && t->nbuckets / 2 * bucket >= floor_bytes)
		t->nbuckets /= 2;
	t->index_bits = __builtin_ctzll(t->nbuckets);
	t->widest = t->nbuckets;
	tt_set_key_bits(t, key_bits);
	void *p = table_alloc(bytes);
	if (p == NULL)
		return false;
	t->slot = p;
	return true;
}

bool
tt_init(struct tt *t, size_t mb, int key_bits)
{
	return tt_init_floor(t, mb, 0, key_bits);
}

void
tt_init_at(struct tt *t, void *mem, size_t bytes, int key_bits)
{
	const size_t bucket = TT_BUCKET_SLOTS * sizeof(uint64_t);
	assert(mem != NULL && bytes >= bucket && (bytes & (bytes - 1)) == 0);
	memset(t, 0, sizeof *t);
	t->bytes = bytes;
	t->cap = bytes / bucket;
	t->nbuckets = t->cap;
	t->index_bits = __builtin_ctzll(t->nbuckets);
	t->widest = t->nbuckets;
	t->external = true;
	tt_set_key_bits(t, key_bits);
	t->slot = mem;
}

void
tt_free(struct tt *t)
{
	if (t->slot != NULL && !t->external)
		munmap((void *)t->slot, t->bytes);
	t->slot = NULL;
}

void
tt_clear(struct tt *t, int key_bits)
{
	/* Atomic stores, not memset: a reader may be sampling the fill. */
	tt_clear_range(t, 0, tt_used_slots(t));
	tt_restart(t);
	tt_set_key_bits(t, key_bits);
}

uint64_t
tt_used_slots(const struct tt *t)
{
	return atomic_load_explicit(&t->widest, memory_order_relaxed) *
	       TT_BUCKET_SLOTS;
}

void
tt_restart(struct tt *t)
{
	tt_shrink(t);
	atomic_store_explicit(&t->widest, (uint64_t)1 << t->index_bits,
	                      memory_order_relaxed);
}

void
tt_clear_range(struct tt *t, uint64_t from, uint64_t to)
{
	assert(from <= to && to <= t->cap * TT_BUCKET_SLOTS);
	for (uint64_t i = from; i < to; i++)
		atomic_store_explicit(&t->slot[i], 0, memory_order_relaxed);
}

uint64_t
tt_slots(const struct tt *t)
{
	return t->cap * TT_BUCKET_SLOTS;
}

double
tt_fill(const struct tt *t)
{
	/* FILL_RUNS runs of FILL_SAMPLE / FILL_RUNS slots spread evenly over
	 * the part a growing table has used (the rest holds nothing), so
	 * that a table just widened is not judged by its old part alone. */
	const uint64_t used_slots = tt_used_slots(t);
	const uint64_t run = FILL_SAMPLE / FILL_RUNS;
	const uint64_t step = used_slots / FILL_RUNS;
	uint64_t used = 0, seen = 0;
	for (uint64_t r = 0; r < FILL_RUNS; r++) {
		for (uint64_t i = 0; i < run && i < step; i++) {
			used += atomic_load_explicit(&t->slot[r * step + i],
			                             memory_order_relaxed) != 0;
			seen++;
		}
	}
	if (seen == 0)
		return 0;
	return (double)used / (double)seen * (double)used_slots /
	       (double)(t->cap * TT_BUCKET_SLOTS);
}
