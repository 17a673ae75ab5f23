/* dist.c -- one search over many workers (dist.h): the frontier's depth
 * and dist_search() itself, which prepares the tables, runs the kind of
 * search asked for (dist-master.c, dist-average.c) and says what the
 * workers did.  The tree is in dist-tree.c, the worker's side and the
 * loopback in dist-worker.c. */
#include "config.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/score.h"
#include "core/util.h"
#include "search/node/choose.h"
#include "search/dist/dist-int.h"
#include "search/node/order.h"

int
dist_frontier(const board_t *b, const struct search_limits *lim, int nworkers)
{
	int left = b->w * b->h - b->moves;
	int most = DIST_MAX_FRONTIER;
	if (lim->mode == SEARCH_DEPTH || lim->mode == SEARCH_AVERAGE)
		most = lim->depth - 1;
	if (most > left - 2)
		most = left - 2;
	/* DIST_TASKS_PER_WORKER tasks a worker and more than the root's
	 * columns: enough to balance on, few enough that the windows still
	 * prune. */
	int f = 1;
	double tasks = b->w;
	while (f < most &&
	       (f < 2 || tasks < DIST_TASKS_PER_WORKER * nworkers)) {
		f++;
		tasks *= b->w * 0.8;
	}
	return nworkers < 1 || most < 1 ? 0 : f;
}

void
dist_stats_traffic(const struct dist_stats *st, int tables, char *buf,
                   size_t len)
{
	size_t n = 0;
	uint64_t msgs = 0, bytes = 0;
	double secs = st->seconds > 0 ? st->seconds : 1e-9;
	n += (size_t)snprintf(buf + n, len - n, "busy");
	for (int w = 0; w < st->nworkers && n < len; w++) {
		double b = 100 * st->busy[w] / secs;
		n += (size_t)snprintf(buf + n, len - n, " %.0f%%",
		                      b > 100 ? 100 : b);
		msgs += st->msgs[w];
		bytes += st->bytes[w];
	}
	if (n < len)
		n += (size_t)snprintf(
		    buf + n, len - n,
		    "; messages %llu (%.1f kB, %.0f/s); %s, prepared in %.1f "
		    "ms",
		    (unsigned long long)msgs, bytes / 1e3, msgs / secs,
		    tables == 1 ? "one table shared by all"
		    : tables > 0 && tables < st->nworkers ? "a table a machine"
		                                          : "a table a rank",
		    st->prepare_s * 1e3);
	if (n < len && st->handoffs > 0)
		n += (size_t)snprintf(
		    buf + n, len - n,
		    "; hand-off %.3f ms a task (%u), waits for work %.1f ms",
		    st->handoff_s * 1e3 / st->handoffs, st->handoffs,
		    st->starved_s * 1e3);
	if (n < len && st->upper > 0)
		snprintf(
		    buf + n, len - n,
		    "; entries of %d+ empty cells to every table: %llu in %llu "
		    "msgs (%.1f kB), rank 0 %.1f us a message",
		    st->upper, (unsigned long long)st->upper_entries,
		    (unsigned long long)st->upper_msgs, st->upper_bytes / 1e3,
		    st->upper_msgs > 0 ? st->upper_s * 1e6 / st->upper_msgs
		                       : 0);
}

/* The exact solve of b across the workers (small ones on one). */
static bool
solve(const struct dist_transport *t, const board_t *b,
      const struct search_limits *lim, const struct dist_params *p,
      int frontier, struct search_result *r, struct dist_stats *st)
{
	int score, col;
	bool done;
	if (!p->share_all &&
	    dist_master_solve_small(t, b, lim, r, st, &score, &col))
		done = true;
	else
		done = dist_master_solve_tree(t, b, lim, frontier, r, st,
		                              &score, &col);
	if (done && col >= 0) {
		r->move = r->best = col;
		r->score = score;
		r->kind = SCORE_EXACT;
		r->col_kind[col] = SCORE_EXACT;
		r->col_score[col] = score;
	}
	return done;
}

/* Column c of an analysis: its child solved across the workers, the
 * score from b's side into *score; false when stopped. */
static bool
analyze_column(const struct dist_transport *t, const board_t *b, int c,
               const struct search_limits *lim, int frontier,
               struct search_result *r, struct dist_stats *st, int *score)
{
	board_t nb = *b;
	st->under = c;
	if (board_is_winning_move(&nb, c)) {
		*score = dist_tree_win_value(lim, &nb);
		return true;
	}
	board_play(&nb, c);
	if (board_is_full(&nb)) {
		*score = 0;
		return true;
	}
	int f = frontier < nb.w * nb.h - nb.moves - 1 ? frontier : 1;
	int col;
	bool done = dist_master_solve_tree(t, &nb, lim, f, r, st, score, &col);
	*score = -*score;
	return done;
}

/* Every column of b exact (--analyze), in the centre's order. */
static bool
analyze(const struct dist_transport *t, const board_t *b,
        const struct search_limits *lim, int frontier, struct search_result *r,
        struct dist_stats *st)
{
	const int *order = board_centre_order(b->w);
	bool done = true;
	for (int k = 0; k < b->w && done; k++) {
		int c = order[k], score;
		if (!board_can_play(b, c))
			continue;
		done = analyze_column(t, b, c, lim, frontier, r, st, &score);
		if (done) {
			r->col_kind[c] = SCORE_EXACT;
			r->col_score[c] = score;
			dist_live_column(st->live, c, SCORE_EXACT, score);
		}
	}
	int col = choose_best_column(b, r, lim->seed);
	r->move = r->best = col;
	if (col >= 0) {
		r->score = r->col_score[col];
		r->kind = r->col_kind[col];
	}
	return done;
}

/* The statistics and the result cleared for a search of b; the tables
 * prepared; the frontier's depth. */
static int
begin(const struct dist_transport *t, const board_t *b,
      const struct search_limits *lim, const struct dist_params *p,
      struct search_result *r, struct dist_stats *st)
{
	memset(st, 0, sizeof *st);
	memset(r, 0, sizeof *r);
	r->move = r->best = -1;
	r->ncols = b->w;
	r->threads = lim->threads;
	st->nworkers = t->nworkers;
	st->live = p->live;
	st->under = -1;
	/* Several tables, each a machine's: the upper positions' stores
	 * go to every table (dist-upper.c), which must hold exact values. */
	st->upper =
	    t->tables > 1 && t->upper > 0 && t->upper < 256 &&
	            (lim->mode == SEARCH_EXACT || lim->mode == SEARCH_WEAK)
	        ? t->upper
	        : 0;
	/* Tables of their own without the table across machines: the
	 * entries near each task's root pass through the master.  (The
	 * averaged outcomes use no table; workers that share one need no
	 * entries passed.) */
	st->share = p->no_tables || t->nworkers < 2 || t->tables == 1 ||
	                    lim->mode == SEARCH_AVERAGE || st->upper > 0
	                ? NULL
	                : dist_share_new();
	if (t->tables > 0 && (t->tables < t->nworkers || st->upper > 0))
		dist_share_prepare(t, b, lim, st);
	st->upper_msgs = t->upper_msgs;
	st->upper_entries = t->upper_entries;
	st->upper_bytes = t->upper_bytes;
	st->upper_s = t->upper_s;
	dist_live_begin(st->live, b, lim, t->nworkers, t->tables);
	int frontier = p->frontier;
	if (frontier <= 0)
		frontier = dist_frontier(b, lim, t->nworkers);
	if (frontier > DIST_MAX_FRONTIER)
		frontier = DIST_MAX_FRONTIER;
	if (frontier < 1)
		frontier = 1;
	st->frontier = frontier;
	return frontier;
}

int
dist_search(const struct dist_transport *t, const board_t *b,
            const struct search_limits *lim, const struct dist_params *p,
            struct search_result *r, struct dist_stats *st)
{
	static const struct dist_params defaults;
	struct dist_stats own;
	double t0 = util_now_s();
	if (t->nworkers < 1 || t->nworkers > DIST_MAX_WORKERS)
		return -1;
	if (p == NULL)
		p = &defaults;
	if (st == NULL)
		st = &own;
	int frontier = begin(t, b, lim, p, r, st);
	bool done = true;
	if (b->over || board_is_full(b)) {
		/* nothing to search */
	} else if (lim->mode == SEARCH_AVERAGE) {
		done = dist_avg_run(t, b, lim, frontier, r, st);
	} else if (lim->mode == SEARCH_DEPTH) {
		int v, c;
		done =
		    dist_master_run_tree(t, b, lim, frontier, -SCORE_INF,
		                         SCORE_INF, true, r, st, NULL, &v, &c);
	} else if (!lim->analyze) {
		done = solve(t, b, lim, p, frontier, r, st);
	} else {
		done = analyze(t, b, lim, frontier, r, st);
	}
	r->partial = !done;
	r->depth = lim->mode == SEARCH_DEPTH || lim->mode == SEARCH_AVERAGE
	               ? lim->depth
	               : b->w * b->h - b->moves;
	r->seconds = util_now_s() - t0;
	st->seconds = r->seconds;
	st->upper_msgs = t->upper_msgs - st->upper_msgs;
	st->upper_entries = t->upper_entries - st->upper_entries;
	st->upper_bytes = t->upper_bytes - st->upper_bytes;
	st->upper_s = t->upper_s - st->upper_s;
	dist_live_end(st->live, r);
	dist_share_free(st->share);
	st->share = NULL;
	return 0;
}

struct search_limits
dist_limits_for_game(const struct search_limits *lim, int depth)
{
	struct search_limits l = *lim;
	if (l.level != NULL && l.mode == SEARCH_DEPTH)
		l.depth = depth;
	l.level = NULL;
	l.time_limit = 0;
	return l;
}
