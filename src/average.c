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
 * (far more tasks than columns), inside one parallel region per search.
 * Node counts go into the per-thread stats slots (one writer each) and the
 * per-column slots; the stop flag, the clock and the node limit are polled
 * every AVERAGE_FLUSH nodes.
 */
#include "config.h"

#include <math.h>
#include <stdatomic.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "average.h"
#include "util.h"

#define AVERAGE_FLUSH 1024
/* Default plies below the root where tasks are made (7^3 = 343 tasks). */
#define AVERAGE_SPLIT 3
/* Do not make tasks for subtrees shallower than this. */
#define AVERAGE_GRAIN 3

/* A value together with whether it is proven (+1 won, -1 lost, 0 not). */
struct avg_val {
	double v;
	int proven;
};

/* Shared by every task of one search. */
struct avg_ctx {
	struct stats *st; /* NULL for the serial average_value() */
	atomic_bool *stop;
	atomic_bool *abort; /* the caller's own stop flag (lim->abort) */
	atomic_bool halt; /* stop, time or node limit seen */
	uint64_t deadline_ns; /* 0: none */
	uint64_t node_limit;  /* 0: none */
	_Atomic uint64_t nodes; /* flushed nodes, all threads */
	int split;
};

/* One task's counter: nodes not yet flushed, and where they go. */
struct avg_count {
	struct avg_ctx *ctx;
	uint64_t nodes;   /* all nodes of this task */
	uint64_t pending; /* not yet flushed */
	int tid;
	int col; /* root column, -1 for none */
	bool halted;
};

static int
avg_thread(void)
{
#ifdef _OPENMP
	return omp_get_thread_num();
#else
	return 0;
#endif
}

/* Push pending nodes into the stats slots and poll the stop conditions. */
static void
avg_flush(struct avg_count *k)
{
	struct avg_ctx *x = k->ctx;
	uint64_t total;

	if (k->pending != 0) {
		total = atomic_fetch_add_explicit(&x->nodes, k->pending,
		    memory_order_relaxed) + k->pending;
		if (x->st != NULL) {
			stats_add(&x->st->thread[k->tid].nodes, k->pending);
			if (k->col >= 0)
				atomic_fetch_add_explicit(
				    &x->st->col[k->col].nodes, k->pending,
				    memory_order_relaxed);
		}
		k->pending = 0;
	} else
		total = atomic_load_explicit(&x->nodes, memory_order_relaxed);

	if (atomic_load_explicit(&x->halt, memory_order_relaxed)) {
		k->halted = true;
		return;
	}
	if (x->abort != NULL &&
	    atomic_load_explicit(x->abort, memory_order_relaxed) &&
	    x->stop != NULL)
		atomic_store(x->stop, true);
	if ((x->stop != NULL &&
		atomic_load_explicit(x->stop, memory_order_relaxed)) ||
	    (x->node_limit != 0 && total >= x->node_limit) ||
	    (x->deadline_ns != 0 && util_now_ns() >= x->deadline_ns)) {
		atomic_store_explicit(&x->halt, true, memory_order_relaxed);
		k->halted = true;
	}
}

static inline void
avg_node(struct avg_count *k)
{
	k->nodes++;
	if (++k->pending >= AVERAGE_FLUSH)
		avg_flush(k);
}

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
	struct avg_val r = { 0.0, 0 };

	if (f->won)
		r = (struct avg_val){ 1.0, 1 };
	else if (f->n > 0 && f->all_lost)
		r = (struct avg_val){ -1.0, -1 };
	else if (f->n > 0)
		r.v = f->sum / f->n;
	return r;
}

/* Step 1 and 2 of the definition; true when the value is settled. */
static bool
avg_leaf(const board_t *b, int depth, struct avg_val *out)
{
	if (board_can_win_next(b)) {
		*out = (struct avg_val){ 1.0, 1 };
		return true;
	}
	if (depth <= 0 || board_is_full(b)) {
		*out = (struct avg_val){ 0.0, 0 };
		return true;
	}
	return false;
}

/* The serial recursion (step 3); stops early on a winning move. */
static struct avg_val
avg_serial(const board_t *b, int depth, struct avg_count *k)
{
	struct avg_val r;
	struct avg_fold f;

	avg_node(k);
	if (k->halted)
		return (struct avg_val){ 0.0, 0 };
	if (avg_leaf(b, depth, &r))
		return r;
	avg_fold_init(&f);
	for (int c = 0; c < b->w; c++) {
		if (!board_can_play(b, c))
			continue;
		board_t child = *b;
		board_play(&child, c);
		avg_fold_add(&f, avg_serial(&child, depth - 1, k));
		if (f.won || k->halted)
			break;
	}
	return avg_fold_value(&f);
}

double
average_value(const board_t *b, int depth, uint64_t *nodes)
{
	struct avg_ctx x;
	struct avg_count k = { .ctx = &x, .col = -1 };

	memset(&x, 0, sizeof x);
	atomic_init(&x.halt, false);
	atomic_init(&x.nodes, 0);
	struct avg_val v = avg_serial(b, depth, &k);
	if (nodes != NULL)
		*nodes = k.nodes;
	return v.v;
}

/* A serial subtree run as one task: count, time and flush it. */
static struct avg_val
avg_leaf_task(const board_t *b, int depth, struct avg_ctx *x, int col)
{
	struct avg_count k = { .ctx = x, .tid = avg_thread(), .col = col };
	uint64_t t0;

	if (atomic_load_explicit(&x->halt, memory_order_relaxed))
		return (struct avg_val){ 0.0, 0 };
	t0 = x->st != NULL ? util_now_ns() : 0;

	struct avg_val v = avg_serial(b, depth, &k);
	avg_flush(&k);
	if (x->st != NULL)
		stats_add(&x->st->thread[k.tid].busy_ns, util_now_ns() - t0);
	return v;
}

/* The split part of the tree: one task per child, `split` plies deep. */
static struct avg_val
avg_split(const board_t *b, int depth, int split, struct avg_ctx *x, int col,
    int creator)
{
	struct avg_val r, child_val[BOARD_MAX_WIDTH];
	struct avg_fold f;
	int tid = avg_thread();

	if (x->st != NULL) {
		stats_add(&x->st->thread[tid].run, 1);
		if (creator >= 0 && creator != tid)
			stats_add(&x->st->thread[tid].stolen, 1);
	}
	if (split <= 0 || depth < AVERAGE_GRAIN)
		return avg_leaf_task(b, depth, x, col);

	/* This node itself: one node for the thread that opens it. */
	if (x->st != NULL) {
		stats_add(&x->st->thread[tid].nodes, 1);
		atomic_fetch_add_explicit(&x->st->col[col].nodes, 1,
		    memory_order_relaxed);
	}
	atomic_fetch_add_explicit(&x->nodes, 1, memory_order_relaxed);
	if (avg_leaf(b, depth, &r))
		return r;

	int n = 0;
	for (int c = 0; c < b->w; c++) {
		if (!board_can_play(b, c))
			continue;
		n++;
		board_t child = *b;
		board_play(&child, c);
		struct avg_val *slot = &child_val[c];
#pragma omp task default(none) \
    firstprivate(child, depth, split, x, col, tid, slot)
		*slot = avg_split(&child, depth - 1, split - 1, x, col, tid);
	}
	if (x->st != NULL)
		stats_add(&x->st->thread[tid].spawned, (uint64_t)n);
#pragma omp taskwait
	avg_fold_init(&f);
	for (int c = 0; c < b->w; c++)
		if (board_can_play(b, c))
			avg_fold_add(&f, child_val[c]);
	return avg_fold_value(&f);
}

/* A seeded 64-bit mix (splitmix64) for the tie-break. */
static uint64_t
avg_mix(uint64_t z)
{
	z += 0x9e3779b97f4a7c15u;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* Columns centre first, the order of choice among equal moves. */
static int
avg_order(int w, int *order)
{
	for (int i = 0; i < w; i++)
		order[i] = w / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
	return w;
}

/* Best column by quality: centre first among equals, or a seeded random
 * one of the equal best when seed is not 0.  -1 if no column is legal. */
static int
avg_choose(const board_t *b, const double *q, const bool *ok, uint64_t seed)
{
	int order[BOARD_MAX_WIDTH], n = avg_order(b->w, order);
	int best = -1, ties[BOARD_MAX_WIDTH], nties = 0;

	for (int i = 0; i < n; i++) {
		int c = order[i];
		if (!ok[c])
			continue;
		if (best < 0 || q[c] > q[best] + 1e-12) {
			best = c;
			nties = 0;
		}
		if (fabs(q[c] - q[best]) <= 1e-12)
			ties[nties++] = c;
	}
	if (best >= 0 && seed != 0 && nties > 1)
		best = ties[avg_mix(seed ^ avg_mix(board_key(b))) % nties];
	return best;
}

static int
avg_score(double q)
{
	return (int)lround(q * 100.0);
}

/* One root column as a task: its value and its column slot. */
static void
avg_root_task(const board_t *child, int depth, struct avg_ctx *x, int col,
    int creator, struct avg_val *out)
{
	*out = avg_split(child, depth, x->split - 1, x, col, creator);
	if (x->st != NULL && !atomic_load_explicit(&x->halt,
				 memory_order_relaxed))
		atomic_store_explicit(&x->st->col[col].state, COL_DONE,
		    memory_order_relaxed);
}

/* One iteration of depth d: q[c] for every legal column, seen by the side
 * to move.  False if it was stopped before it finished. */
static bool
avg_iteration(const board_t *b, int d, struct avg_ctx *x, const bool *legal,
    double *q)
{
	struct avg_val v[BOARD_MAX_WIDTH];
	struct stats *st = x->st;
	int tid = avg_thread(), ntasks = 0;

	for (int c = 0; c < b->w; c++) {
		if (!legal[c])
			continue;
		if (st != NULL)
			atomic_store_explicit(&st->col[c].state, COL_SEARCHING,
			    memory_order_relaxed);
		if (board_is_winning_move(b, c)) {
			/* Won at once: the opponent's state is lost. */
			v[c] = (struct avg_val){ -1.0, -1 };
			continue;
		}
		board_t child = *b;
		board_play(&child, c);
		struct avg_val *slot = &v[c];
		ntasks++;
#pragma omp task default(none) firstprivate(child, d, c, slot, x, tid)
		avg_root_task(&child, d - 1, x, c, tid, slot);
	}
	if (st != NULL)
		stats_add(&st->thread[tid].spawned, (uint64_t)ntasks);
#pragma omp taskwait
	if (atomic_load_explicit(&x->halt, memory_order_relaxed))
		return false;

	for (int c = 0; c < b->w; c++) {
		if (!legal[c])
			continue;
		q[c] = v[c].proven ? -(double)v[c].proven : -v[c].v;
		if (st != NULL) {
			atomic_store_explicit(&st->col[c].kind, SCORE_HEURISTIC,
			    memory_order_relaxed);
			atomic_store_explicit(&st->col[c].score,
			    avg_score(q[c]), memory_order_relaxed);
			atomic_store_explicit(&st->col[c].state, COL_DONE,
			    memory_order_relaxed);
		}
	}
	if (st != NULL)
		atomic_store_explicit(&st->depth, d, memory_order_relaxed);
	return true;
}

void
average_search(const board_t *b, const struct search_limits *lim,
    struct stats *st, atomic_bool *stop, struct search_result *r)
{
	struct avg_ctx x;
	double best_q[BOARD_MAX_WIDTH];
	bool legal[BOARD_MAX_WIDTH];
	int threads = lim->threads < 1 ? 1 : lim->threads;
	int max_depth = lim->depth < 1 ? 1 : lim->depth;
	int finished = 0;
	uint64_t t0 = util_now_ns(), half_ns = 0;

	if (threads > STATS_MAX_THREADS)
		threads = STATS_MAX_THREADS;
	if (max_depth > b->w * b->h - b->moves)
		max_depth = b->w * b->h - b->moves;
	if (max_depth < 1)
		max_depth = 1;

	memset(&x, 0, sizeof x);
	x.st = st;
	x.stop = stop;
	x.abort = lim->abort;
	atomic_init(&x.halt, false);
	atomic_init(&x.nodes, 0);
	x.node_limit = lim->node_limit;
	x.split = lim->split_depth > 0 ? lim->split_depth : AVERAGE_SPLIT;
	if (lim->time_limit > 0) {
		x.deadline_ns = t0 + (uint64_t)(lim->time_limit * 1e9);
		half_ns = t0 + (uint64_t)(lim->time_limit * 0.5e9);
	}

	for (int c = 0; c < b->w; c++) {
		legal[c] = board_can_play(b, c) && !b->over;
		best_q[c] = 0.0;
		if (st != NULL)
			atomic_store_explicit(&st->col[c].state,
			    legal[c] ? COL_WAITING : COL_ILLEGAL,
			    memory_order_relaxed);
	}

	/* Iterative deepening only pays under a time limit (no new iteration
	 * once half of it is spent); without one, the requested depth is
	 * searched at once. */
	int first = lim->time_limit > 0 ? 1 : max_depth;

#pragma omp parallel num_threads(threads) default(none) \
    shared(b, x, best_q, legal, first, max_depth, finished, half_ns)
#pragma omp single
	for (int d = first; d <= max_depth; d++) {
		double q[BOARD_MAX_WIDTH] = { 0 };
		if (d > first && util_now_ns() >= half_ns)
			break;
		if (!avg_iteration(b, d, &x, legal, q))
			break;
		memcpy(best_q, q, sizeof q);
		finished = d;
	}

	/* The result, from the last finished iteration. */
	memset(r, 0, sizeof *r);
	r->ncols = b->w;
	r->threads = threads;
	r->depth = finished;
	r->kind = SCORE_HEURISTIC;
	/* As in the other modes: partial when stopped from outside before
	 * the deepest iteration (a time or node limit is not a stop). */
	r->partial = stop != NULL &&
	    atomic_load_explicit(stop, memory_order_relaxed) &&
	    finished < max_depth;
	if (finished == 0) {
		/* Nothing finished: a move that does not lose at once. */
		uint64_t safe = board_non_losing_moves(b);
		for (int c = 0; c < b->w; c++)
			best_q[c] = board_is_winning_move(b, c) ? 1.0 :
			    (safe & board_column_mask(b, c)) ? 0.0 : -1.0;
		r->partial = true;
	}
	r->move = avg_choose(b, best_q, legal, lim->seed);
	for (int c = 0; c < b->w; c++) {
		r->col_kind[c] = legal[c] && finished > 0 ? SCORE_HEURISTIC :
		    SCORE_NONE;
		r->col_score[c] = legal[c] ? avg_score(best_q[c]) : 0;
	}
	r->score = r->move >= 0 ? avg_score(best_q[r->move]) : 0;
	if (r->move >= 0) {
		r->pv_len = 1;
		r->pv[0] = r->move;
		if (st != NULL)
			stats_set_pv(st, r->pv, 1);
	}
	r->nodes = atomic_load_explicit(&x.nodes, memory_order_relaxed);
	r->seconds = (double)(util_now_ns() - t0) / 1e9;
}
