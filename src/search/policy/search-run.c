/* search-run.c -- the public entry of the search: search_run() hands a
 * board of at most 64 bits to the 64-bit search, then runs the move's
 * policy (search-prove.c) and the practical choice among equals
 * (search-traps.c); search_solve(), the plainest search.
 *
 * Compiled once for each width of board (core/board.h): as it is, and by
 * src/bits64/search-run.c for the boards of at most 64 bits.
 */
#include "config.h"

#include "search/node/search-int.h"

/* The public entry: the width, the policy, the traps. */
void
search_run(struct search *s, const board_t *b, const struct search_limits *lim,
           struct search_result *r)
{
#if BOARD_BITS == 128
	/* A board of at most 64 bits: the 64-bit search. */
	if (board_is_small(b->w, b->h) && !s->wide_only) {
		board64_t b64;
		board_to64(b, &b64);
		search_run64(s, &b64, lim, r);
		return;
	}
#endif
	search_play(s, b, lim, r);
	search_set_traps(s, b, lim, r);
}

#if BOARD_BITS == 128
int
search_solve(struct search *s, const board_t *b, bool weak, uint64_t *nodes)
{
	struct search_limits lim;
	struct search_result r;
	search_limits_default(&lim);
	lim.mode = weak ? SEARCH_WEAK : SEARCH_EXACT;
	lim.threads = 1;
	search_run(s, b, &lim, &r);
	if (nodes)
		*nodes = r.nodes;
	return r.score;
}
#endif
