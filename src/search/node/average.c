/* average.c -- the averaged-outcome evaluation (--eval=average).
 *
 * One of the parallel-programming reports dropfour grew out of judged a move
 * by averaged outcomes instead of alpha-beta with a heuristic.  Values are
 * for the side to move and lie in [-1, 1]:
 *
 *  1. A state where the side to move can complete four is won: 1.
 *  2. A full board, or a state at the horizon, is unknown: 0.
 *  3. Otherwise every legal move is looked at, each child's value seen by
 *     the mover (the negated child value):
 *     - if some move wins (a child proven lost for the opponent), the state
 *       is won: 1 (the mover takes the win; seen from the other side, a
 *       move that hands the opponent a win is a losing move, and it is
 *       avoided);
 *     - if every move loses, the state is lost: -1;
 *     - otherwise the value is the average of the children's values.
 *
 * So a state whose children are all won or all lost takes that value, and
 * proven wins and losses travel up the tree as in minimax while everything
 * uncertain is averaged.  The value does not depend on the order in which
 * moves are visited.
 *
 * Proven values are tracked by a flag, not by comparing doubles with 1.0:
 * deep averages can round to 1.0 without being proven.
 *
 * The parallel search splits the tree a few plies deep into OpenMP tasks
 * (far more tasks than columns), inside search_run()'s parallel region.
 * It runs on the alpha-beta search's machinery (split.h): every task has a
 * split_ctx, counts nodes with split_node() and is polled by split_poll(),
 * the one function that decides stop, deadline and node limit.
 */
#include "config.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "search/node/average.h"
#include "search/node/choose.h"
#include "search/node/settings.h"
#include "search/node/split.h"
#include "core/util.h"

/* A value together with whether it is proven (+1 won, -1 lost, 0 not). */
struct avg_val {
	double v;
	int proven;
};

static const struct avg_val avg_unknown = {0.0, 0};

/* Fold the mover's view of one child into a running combination. */
struct avg_fold {
	double sum;
	int n;
	bool all_lost;
	bool won;
};

static void
avg_fold_init(struct avg_fold *f)
{
	f->sum = 0.0;
	f->n = 0;
	f->all_lost = true;
	f->won = false;
}

/* `child` is the child's value for its own side to move. */
static void
avg_fold_add(struct avg_fold *f, struct avg_val child)
{
	if (child.proven < 0)
		f->won = true; /* the opponent is lost there */
	f->all_lost = f->all_lost && child.proven > 0;
	f->sum -= child.v;
	f->n++;
}

static struct avg_val
avg_fold_value(const struct avg_fold *f)
{
	struct avg_val r = avg_unknown;

	if (f->won)
		r = (struct avg_val){1.0, 1};
	else if (f->n > 0 && f->all_lost)
		r = (struct avg_val){-1.0, -1};
	else if (f->n > 0)
		r.v = f->sum / f->n;
	return r;
}

/* Step 1 and 2 of the definition; true when the value is settled. */
static bool
avg_leaf(const board_t *b, int depth, struct avg_val *out)
{
	if (board_can_win_next(b)) {
		*out = (struct avg_val){1.0, 1};
		return true;
	}
	if (depth <= 0 || board_is_full(b)) {
		*out = avg_unknown;
		return true;
	}
	return false;
}

/* The serial recursion (step 3); stops early on a winning move. */
static struct avg_val
avg_serial(struct split_ctx *c, const board_t *b, int depth)
{
	struct avg_val r;
	struct avg_fold f;

	split_node(c, b->moves);
	if (c->aborted)
		return avg_unknown;
	if (avg_leaf(b, depth, &r))
		return r;
	avg_fold_init(&f);
	for (int col = 0; col < b->w; col++) {
		if (!board_can_play(b, col))
			continue;
		board_t child = *b;
		board_play(&child, col);
		avg_fold_add(&f, avg_serial(c, &child, depth - 1));
		if (f.won || c->aborted)
			break;
	}
	return avg_fold_value(&f);
}

double
average_value(const board_t *b, int depth, uint64_t *nodes)
{
	/* A team of one without limits: the same counting, no OpenMP. */
	struct search_limits lim;
	struct split_team team;
	struct stats *st = xcalloc(1, sizeof *st);

	search_limits_default(&lim);
	split_team_init(&team, &lim, st, 1, 1);
	struct split_ctx c = {.team = &team, .root_col = -1};
	struct avg_val v = avg_serial(&c, b, depth);
	if (nodes != NULL)
		*nodes = split_work(&c);
	split_team_free(&team);
	free(st);
	return v.v;
}

/*
 * One task: the node b, `split` plies above the serial subtrees.  Its
 * children are tasks of their own while split > 0 and the subtree is deep
 * enough, then searched serially.  spawner: the thread that made the task.
 */
static struct avg_val
avg_split(const struct split_ctx *parent, int spawner, const board_t *b,
          int depth, int split, int col)
{
	struct split_ctx c;
	struct avg_val r = avg_unknown;

	split_ctx_task(&c, parent, spawner, col);
	split_poll(&c); /* a stopped search starts no more work */
	if (c.aborted) {
		split_ctx_finish(&c);
		return r;
	}
	if (split <= 0 || depth < AVERAGE_GRAIN) {
		r = avg_serial(&c, b, depth);
		split_ctx_finish(&c);
		return r;
	}

	/* This node itself: one node for the thread that opens it. */
	split_node(&c, b->moves);
	if (!avg_leaf(b, depth, &r)) {
		struct avg_val child_val[BOARD_MAX_WIDTH];
		struct avg_fold f;
		struct split_ctx *pc = &c;
		const int me = c.tid;
		int n = 0;
		for (int k = 0; k < b->w; k++) {
			if (!board_can_play(b, k))
				continue;
			n++;
			board_t child = *b;
			board_play(&child, k);
			struct avg_val *slot = &child_val[k];
#pragma omp task default(none)                                                 \
    firstprivate(pc, me, child, depth, split, col, slot)
			*slot = avg_split(pc, me, &child, depth - 1, split - 1,
			                  col);
		}
		split_count_spawn(&c, n);
		split_wait_begin(&c);
#pragma omp taskwait
		split_wait_end(&c);
		avg_fold_init(&f);
		for (int k = 0; k < b->w; k++)
			if (board_can_play(b, k))
				avg_fold_add(&f, child_val[k]);
		r = avg_fold_value(&f);
	}
	split_ctx_finish(&c);
	return r;
}

static bool
avg_stopped(const struct split_ctx *c)
{
	return split_stopped(c->team);
}

static int
avg_score(double q)
{
	return (int)lround(q * 100.0);
}

/* One root column as a task: its value and its column slot. */
static void
avg_root_task(const struct split_ctx *parent, int spawner, const board_t *child,
              int depth, int split, int col, struct avg_val *out)
{
	*out = avg_split(parent, spawner, child, depth, split - 1, col);
	if (!avg_stopped(parent))
		atomic_store_explicit(&parent->team->stats->col[col].state,
		                      COL_DONE, memory_order_relaxed);
}

/* One iteration of depth d: q[col] for every legal column, seen by the
 * side to move, and *root the position's own value (its columns folded).
 * False if it was stopped before it finished. */
static bool
avg_iteration(struct split_ctx *c, const board_t *b, int d, int split,
              const bool *legal, double *q, struct avg_val *root)
{
	struct avg_val v[BOARD_MAX_WIDTH];
	struct stats *st = c->team->stats;
	const int me = c->tid;
	int ntasks = 0;

	for (int col = 0; col < b->w; col++) {
		if (!legal[col])
			continue;
		atomic_store_explicit(&st->col[col].state, COL_SEARCHING,
		                      memory_order_relaxed);
		if (board_is_winning_move(b, col)) {
			/* Won at once: the opponent's state is lost. */
			v[col] = (struct avg_val){-1.0, -1};
			continue;
		}
		board_t child = *b;
		board_play(&child, col);
		struct avg_val *slot = &v[col];
		ntasks++;
#pragma omp task default(none) firstprivate(c, me, child, d, split, col, slot)
		avg_root_task(c, me, &child, d - 1, split, col, slot);
	}
	split_count_spawn(c, ntasks);
	split_wait_begin(c);
#pragma omp taskwait
	split_wait_end(c);
	if (avg_stopped(c))
		return false;

	struct avg_fold f;
	avg_fold_init(&f);
	for (int col = 0; col < b->w; col++) {
		if (!legal[col])
			continue;
		avg_fold_add(&f, v[col]);
		q[col] = v[col].proven ? -(double)v[col].proven : -v[col].v;
		atomic_store_explicit(&st->col[col].kind, SCORE_HEURISTIC,
		                      memory_order_relaxed);
		atomic_store_explicit(&st->col[col].score, avg_score(q[col]),
		                      memory_order_relaxed);
		atomic_store_explicit(&st->col[col].depth, d,
		                      memory_order_relaxed);
		atomic_store_explicit(&st->col[col].state, COL_DONE,
		                      memory_order_relaxed);
	}
	atomic_store_explicit(&st->depth, d, memory_order_relaxed);
	*root = avg_fold_value(&f);
	return true;
}

void
average_root(struct split_ctx *c, const board_t *b, struct search_result *r)
{
	const struct search_limits *lim = c->team->lim;
	struct stats *st = c->team->stats;
	double best_q[BOARD_MAX_WIDTH];
	bool legal[BOARD_MAX_WIDTH];
	int max_depth = lim->depth < 1 ? 1 : lim->depth;
	const int split =
	    lim->split_depth > 0 ? lim->split_depth : AVERAGE_SPLIT;
	int finished = 0;
	uint64_t half_ns = 0;

	if (max_depth > b->w * b->h - b->moves)
		max_depth = b->w * b->h - b->moves;
	if (max_depth < 1)
		max_depth = 1;
	if (lim->time_limit > 0)
		half_ns = util_now_ns() + (uint64_t)(lim->time_limit * 0.5e9);

	for (int col = 0; col < b->w; col++) {
		legal[col] = board_can_play(b, col) && !b->over;
		best_q[col] = 0.0;
		atomic_store_explicit(&st->col[col].state,
		                      legal[col] ? COL_WAITING : COL_ILLEGAL,
		                      memory_order_relaxed);
	}

	/* Iterative deepening only pays under a time limit (no new iteration
	 * once half of it is spent); without one, the requested depth is
	 * searched at once. */
	int first = lim->time_limit > 0 ? 1 : max_depth;
	for (int d = first; d <= max_depth; d++) {
		double q[BOARD_MAX_WIDTH] = {0};
		struct avg_val root;
		if (d > first && util_now_ns() >= half_ns)
			break;
		if (!avg_iteration(c, b, d, split, legal, q, &root))
			break;
		r->quality = root.v;
		r->proven = root.proven;
		memcpy(best_q, q, sizeof q);
		finished = d;
	}

	/* The result, from the last finished iteration. */
	r->depth = finished;
	r->kind = SCORE_HEURISTIC;
	/* As in the other modes: partial when stopped (from outside, by the
	 * clock or by the node limit) before the deepest iteration. */
	r->partial = avg_stopped(c) && finished < max_depth;
	if (finished == 0) {
		/* Nothing finished: a move that does not lose at once. */
		bb_t safe = board_non_losing_moves(b);
		for (int col = 0; col < b->w; col++)
			best_q[col] = board_is_winning_move(b, col) ? 1.0
			              : (safe & board_column_mask(b, col))
			                  ? 0.0
			                  : -1.0;
		r->partial = true;
	}
	r->move = choose_column(b, best_q, legal, lim->seed);
	for (int col = 0; col < b->w; col++) {
		r->col_kind[col] =
		    legal[col] && finished > 0 ? SCORE_HEURISTIC : SCORE_NONE;
		r->col_score[col] = legal[col] ? avg_score(best_q[col]) : 0;
	}
	r->score = r->move >= 0 ? avg_score(best_q[r->move]) : 0;
	if (r->move >= 0) {
		r->pv_len = 1;
		r->pv[0] = r->move;
		stats_set_pv(st, r->pv, 1);
	}
}
