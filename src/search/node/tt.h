/* tt.h -- the shared, lock-free transposition table.
 *
 * One `_Atomic uint64_t` per entry, two entries per bucket (one kept by
 * amount of work, one always replaced).  The memory (struct tt, tt_init())
 * is the same for both widths of the search; the keys, the entry layout
 * and the probe below are those of the file's BOARD_BITS (core/board.h).
 *
 * Boards of at most 64 bits: a position key is first mixed by a bijection
 * on the board's key bits; the low bits of the mix pick the bucket and the
 * high bits are stored beside the value, so a hit is exact for every board
 * whose key has at most (index bits + 42) bits: keys up to 58 bits (7x6's
 * 49 among them) in the smallest table (1 MB, 16 index bits), every board
 * of 64 bits in a table of 64 MB (22 index bits) and up, the default
 * 256 MB among them.  A table that
 * grows (tt_init_floor()) counts the index bits of its floor: the big
 * table's floor of 64 MB (TT_FLOOR_MB, settings.h) keeps every 64-bit
 * key exact at any size; the
 * 256 kB floor of the leaf table (14 bits) is exact up to 56 key bits,
 * 7x6's 49 among them; above that a false hit needs two keys equal in 56
 * bits of their mix.
 *
 * Boards of more than 64 bits (the 128-bit search): the key cannot be
 * kept, so the table keeps a hash of it.  Two independent 64-bit mixes of
 * the 128-bit key: the first picks the bucket, 41 bits of the second are
 * the check.  A probe of a position that is not in the table reads two
 * entries, and each matches by chance with odds 2^-41, so a false hit
 * comes about once in 2^40 (10^12) probes that miss, whatever the table's
 * size; a solve of 10^10 nodes runs a chance of about 1 in 100 of one
 * false hit somewhere, which may (but need not) change its result.  The
 * 64-bit search has no such risk; docs/solver.md says which boards use
 * which.
 *
 * Entry layout (low to high): bound 2 bits, depth/work 6, move+1 4 (5 for
 * the 128-bit search, whose boards have up to 16 columns), value+512 10,
 * key check 42 (41).  An all-zero word is an empty entry.  Relaxed loads
 * and stores only: a torn read is impossible because the whole entry is
 * one word.
 */
#ifndef DROPFOUR_TT_H
#define DROPFOUR_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/board.h"
#include "core/util.h"

enum bound {
	BOUND_NONE = 0,
	BOUND_LOWER = 1, /* the true value is >= value */
	BOUND_UPPER = 2, /* the true value is <= value */
	BOUND_EXACT = 3,
};

#define TT_VALUE_MIN  (-511)
#define TT_VALUE_MAX  511
#define TT_DEPTH_MAX  63
#define TT_DEFAULT_MB 256
#define TT_MIN_MB     1

struct tt_entry {
	int value;
	enum bound bound;
	int depth; /* remaining depth, or log2 of the work in exact mode */
	int move;  /* best or refuting column, -1 if none */
};

struct tt {
	_Atomic uint64_t *slot;
	/* Buckets in use: a power of two from 1 << index_bits up to cap.  A
	 * table that grows with the search (tt_init_floor()) starts each
	 * search small, so that a small search stays in the cache.  Atomic:
	 * the threads that share a table may widen it during a search. */
	_Atomic uint64_t nbuckets;
	/* The most buckets in use since the table was last emptied: what a
	 * clear has to empty, and the part of the table whose pages the
	 * searches have touched. */
	_Atomic uint64_t widest;
	uint64_t cap;   /* buckets allocated */
	int index_bits; /* log2 of the fewest buckets used: the check's start */
	int key_bits;   /* width * (height + 1) of the board it serves */
	int mix_shift;  /* tt_mix()'s shift and mask for key_bits, */
	uint64_t key_mask; /* kept beside it (tt_set_key_bits()) */
	size_t bytes;
	bool external; /* memory of someone else's (tt_init_at()): not freed */
};

/* Allocate a table of about `mb` megabytes (rounded down to a power of
 * two, at least TT_MIN_MB) for keys of `key_bits` bits.  False, with
 * nothing allocated, when there is no memory for it. */
bool tt_init(struct tt *t, size_t mb, int key_bits);
/* A table that grows, or false (and nothing allocated) when there is no
 * memory: it uses `floor_bytes` (a power of two, at least one bucket;
 * 0: all of it) until tt_grow() widens it, up to `mb` megabytes. */
bool tt_init_floor(struct tt *t, size_t mb, size_t floor_bytes, int key_bits);
/* A table in memory that the caller owns (`bytes` of tt_bytes(), zero or
 * holding entries of the same kind): a table that other processes map too
 * (search_share_table()).  tt_free() leaves the memory alone. */
void tt_init_at(struct tt *t, void *mem, size_t bytes, int key_bits);
/* Bytes of the table that tt_init() makes for `mb` megabytes. */
size_t tt_bytes(size_t mb);
void tt_free(struct tt *t);
/* Empty every entry (and adopt a new key width). */
void tt_clear(struct tt *t, int key_bits);
/* Empty slots [from, to) of t (a stop may come between such ranges);
 * tt_slots() is how many there are. */
void tt_clear_range(struct tt *t, uint64_t from, uint64_t to);
uint64_t tt_slots(const struct tt *t);
/* Slots [0, tt_used_slots()) are all that may hold entries (a table that
 * grows has used no more since it was last emptied); tt_restart(), once
 * they are empty, takes it back to its floor. */
uint64_t tt_used_slots(const struct tt *t);
void tt_restart(struct tt *t);
WIDTH_FN void tt_store(struct tt *t, bb_t key, int value, enum bound bound,
                       int depth, int move);
/* Store for the exact solver, where every value is a proven bound: a bound
 * never replaces an exact entry of the same position, a bound that meets
 * the stored opposite bound makes it exact, a looser bound of the same kind
 * is dropped, and a new position takes the slot with less work behind it.
 * `depth` is the work (log2 of the nodes). */
static inline uint64_t
tt_low_mask(int bits)
{
	return bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1) << bits) - 1;
}

/* A bijection on the bits of mask m (the low ones): xor-shifts by s and
 * odd multipliers. */
static inline uint64_t
tt_mix_with(uint64_t x, uint64_t m, int s)
{
	x ^= x >> s;
	x = (x * 0xbf58476d1ce4e5b9ull) & m;
	x ^= x >> s;
	x = (x * 0x94d049bb133111ebull) & m;
	x ^= x >> s;
	return x;
}

/* The same on the low `bits` bits. */
static inline uint64_t
tt_mix(uint64_t x, int bits)
{
	return tt_mix_with(x, tt_low_mask(bits), bits / 2);
}

/* The table serves keys of `bits` bits from now on. */
static inline void
tt_set_key_bits(struct tt *t, int bits)
{
	t->key_bits = bits;
	t->key_mask = tt_low_mask(bits);
	t->mix_shift = bits / 2;
}

/* ---- inline: the probe and the solver's store, on every node ---- */

/* The fields of an entry word, low to high (see the top of this file). */
#define TT_BOUND_BITS 2
#define TT_DEPTH_BITS 6
#if BOARD_BITS == 64
/* move + 1 <= BOARD_SMALL_MAX_WIDTH (12) fits 4 bits. */
#define TT_MOVE_BITS  4
#define TT_CHECK_BITS 42
#else
#define TT_MOVE_BITS  5
#define TT_CHECK_BITS 41
#endif
#define TT_VALUE_BITS  10
#define TT_DEPTH_SHIFT TT_BOUND_BITS
#define TT_MOVE_SHIFT  (TT_DEPTH_SHIFT + TT_DEPTH_BITS)
#define TT_VALUE_SHIFT (TT_MOVE_SHIFT + TT_MOVE_BITS)
#define TT_CHECK_SHIFT (TT_VALUE_SHIFT + TT_VALUE_BITS)
/* Stored values are value + TT_VALUE_BIAS, so that they are never negative. */
#define TT_VALUE_BIAS (1 << (TT_VALUE_BITS - 1))
/* Entries per bucket: slot 0 kept by work, slot 1 always replaced. */
#define TT_BUCKET_SLOTS 2

_Static_assert(TT_CHECK_SHIFT + TT_CHECK_BITS == 64, "an entry is one word");
_Static_assert((BOARD_BITS == 64 ? BOARD_SMALL_MAX_WIDTH : BOARD_MAX_WIDTH) <
                   (1 << TT_MOVE_BITS),
               "columns fit as move + 1 (0 stands for no move)");
_Static_assert(BOUND_EXACT < (1 << TT_BOUND_BITS), "bounds fit");
_Static_assert(TT_DEPTH_MAX < (1 << TT_DEPTH_BITS), "depths fit");
_Static_assert(TT_VALUE_MIN + TT_VALUE_BIAS >= 0 &&
                   TT_VALUE_MAX + TT_VALUE_BIAS < (1 << TT_VALUE_BITS),
               "values fit");

/* Bits [shift, shift + bits) of w. */
static inline uint64_t
tt_field(uint64_t w, int shift, int bits)
{
	return (w >> shift) & tt_low_mask(bits);
}

#if BOARD_BITS == 64
static inline void
tt_locate(const struct tt *t, bb_t key, _Atomic uint64_t **bucket,
          uint64_t *check)
{
	uint64_t x = tt_mix_with(key, t->key_mask, t->mix_shift);
	const uint64_t n =
	    atomic_load_explicit(&t->nbuckets, memory_order_relaxed);
	*bucket = &t->slot[TT_BUCKET_SLOTS * (x & (n - 1))];
	*check = tt_field(x, t->index_bits, TT_CHECK_BITS) << TT_CHECK_SHIFT;
}
#else
/* Keys of more than 64 bits: the bucket from one hash of the key, the
 * check from another (the odds of a false hit are at the top of this
 * file). */
static inline void
tt_locate(const struct tt *t, bb_t key, _Atomic uint64_t **bucket,
          uint64_t *check)
{
	const uint64_t lo = (uint64_t)key, hi = (uint64_t)(key >> 64);
	const uint64_t x =
	    util_mix64(lo ^ util_mix64(hi ^ 0x9e3779b97f4a7c15ull));
	const uint64_t y =
	    util_mix64(hi ^ util_mix64(lo + 0x632be59bd9b4e019ull));
	const uint64_t n =
	    atomic_load_explicit(&t->nbuckets, memory_order_relaxed);
	*bucket = &t->slot[TT_BUCKET_SLOTS * (x & (n - 1))];
	*check = (y >> (64 - TT_CHECK_BITS)) << TT_CHECK_SHIFT;
}
#endif

static inline void
tt_decode(uint64_t w, struct tt_entry *e)
{
	e->bound = (enum bound)tt_field(w, 0, TT_BOUND_BITS);
	e->depth = (int)tt_field(w, TT_DEPTH_SHIFT, TT_DEPTH_BITS);
	e->move = (int)tt_field(w, TT_MOVE_SHIFT, TT_MOVE_BITS) - 1;
	e->value =
	    (int)tt_field(w, TT_VALUE_SHIFT, TT_VALUE_BITS) - TT_VALUE_BIAS;
}

/* One entry word. */
static inline uint64_t
tt_encode(uint64_t check, int value, enum bound bound, int depth, int move)
{
	return check | ((uint64_t)(value + TT_VALUE_BIAS) << TT_VALUE_SHIFT) |
	       ((uint64_t)(move + 1) << TT_MOVE_SHIFT) |
	       ((uint64_t)depth << TT_DEPTH_SHIFT) | (uint64_t)bound;
}

/* Whether entry word w is the position whose check is `check`. */
static inline bool
tt_holds(uint64_t w, uint64_t check)
{
	return (w != 0) & ((w & ~tt_low_mask(TT_CHECK_SHIFT)) == check);
}

/* The probe of a bucket already located (tt_locate()).  Both slots are
 * read and the match picked without a branch: which slot holds the
 * position, if any, is what a branch predictor cannot guess. */
static inline bool
tt_probe_at(_Atomic uint64_t *b, uint64_t check, struct tt_entry *e)
{
	_Static_assert(TT_BUCKET_SLOTS == 2, "the probe reads two slots");
	const uint64_t w0 = atomic_load_explicit(&b[0], memory_order_relaxed);
	const uint64_t w1 = atomic_load_explicit(&b[1], memory_order_relaxed);
	const bool m0 = tt_holds(w0, check);
	const bool m1 = tt_holds(w1, check);
	tt_decode(m0 ? w0 : w1, e);
	return m0 | m1;
}

static inline bool
tt_probe(const struct tt *t, bb_t key, struct tt_entry *e)
{
	_Atomic uint64_t *b;
	uint64_t check;
	tt_locate(t, key, &b, &check);
	return tt_probe_at(b, check, e);
}

static inline __attribute__((always_inline)) void
tt_store_solved_at(_Atomic uint64_t *b, uint64_t check, int value,
                   enum bound bound, int work, int move)
{
	if (work > TT_DEPTH_MAX)
		work = TT_DEPTH_MAX;
	uint64_t w[TT_BUCKET_SLOTS];
	int slot = -1;
	for (int i = 0; i < TT_BUCKET_SLOTS; i++) {
		w[i] = atomic_load_explicit(&b[i], memory_order_relaxed);
		if (tt_holds(w[i], check))
			slot = i;
	}
	if (slot >= 0) {
		struct tt_entry old;
		tt_decode(w[slot], &old);
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
		} else if (bound == BOUND_UPPER ? old.value <= value
		                                : old.value >= value) {
			return; /* what is stored is at least as tight */
		}
	} else {
		int d0 = (int)tt_field(w[0], TT_DEPTH_SHIFT, TT_DEPTH_BITS);
		int d1 = (int)tt_field(w[1], TT_DEPTH_SHIFT, TT_DEPTH_BITS);
		slot = w[0] == 0 ? 0 : w[1] == 0 ? 1 : d1 <= d0 ? 1 : 0;
	}
	atomic_store_explicit(&b[slot],
	                      tt_encode(check, value, bound, work, move),
	                      memory_order_relaxed);
}

static inline void
tt_store_solved(struct tt *t, bb_t key, int value, enum bound bound, int work,
                int move)
{
	_Atomic uint64_t *b;
	uint64_t check;
	tt_locate(t, key, &b, &check);
	tt_store_solved_at(b, check, value, bound, work, move);
}

/* widest takes in n buckets in use. */
static inline void
tt_note_width(struct tt *t, uint64_t n)
{
	uint64_t w = atomic_load_explicit(&t->widest, memory_order_relaxed);
	while (w < n && !atomic_compare_exchange_weak_explicit(
	                    &t->widest, &w, n, memory_order_relaxed,
	                    memory_order_relaxed))
		;
}

/* Back to the fewest buckets (between searches: the entries of the rest
 * stay, found again when the table grows). */
static inline void
tt_shrink(struct tt *t)
{
	atomic_store_explicit(&t->nbuckets, (uint64_t)1 << t->index_bits,
	                      memory_order_relaxed);
}

/* Widen the table while a search of `nodes` nodes has more than
 * `per_bucket` nodes for each bucket in use.  Entries keep their check
 * (it starts at index_bits), so a wider table never misreads one; half of
 * those stored at the old width are found at the new one.  The threads
 * sharing the table may call this at once: it only ever widens, and a
 * thread that still locates at the old width just misses. */
static inline void
tt_grow(struct tt *t, uint64_t nodes, uint64_t per_bucket)
{
	uint64_t n = atomic_load_explicit(&t->nbuckets, memory_order_relaxed);
	uint64_t want = n;
	while (want < t->cap && nodes > want * per_bucket)
		want *= 2;
	if (want == n)
		return; /* the poll's usual case: nothing to widen or note */
	while (want > n && !atomic_compare_exchange_weak_explicit(
	                       &t->nbuckets, &n, want, memory_order_relaxed,
	                       memory_order_relaxed))
		;
	tt_note_width(t, want);
}

/* Growth by fill (the big table, made with a floor: tt_init_floor()):
 * a search thread looks now and then at the first slot of one bucket in
 * use, picked by `r` (any well-mixed number); once it has looked at
 * `samples` of them and found more than `full_pct` percent taken, the
 * table doubles.  *seen and *used are the thread's own tally (zero to
 * start); a table at its full size costs no look.  What a search stores
 * here depends on the search (the exact solver only its positions far
 * from the end), so the fill, not the number of nodes, says when the
 * table is too small. */
static inline void
tt_sample_grow(struct tt *t, uint64_t r, uint32_t *seen, uint32_t *used,
               uint32_t samples, uint32_t full_pct)
{
	const uint64_t n =
	    atomic_load_explicit(&t->nbuckets, memory_order_relaxed);
	if (n >= t->cap)
		return;
	*used += atomic_load_explicit(&t->slot[TT_BUCKET_SLOTS * (r & (n - 1))],
	                              memory_order_relaxed) != 0;
	if (++*seen < samples)
		return;
	if (*used * 100 > *seen * full_pct)
		tt_grow(t, 2 * n, 1);
	*seen = *used = 0;
}

/* Fraction of used entries, estimated from a fixed sample. */
double tt_fill(const struct tt *t);

#endif
