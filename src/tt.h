/* tt.h -- the shared, lock-free transposition table.
 *
 * One `_Atomic uint64_t` per entry, two entries per bucket (one kept by
 * amount of work, one always replaced).  A position key is first mixed by a
 * bijection on the board's key bits; the low bits of the mix pick the
 * bucket and the high bits are stored beside the value, so a hit is exact
 * for every board whose key has at most (index bits + 42) bits, which is
 * every board at any table size of 8 MB and up except 8x7 below 32 MB.
 *
 * Entry layout (low to high): bound 2 bits, depth/work 6, move+1 4,
 * value+512 10, key check 42.  An all-zero word is an empty entry.
 * Relaxed loads and stores only: a torn read is impossible because the
 * whole entry is one word.
 */
#ifndef DROPFOUR_TT_H
#define DROPFOUR_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum bound {
	BOUND_NONE = 0,
	BOUND_LOWER = 1, /* the true value is >= value */
	BOUND_UPPER = 2, /* the true value is <= value */
	BOUND_EXACT = 3,
};

#define TT_VALUE_MIN (-511)
#define TT_VALUE_MAX 511
#define TT_DEPTH_MAX 63
#define TT_DEFAULT_MB 256
#define TT_MIN_MB 1

struct tt_entry {
	int value;
	enum bound bound;
	int depth; /* remaining depth, or log2 of the work in exact mode */
	int move;  /* best or refuting column, -1 if none */
};

struct tt {
	_Atomic uint64_t *slot;
	uint64_t nbuckets; /* a power of two */
	int index_bits;
	int key_bits; /* width * (height + 1) of the board it serves */
	size_t bytes;
};

/* Allocate a table of about `mb` megabytes (rounded down to a power of
 * two, at least TT_MIN_MB) for keys of `key_bits` bits; exits with a
 * clear message when there is no memory for it. */
void tt_init(struct tt *t, size_t mb, int key_bits);
/* The same, but false (and nothing allocated) when there is no memory. */
bool tt_try_init(struct tt *t, size_t mb, int key_bits);
/* Bytes of the table that tt_init() makes for `mb` megabytes. */
size_t tt_bytes(size_t mb);
void tt_free(struct tt *t);
/* Empty every entry (and adopt a new key width). */
void tt_clear(struct tt *t, int key_bits);
bool tt_probe(const struct tt *t, uint64_t key, struct tt_entry *e);
void tt_store(struct tt *t, uint64_t key, int value, enum bound bound,
    int depth, int move);
static inline uint64_t
tt_low_mask(int bits)
{
	return bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1) << bits) - 1;
}

/* A bijection on the low `bits` bits: xor-shifts and odd multipliers. */
static inline uint64_t
tt_mix(uint64_t x, int bits)
{
	const uint64_t m = tt_low_mask(bits);
	const int s = bits / 2;
	x ^= x >> s;
	x = (x * 0xbf58476d1ce4e5b9ull) & m;
	x ^= x >> s;
	x = (x * 0x94d049bb133111ebull) & m;
	x ^= x >> s;
	return x;
}

/* Start loading the bucket of `key` into the cache. */
static inline void
tt_prefetch(const struct tt *t, uint64_t key)
{
	uint64_t x = tt_mix(key, t->key_bits);
	__builtin_prefetch((const void *)&t->slot[2 * (x & (t->nbuckets - 1))]);
}

/* Fraction of used entries, estimated from a fixed sample. */
double tt_fill(const struct tt *t);

#endif
