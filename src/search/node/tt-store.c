/* tt-store.c -- the depth-limited search's store into the transposition
 * table (tt.h): compiled for each width of the search, as it is for the
 * 128-bit one and inside search/search64.c for the boards of at most 64
 * bits (the key and the entry's fields are the width's). */
#include "config.h"

#include <assert.h>

#include <stdint.h>

#include "core/board.h"
#include "search/node/tt.h"

void
tt_store(struct tt *t, bb_t key, int value, enum bound bound, int depth,
         int move)
{
	_Atomic uint64_t *b;
	uint64_t check;
	assert(move >= -1 && move < BOARD_MAX_WIDTH);
	assert(bound == BOUND_LOWER || bound == BOUND_UPPER ||
	       bound == BOUND_EXACT);
	tt_locate(t, key, &b, &check);
	if (depth > TT_DEPTH_MAX)
		depth = TT_DEPTH_MAX;
	if (depth < 0)
		depth = 0;
	uint64_t w = tt_encode(check, value, bound, depth, move);
	/* Slot 0 keeps the entry with more work behind it (or the same
	 * position); slot 1 is always replaced. */
	uint64_t w0 = atomic_load_explicit(&b[0], memory_order_relaxed);
	int d0 = (int)tt_field(w0, TT_DEPTH_SHIFT, TT_DEPTH_BITS);
	if (w0 == 0 || tt_holds(w0, check) || depth >= d0)
		atomic_store_explicit(&b[0], w, memory_order_relaxed);
	else
		atomic_store_explicit(&b[1], w, memory_order_relaxed);
}
