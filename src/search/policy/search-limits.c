/* search-limits.c -- the limits of a search: the sub-searches' limits,
 * built from their parent's (one constructor for each kind of
 * sub-search), the limits in words, and search_solve(), the plainest
 * search.
 *
 * Nothing here depends on the width of the board: compiled once, in the
 * 128-bit build (src/bits64/ has no twin of this file).
 */
#include "config.h"

#include <assert.h>
#include <stdio.h>

#include "core/util.h"
#include "search/node/search-int.h"

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

/* ---- the work of a run's searches (struct search_marks) ------------ */

/* The nodes and busy seconds in st's thread slots so far. */
static void
stats_work(const struct stats *st, uint64_t *nodes, double *busy_s)
{
	int n = atomic_load_explicit(&st->nthreads, memory_order_relaxed);
	for (int t = 0; t < n && t < STATS_MAX_THREADS; t++) {
		*nodes += atomic_load_explicit(&st->thread[t].nodes,
		                               memory_order_relaxed);
		*busy_s += (double)atomic_load_explicit(&st->thread[t].busy_ns,
		                                        memory_order_relaxed) /
		           1e9;
	}
}

static void
marks_lock(struct search_marks *m)
{
	while (
	    atomic_flag_test_and_set_explicit(&m->lock, memory_order_acquire))
		;
}

static void
marks_unlock(struct search_marks *m)
{
	atomic_flag_clear_explicit(&m->lock, memory_order_release);
}

/* Under the lock: the searches that ended and those under way. */
static void
marks_work(const struct search_marks *m, uint64_t *nodes, double *busy_s)
{
	*nodes += m->done_nodes;
	*busy_s += m->done_busy_s;
	for (int i = 0; i < SEARCH_MARKS_LIVE; i++)
		if (m->live[i] != NULL)
			stats_work(m->live[i], nodes, busy_s);
}

void
search_marks_enter(struct search_marks *m, const struct stats *st)
{
	if (m == NULL)
		return;
	marks_lock(m);
	m->searches++;
	for (int i = 0; i < SEARCH_MARKS_LIVE; i++)
		if (m->live[i] == NULL) {
			m->live[i] = st;
			break;
		}
	marks_unlock(m);
}

void
search_marks_leave(struct search_marks *m, const struct stats *st)
{
	if (m == NULL)
		return;
	marks_lock(m);
	/* (one not under way, the live slots full, is counted here too) */
	for (int i = 0; i < SEARCH_MARKS_LIVE; i++)
		if (m->live[i] == st) {
			m->live[i] = NULL;
			break;
		}
	stats_work(st, &m->done_nodes, &m->done_busy_s);
	marks_unlock(m);
}

void
search_marks_work(struct search_marks *m, uint64_t *nodes, double *busy_s)
{
	*nodes = 0;
	*busy_s = 0;
	marks_lock(m);
	marks_work(m, nodes, busy_s);
	marks_unlock(m);
}

void
search_marks_add(struct search_marks *m, int depth, uint64_t unflushed,
                 uint64_t busy_from_ns)
{
	if (m == NULL || m->n >= SEARCH_MAX_DEPTH)
		return;
	const uint64_t now = util_now_ns();
	struct search_mark *k = &m->mark[m->n];
	k->depth = depth;
	k->seconds = now > m->t0_ns ? (double)(now - m->t0_ns) / 1e9 : 0;
	k->nodes = unflushed;
	k->busy_s = now > busy_from_ns ? (double)(now - busy_from_ns) / 1e9 : 0;
	marks_lock(m);
	marks_work(m, &k->nodes, &k->busy_s);
	marks_unlock(m);
	m->n++;
}

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
