/* search-limits.c -- the limits of a search: the sub-searches' limits,
 * built from their parent's (one constructor for each kind of
 * sub-search) and the limits in words.
 *
 * Nothing here depends on the width of the board: compiled once, in the
 * 128-bit build (search/search64.c does not include this file).
 */
#include "config.h"

#include <assert.h>
#include <stdio.h>

#include "core/util.h"
#include "search/node/search-int.h"
#include "search/policy/level.h"

/* ---- the sub-searches' limits ---------------------------------------
 * Each constructor copies its parent's limits whole and rewrites only the
 * fields it names: what it does not name (the book, the seed, the split,
 * the ordering, the stop token, practical play) the sub-search keeps. */

struct search_limits
search_limits_for_proof(const struct search_limits *parent, double seconds)
{
	/* Rewritten: an exact analysis for a move (mode, analyze, move_only),
	 * no named level, no proof of its own, no bound, and `seconds` (0:
	 * PROVE_UNTIMED_S), at most the parent's time.  Kept: threads,
	 * practical, the stop token and the rest. */
	struct search_limits el = *parent;
	el.mode = SEARCH_EXACT;
	el.analyze = true;
	el.move_only = true;
	el.level = NULL;
	el.prove_cells = 0;
	el.exact_bound = 0;
	el.time_limit = seconds > 0 ? seconds : PROVE_UNTIMED_S;
	if (parent->time_limit > 0 && el.time_limit > parent->time_limit)
		el.time_limit = parent->time_limit;
	return el;
}

struct search_limits
search_limits_for_beside_proof(const struct search_limits *parent,
                               struct search_stop *tok)
{
	/* The proof's limits for the parent's whole time, on all its threads
	 * but one, with a child token of the parent's: the search beside
	 * requests it once it proved the root. */
	struct search_limits el =
	    search_limits_for_proof(parent, parent->time_limit);
	el.threads = parent->threads - 1;
	search_stop_init(tok, parent->stop);
	el.stop = tok;
	return el;
}

struct search_limits
search_limits_for_beside_search(const struct search_limits *parent,
                                struct search_stop *tok)
{
	/* Rewritten: one thread, no proof of its own, a child token of the
	 * parent's, which the proof beside it requests.  Kept: everything
	 * else (the mode, time, level...). */
	struct search_limits rest = *parent;
	rest.threads = 1;
	rest.prove_cells = 0;
	search_stop_init(tok, parent->stop);
	rest.stop = tok;
	return rest;
}

struct search_limits
search_limits_for_check(const struct search_limits *proof, int target,
                        double seconds, int threads)
{
	/* From the proof's limits: a null-window window search of the
	 * position after a column, whether it reaches target (for the side
	 * that played it), for `seconds` on `threads` threads; no analysis.
	 * Kept: the proof's mode, stop token, book and the rest. */
	struct search_limits wl = *proof;
	wl.analyze = wl.move_only = false;
	wl.window = true;
	wl.alpha = -target;
	wl.beta = -target + 1;
	wl.time_limit = seconds;
	wl.threads = threads;
	return wl;
}

struct search_limits
search_limits_for_traps(const struct search_limits *parent, double seconds)
{
	/* The proof's limits (search_limits_for_proof()), but every column's
	 * exact score (no move_only) and no node limit. */
	struct search_limits el = search_limits_for_proof(parent, seconds);
	el.move_only = false;
	el.node_limit = 0;
	return el;
}

struct search_limits
search_limits_for_bound(const struct search_limits *parent)
{
	/* The parent's exact search for a move, its time at most the bound
	 * (exact_bound).  Kept: everything else. */
	struct search_limits el = *parent;
	if (el.time_limit <= 0 || el.time_limit > parent->exact_bound)
		el.time_limit = parent->exact_bound;
	return el;
}

struct search_limits
search_limits_for_fallback(const struct search_limits *parent)
{
	/* Rewritten: a depth-limited search (mode, depth SEARCH_MAX_DEPTH, no
	 * analysis) of PERFECT_FALLBACK_S seconds, with no bound, no proof
	 * and no named level.  Kept: threads, book, seed, stop token... */
	struct search_limits dl = *parent;
	dl.mode = SEARCH_DEPTH;
	dl.analyze = false;
	dl.move_only = false;
	dl.depth = SEARCH_MAX_DEPTH;
	dl.time_limit = PERFECT_FALLBACK_S;
	dl.exact_bound = 0;
	dl.prove_cells = 0;
	dl.level = NULL;
	return dl;
}

struct search_limits
search_limits_for_time(const struct search_limits *parent, double seconds)
{
	/* The same search in another time (seconds > 0). */
	struct search_limits el = *parent;
	el.time_limit = seconds;
	return el;
}

struct search_limits
search_limits_for_rest(const struct search_limits *parent, double spent)
{
	/* The parent's search in what is left of its time after `spent`
	 * seconds, at least SEARCH_REST_MIN_S (untimed stays untimed). */
	struct search_limits rest = *parent;
	if (rest.time_limit > 0) {
		rest.time_limit -= spent;
		if (rest.time_limit < SEARCH_REST_MIN_S)
			rest.time_limit = SEARCH_REST_MIN_S;
	}
	return rest;
}

/* ---- the front ends' limits (search.h) -------------------------------- */

void
search_limits_set_perfect(struct search_limits *lim, double bound)
{
	assert(lim != NULL && bound >= 0);
	lim->mode = SEARCH_EXACT;
	lim->analyze = true;
	lim->move_only = true;
	lim->exact_bound = bound;
	lim->practical = levels[LEVEL_PERFECT].practical;
}

void
search_limits_set_proof_share(struct search_limits *lim, int share_pct)
{
	assert(lim != NULL && share_pct > 0 && share_pct <= 100);
	lim->prove_cells = PROVE_MAX_CELLS;
	lim->prove_time = lim->time_limit * share_pct / 100.0;
}

struct search_limits
search_limits_for_review(const struct search_limits *parent)
{
	struct search_limits lim = *parent;
	lim.mode = SEARCH_EXACT;
	lim.analyze = true;
	lim.move_only = false;
	lim.time_limit = 0;
	lim.node_limit = 0;
	lim.seed = 0;
	if (lim.threads < 1)
		lim.threads = 1;
	return lim;
}

struct search_limits
search_limits_for_ponder(const struct search_limits *parent)
{
	struct search_limits lim = *parent;
	lim.analyze = true;
	lim.move_only = false;
	return lim;
}

void
search_limits_describe(const struct search_limits *lim, char *buf, size_t len)
{
	assert(lim != NULL && buf != NULL && len > 0);
	static const char *const modes[] = {
	    [SEARCH_EXACT] = "perfect play",
	    [SEARCH_WEAK] = "win/draw/loss solver",
	    [SEARCH_DEPTH] = "depth",
	    [SEARCH_AVERAGE] = "averaged outcomes, depth",
	};
	int n = lim->mode == SEARCH_EXACT || lim->mode == SEARCH_WEAK
	            ? snprintf(buf, len, "%s", modes[lim->mode])
	            : snprintf(buf, len, "%s %d", modes[lim->mode], lim->depth);
	if (n < 0 || (size_t)n >= len)
		return;
	n += snprintf(buf + n, len - (size_t)n, ", %d thread%s%s", lim->threads,
	              lim->threads == 1 ? "" : "s",
	              lim->no_ordering ? ", no ordering" : "");
	if (lim->time_limit > 0 && n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, ", at most %g s a move",
		         lim->time_limit);
}
