/* search-driver.c -- the driver: one search of the limits on a search's
 * own table (search_drive(), the one entry the policy's sub-searches go
 * through): the table made ready for the kind of search, the team of
 * threads set up, one OpenMP parallel region (none on one thread) around
 * the root, the result finished (principal variation, a named level's
 * choice, the figures).
 *
 * Compiled once for each width of board (core/board.h): as it is, and
 * inside search/search64.c for the boards of at most 64 bits.
 */
#include "config.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "search/node/average.h"
#include "search/node/eval.h"
#include "search/policy/level.h"
#include "search/node/search-int.h"
#include "search/node/trace.h"

/* The root of a search, on the thread that runs it. */
static void
run_root(struct split_team *team, const board_t *b, struct search_result *r,
         double t0)
{
	struct split_ctx c;
	split_ctx_root(&c, team);
	if (team->lim->window)
		search_root_window(&c, b, r);
	else if (team->lim->mode == SEARCH_EXACT ||
	         team->lim->mode == SEARCH_WEAK)
		search_root_exact(&c, b, r);
	else if (team->lim->mode == SEARCH_AVERAGE)
		average_root(&c, b, r);
	else
		search_root_depth(&c, b, r, t0);
	split_ctx_finish(&c);
}

/* A search stopped before it looked at anything (in the table's clear)
 * still names a move: a winning one, else the first column in centre
 * order that does not lose at once, else any; its score unknown. */
static void
stopped_move(const board_t *b, struct search_result *r)
{
	if (board_can_win_next(b)) {
		r->move = r->best = board_winning_column(b);
		return;
	}
	bb_t safe = board_non_losing_moves(b);
	const int *order = board_centre_order(b->w);
	for (int k = 0; k < b->w; k++) {
		int c = order[k];
		if (!board_can_play(b, c))
			continue;
		if (r->move < 0)
			r->move = r->best = c;
		if (safe & board_column_mask(b, c)) {
			r->move = r->best = c;
			return;
		}
	}
}

/* A recorded search ends: its figures to the trace's sink. */
static void
trace_search_done(struct search *s, struct stats *live,
                  const struct search_limits *lim, int threads, uint64_t nodes)
{
	struct trace_search ts = {.threads = threads, .nodes = nodes};
	struct stats_snapshot *snap = xcalloc(1, sizeof *snap);
	char what[160];
	stats_snapshot(live, snap);
	ts.start_ns = atomic_load(&live->start_ns);
	ts.end_ns = atomic_load(&live->end_ns);
	for (int i = 0; i < threads && i < snap->nthreads; i++)
		ts.busy_s[i] = snap->thread[i].busy_s;
	search_limits_describe(lim, what, sizeof what);
	size_t n = strlen(what);
	snprintf(what + n, sizeof what - n, ", split %s",
	         search_split_names[lim->split]);
	ts.what = what;
	free(snap);
	trace_end(s->trace, &ts);
}

/* The team of threads for one search of lim on s: its tables, its
 * figures (into live), its stop and deadline, where it splits. */
static void
team_setup(struct split_team *team, struct search *s, struct stats *live,
           const struct search_limits *lim, struct eval_tab *et, int threads,
           int key_bits, double t0)
{
	const bool exact_mode =
	    lim->mode == SEARCH_EXACT || lim->mode == SEARCH_WEAK;
	split_team_init(team, lim, live, threads,
	                lim->split == SPLIT_LAZY ? 1 : threads);
	team->search = s;
	team->tt = &s->tt;
	team->leaf = &s->leaf;
	team->trace = s->trace;
	if (team->trace != NULL)
		trace_begin(team->trace, threads);
	team->eval = et;
	if (lim->time_limit > 0)
		team->deadline_ns =
		    (uint64_t)(t0 * 1e9) + (uint64_t)(lim->time_limit * 1e9);
	team->split_depth = lim->split_depth > 0 ? lim->split_depth
	                    : exact_mode         ? SEARCH_MAX_DEPTH
	                                         : DEPTH_SPLIT_PLIES;
	team->min_split_left =
	    exact_mode ? EXACT_MIN_SPLIT_LEFT : DEPTH_MIN_SPLIT_LEFT;
	team->leaf_cells = search_leaf_cells(exact_mode, threads);
	s->leaf_cells = team->leaf_cells;
	team->leaf_grow = LEAF_GROW_PER_BUCKET;
	tt_shrink(&s->leaf);
	if (exact_mode && threads > 1 && s->own_after != 0 &&
	    search_own_leaf_ready(s, threads, key_bits)) {
		team->own_leaf = s->own_leaf;
		team->own_after = s->own_after;
		if (LEAF_OWN_GAP_FIRST > 0)
			atomic_init(&team->own_cells,
			            team->leaf_cells - LEAF_OWN_GAP_FIRST);
	}

	/* The marks also on one thread when other processes search the
	 * shared table beside this one (search_share_table()). */
	if (exact_mode && (threads > 1 || s->busy_shared))
		team->busy = search_busy_table(s);
	team->team_cells = team->min_split_left;
	if (team->busy != NULL && EXACT_BUSY_MIN_CELLS < team->team_cells)
		team->team_cells = EXACT_BUSY_MIN_CELLS;
}

/* A search's end: its principal variation and depth, a named level's
 * choice, its figures. */
static void
drive_finish(struct search *s, struct split_team *team, const board_t *b,
             struct search_result *r, double t0)
{
	const struct search_limits *lim = team->lim;
	const int threads = team->threads;
	const bool exact_mode =
	    lim->mode == SEARCH_EXACT || lim->mode == SEARCH_WEAK;
	if (exact_mode && r->move >= 0 && !lim->window)
		search_extract_pv(s, team->stats, b, r->move, r);
	if (exact_mode && lim->mode == SEARCH_EXACT && !r->partial)
		atomic_store_explicit(&team->stats->depth,
		                      b->w * b->h - b->moves,
		                      memory_order_relaxed);
	if (exact_mode && !lim->window)
		r->depth = b->w * b->h - b->moves;
	split_team_free(team);
	search_marks_leave(lim->marks, team->stats);
	/* A named level picks its own move from the column scores; a hint
	 * still wants the search's. */
	r->best = r->move;
	if (lim->level != NULL && level_is_human(lim->level) &&
	    lim->mode == SEARCH_DEPTH)
		r->move = level_choose(lim->level, b, r, lim->seed);
	/* A legal move, and an exact score of perfect play in its range. */
	assert(r->move < 0 || board_can_play(b, r->move));
	assert(
	    lim->mode != SEARCH_EXACT || lim->window ||
	    r->kind != SCORE_EXACT ||
	    (r->score >= board_min_score(b) && r->score <= board_max_score(b)));
	r->nodes = atomic_load(&team->nodes);
	r->seconds = util_now_s() - t0;
	stats_end(team->stats);
	if (team->trace != NULL)
		trace_search_done(s, team->stats, lim, threads, r->nodes);
	/* A stop's reason is one of this search's limits. */
	assert((split_state(team) & SPLIT_STOP_MASK) != SPLIT_STOP_NODES ||
	       lim->node_limit != 0);
	assert((split_state(team) & SPLIT_STOP_MASK) != SPLIT_STOP_DEADLINE ||
	       team->deadline_ns != 0);
	if (split_stopped(team))
		r->partial = true;
}

/* One search of the limits, on this search's own table. */
void
search_drive(struct search *s, struct stats *live, const board_t *b,
             const struct search_limits *lim, struct search_result *r)
{
	assert(s != NULL && live != NULL && b != NULL && lim != NULL &&
	       r != NULL);
	assert(board_size_error(b->w, b->h) == NULL);
	assert(lim->mode != SEARCH_DEPTH ||
	       (lim->depth >= 1 && lim->depth <= SEARCH_MAX_DEPTH));
	struct split_team team;
	struct eval_tab et;
	double t0 = util_now_s();
	int threads = lim->threads < 1                   ? 1
	              : lim->threads > STATS_MAX_THREADS ? STATS_MAX_THREADS
	                                                 : lim->threads;
	const bool exact_mode =
	    lim->mode == SEARCH_EXACT || lim->mode == SEARCH_WEAK;
	const int key_bits = b->w * (b->h + 1);

	s->warm_pending = false; /* the table is in use from here */
	memset(r, 0, sizeof *r);
	r->move = r->best = r->proof_col = -1;
	r->ncols = b->w;
	r->threads = threads;

	/* The table holds one kind of value: exact scores or depth-limited
	 * heuristics; switching (or a new board size) empties it, a chunk at
	 * a time, so that a stop is not held back by a table of gigabytes. */
	enum tt_mode want = exact_mode ? TT_EXACT : TT_DEPTH;
	if (s->tt_mode != TT_EMPTY &&
	    (s->tt_mode != want || s->tt.key_bits != key_bits ||
	     s->tt_bits != BOARD_BITS))
		search_clear_later(s);

	/* The columns a stone can still go into. */
	struct stats_root root = {.ncols = b->w, .moves = b->moves};
	for (int c = 0; c < b->w && !b->over; c++)
		root.legal |= (uint32_t)board_can_play(b, c) << c;
	stats_begin(live, &root, threads, exact_mode, &s->tt);
	if (b->over || board_is_full(b)) {
		stats_end(live);
		return;
	}
	/* A pending clear counts against the search's own budget (the
	 * deadline below runs from t0); a stop during it ends the search
	 * with a move.  (A table whose pages are not all in yet is the
	 * engine's to bring in while it waits: engine_ready(), and the
	 * game's ui_think(), wait for it.) */
	if (s->clear_pending && !search_clear_part(s, key_bits, lim->stop)) {
		stopped_move(b, r);
		r->partial = true;
		r->seconds = util_now_s() - t0;
		stats_end(live);
		return;
	}
	if (s->tt_mode == TT_EMPTY) {
		tt_set_key_bits(&s->tt, key_bits);
		tt_set_key_bits(&s->leaf, key_bits);
	}
	s->tt_mode = want;
	s->tt_bits = BOARD_BITS;
	if (lim->mode == SEARCH_DEPTH)
		eval_init(&et, b);
	/* the run's work (search_limits.marks) counts this search's */
	search_marks_enter(lim->marks, live);
	team_setup(&team, s, live, lim, &et, threads, key_bits, t0);
	if (lim->split == SPLIT_LAZY && threads > 1 &&
	    lim->mode != SEARCH_AVERAGE) {
		search_root_lazy(&team, b, r);
	} else if (threads == 1) {
		/* No parallel region for one thread: entering one costs two
		 * futex calls in libgomp, more than a small solve itself. */
		run_root(&team, b, r, t0);
	} else {
#pragma omp parallel num_threads(threads)
#pragma omp single
		run_root(&team, b, r, t0);
	}
	drive_finish(s, &team, b, r, t0);
}
