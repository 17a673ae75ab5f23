/* tt.c -- the shared lock-free transposition table (see tt.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "tt.h"
#include "util.h"

#define CHECK_BITS 42
#define VALUE_SHIFT 12
#define MOVE_SHIFT 8
#define DEPTH_SHIFT 2

void
tt_init(struct tt *t, size_t mb, int key_bits)
{
	size_t bytes = (size_t)TT_MIN_MB << 20;
	if (mb < TT_MIN_MB)
		mb = TT_MIN_MB;
	while (bytes * 2 <= mb << 20)
		bytes *= 2;
	memset(t, 0, sizeof *t);
	t->bytes = bytes;
	t->nbuckets = bytes / (2 * sizeof(uint64_t));
	t->index_bits = __builtin_ctzll(t->nbuckets);
	t->key_bits = key_bits;
	/* 2 MB aligned and advised as huge pages: a probe is a random
	 * access into a large table, and TLB misses would dominate it.
	 * Every page is touched now, not at random during the first search. */
	void *p = NULL;
	if (posix_memalign(&p, (size_t)2 << 20, bytes) != 0 || p == NULL)
		p = xmalloc(bytes);
#ifdef MADV_HUGEPAGE
	madvise(p, bytes, MADV_HUGEPAGE);
#endif
	memset(p, 0, bytes);
	t->slot = p;
}

void
tt_free(struct tt *t)
{
	free(t->slot);
	t->slot = NULL;
}

void
tt_clear(struct tt *t, int key_bits)
{
	/* Atomic stores, not memset: a reader may be sampling the fill. */
	for (uint64_t i = 0; i < t->nbuckets * 2; i++)
		atomic_store_explicit(&t->slot[i], 0, memory_order_relaxed);
	t->key_bits = key_bits;
}

static inline void
locate(const struct tt *t, uint64_t key, _Atomic uint64_t **bucket,
    uint64_t *check)
{
	uint64_t x = tt_mix(key, t->key_bits);
	*bucket = &t->slot[2 * (x & (t->nbuckets - 1))];
	*check = ((x >> t->index_bits) & tt_low_mask(CHECK_BITS)) << 22;
}

static inline void
decode(uint64_t w, struct tt_entry *e)
{
	e->bound = (enum bound)(w & 3);
	e->depth = (int)((w >> DEPTH_SHIFT) & 63);
	e->move = (int)((w >> MOVE_SHIFT) & 15) - 1;
	e->value = (int)((w >> VALUE_SHIFT) & 1023) - 512;
}

bool
tt_probe(const struct tt *t, uint64_t key, struct tt_entry *e)
{
	_Atomic uint64_t *b;
	uint64_t check;
	locate(t, key, &b, &check);
	for (int i = 0; i < 2; i++) {
		uint64_t w = atomic_load_explicit(&b[i], memory_order_relaxed);
		if (w != 0 && (w & ~tt_low_mask(22)) == check) {
			decode(w, e);
			return true;
		}
	}
	return false;
}

void
tt_store(struct tt *t, uint64_t key, int value, enum bound bound, int depth,
    int move)
{
	_Atomic uint64_t *b;
	uint64_t check;
	locate(t, key, &b, &check);
	if (depth > TT_DEPTH_MAX)
		depth = TT_DEPTH_MAX;
	if (depth < 0)
		depth = 0;
	uint64_t w = check | ((uint64_t)(value + 512) << VALUE_SHIFT) |
	    ((uint64_t)(move + 1) << MOVE_SHIFT) |
	    ((uint64_t)depth << DEPTH_SHIFT) | (uint64_t)bound;
	/* Slot 0 keeps the entry with more work behind it (or the same
	 * position); slot 1 is always replaced. */
	uint64_t w0 = atomic_load_explicit(&b[0], memory_order_relaxed);
	int d0 = (int)((w0 >> DEPTH_SHIFT) & 63);
	if (w0 == 0 || (w0 & ~tt_low_mask(22)) == check || depth >= d0)
		atomic_store_explicit(&b[0], w, memory_order_relaxed);
	else
		atomic_store_explicit(&b[1], w, memory_order_relaxed);
}

static inline uint64_t
encode(uint64_t check, int value, enum bound bound, int depth, int move)
{
	return check | ((uint64_t)(value + 512) << VALUE_SHIFT) |
	    ((uint64_t)(move + 1) << MOVE_SHIFT) |
	    ((uint64_t)depth << DEPTH_SHIFT) | (uint64_t)bound;
}

void
tt_store_solved(struct tt *t, uint64_t key, int value, enum bound bound,
    int work, int move)
{
	_Atomic uint64_t *b;
	uint64_t check;
	locate(t, key, &b, &check);
	if (work > TT_DEPTH_MAX)
		work = TT_DEPTH_MAX;
	uint64_t w[2];
	int slot = -1;
	for (int i = 0; i < 2; i++) {
		w[i] = atomic_load_explicit(&b[i], memory_order_relaxed);
		if (w[i] != 0 && (w[i] & ~tt_low_mask(22)) == check)
			slot = i;
	}
	if (slot >= 0) {
		struct tt_entry old;
		decode(w[slot], &old);
		if (old.bound == BOUND_EXACT)
			return;
		if (old.depth > work)
			work = old.depth;
		if (old.bound != bound) {
			/* Opposite bounds that meet pin the value. */
			if ((bound == BOUND_UPPER && old.value >= value) ||
			    (bound == BOUND_LOWER && old.value <= value)) {
				if (bound == BOUND_UPPER && old.move >= 0)
					move = old.move;
				bound = BOUND_EXACT;
			}
		} else if (bound == BOUND_UPPER ? old.value <= value :
						  old.value >= value) {
			return; /* what is stored is at least as tight */
		}
	} else {
		int d0 = (int)((w[0] >> DEPTH_SHIFT) & 63);
		int d1 = (int)((w[1] >> DEPTH_SHIFT) & 63);
		slot = w[0] == 0 ? 0 : w[1] == 0 ? 1 : d1 <= d0 ? 1 : 0;
	}
	atomic_store_explicit(&b[slot], encode(check, value, bound, work, move),
	    memory_order_relaxed);
}

double
tt_fill(const struct tt *t)
{
	const uint64_t n = 8192; /* contiguous: the hash spreads uniformly */
	uint64_t used = 0;
	for (uint64_t i = 0; i < n; i++)
		used += atomic_load_explicit(&t->slot[i],
			    memory_order_relaxed) != 0;
	return (double)used / (double)n;
}
