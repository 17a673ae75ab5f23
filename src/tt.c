/* tt.c -- the shared lock-free transposition table (see tt.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tt.h"
#include "util.h"

#define CHECK_BITS 42
#define VALUE_SHIFT 12
#define MOVE_SHIFT 8
#define DEPTH_SHIFT 2

static inline uint64_t
low_mask(int bits)
{
	return bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1) << bits) - 1;
}

/* A bijection on the low key_bits bits: xor-shifts and odd multipliers. */
static inline uint64_t
mix(uint64_t x, int bits)
{
	const uint64_t m = low_mask(bits);
	const int s = bits / 2;
	x ^= x >> s;
	x = (x * 0xbf58476d1ce4e5b9ull) & m;
	x ^= x >> s;
	x = (x * 0x94d049bb133111ebull) & m;
	x ^= x >> s;
	return x;
}

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
	/* Touch every page now, not at random during the first search. */
	t->slot = xmalloc(bytes);
	memset((void *)t->slot, 0, bytes);
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
	uint64_t x = mix(key, t->key_bits);
	*bucket = &t->slot[2 * (x & (t->nbuckets - 1))];
	*check = ((x >> t->index_bits) & low_mask(CHECK_BITS)) << 22;
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
		if (w != 0 && (w & ~low_mask(22)) == check) {
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
	if (w0 == 0 || (w0 & ~low_mask(22)) == check || depth >= d0)
		atomic_store_explicit(&b[0], w, memory_order_relaxed);
	else
		atomic_store_explicit(&b[1], w, memory_order_relaxed);
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
