/* search.c -- negamax alpha-beta: the exact solver (null-window iterations
 * on the score) and depth-limited play (iterative deepening with a
 * heuristic evaluation), both task-parallel below the root.
 *
 * The parallel shape is young brothers wait: a node searches its first
 * (best-ordered) child itself, then hands the remaining siblings to OpenMP
 * tasks while enough of the game is left, and waits for them.  A sibling
 * that proves a cut-off sets its split point's flag; every task polls the
 * chain of split points above it and unwinds without storing anything.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "average.h"
#include "eval.h"
#include "exact.h"
#include "order.h"
#include "search.h"
#include "split.h"
#include "util.h"

/* Children a node searches itself before the rest are shared out. */
#ifndef YBW_ELDERS
#define YBW_ELDERS 2
#endif
/* Below this many empty cells a node never splits (tasks too small). */
#ifndef EXACT_MIN_SPLIT_LEFT
#define EXACT_MIN_SPLIT_LEFT 20
#endif
#define DEPTH_MIN_SPLIT_DEPTH 5
/* Mirror symmetry is worth its cost only in the opening. */
#ifndef SYMMETRY_PLIES
#define SYMMETRY_PLIES 16
#endif
/* Enhanced transposition cut-offs where a subtree is worth a few probes. */
#ifndef ETC_MIN_CELLS
#define ETC_MIN_CELLS 10
#endif

enum tt_mode { TT_EMPTY, TT_EXACT, TT_DEPTH };

/* Nodes with fewer empty cells than this use a small table that stays in
 * the cache: most probes happen there, and a miss into a big table costs
 * more than the few nodes it would save. */
#ifndef LEAF_CELLS
#define LEAF_CELLS 14
#endif
#define LEAF_TT_MB 4

struct search {
	struct tt tt;
	/* One small leaf table per thread: shared, its lines would bounce
	 * between the cores' caches on every store. */
	struct tt leaf[STATS_MAX_THREADS];
	int nleaf;
	enum tt_mode tt_mode;
	atomic_bool stop;
	struct stats stats;
};

struct search *
search_new(size_t tt_mb)
{
	struct search *s = xcalloc(1, sizeof *s);
	tt_init(&s->tt, tt_mb, 64);
	tt_init(&s->leaf[0], LEAF_TT_MB, 64);
	s->nleaf = 1;
	s->tt_mode = TT_EMPTY;
	atomic_init(&s->stop, false);
	return s;
}

void
search_free(struct search *s)
{
	if (s == NULL)
		return;
	tt_free(&s->tt);
	for (int i = 0; i < s->nleaf; i++)
		tt_free(&s->leaf[i]);
	free(s);
}

/* Empty the big table and every leaf table, for keys of key_bits bits. */
static void
clear_tables(struct search *s, int key_bits)
{
	tt_clear(&s->tt, key_bits);
	for (int i = 0; i < s->nleaf; i++)
		tt_clear(&s->leaf[i], key_bits);
}

void
search_clear(struct search *s)
{
	clear_tables(s, s->tt.key_bits);
	s->tt_mode = TT_EMPTY;
}

void
search_stop(struct search *s)
{
	atomic_store(&s->stop, true);
}

struct stats *
search_stats(struct search *s)
{
	return &s->stats;
}

const struct tt *
search_tt(const struct search *s)
{
	return &s->tt;
}

const char *const search_split_names[SPLIT_NSCHEMES] = {
	[SPLIT_DEEP] = "deep",
	[SPLIT_ROOT] = "root",
	[SPLIT_LAZY] = "lazy",
};

void
search_limits_default(struct search_limits *lim)
{
	memset(lim, 0, sizeof *lim);
	lim->mode = SEARCH_DEPTH;
	lim->depth = 12;
	lim->threads = 1;
	lim->split = SPLIT_DEEP;
}

/* ---- helpers -------------------------------------------------------- */

static inline int
work_bits(uint64_t n)
{
	return n ? 64 - __builtin_clzll(n) : 0;
}

/* The key used in the table, and whether it is the mirror image's. */
static inline uint64_t
tt_key(const board_t *b, bool *mirrored)
{
	uint64_t k = board_key(b);
	*mirrored = false;
	if (b->moves < SYMMETRY_PLIES) {
		uint64_t m = board_mirror_key(b, k);
		if (m < k) {
			*mirrored = true;
			return m;
		}
	}
	return k;
}

static inline int
unmirror(const board_t *b, int col, bool mirrored)
{
	return col < 0 || !mirrored ? col : b->w - 1 - col;
}

static inline struct tt *
table_at(const struct split_ctx *c, int empty)
{
	return empty < LEAF_CELLS ? &c->sh->leaf[c->tid] : c->sh->tt;
}

static inline struct tt *
table_for(const struct split_ctx *c, const board_t *b)
{
	return table_at(c, b->w * b->h - b->moves);
}

static inline bool
probe(struct split_ctx *c, struct tt *tt, uint64_t key, struct tt_entry *e)
{
	c->probes++;
	bool hit = tt_probe(tt, key, e);
	c->hits += hit;
	return hit;
}

/* Lazy SMP helpers perturb the order of the later moves a little. */
static void
perturb(struct split_ctx *c, struct order_list *o)
{
	if (c->rng == 0 || o->n < 3)
		return;
	c->rng = c->rng * 1103515245u + 12345u;
	int i = 1 + (int)((c->rng >> 16) % (uint32_t)(o->n - 1));
	int j = 1 + (int)((c->rng >> 8) % (uint32_t)(o->n - 1));
	int tc = o->col[i];
	uint64_t tcell = o->cell[i];
	o->col[i] = o->col[j];
	o->cell[i] = o->cell[j];
	o->col[j] = tc;
	o->cell[j] = tcell;
}


/*
 * What the table says of a node from an earlier search: it failed low (all
 * children had to be searched: an ALL node, where splitting costs nothing),
 * it failed high (a CUT node: one good child should do), or nothing.
 */
enum node_hint { HINT_NONE, HINT_ALL, HINT_CUT };

static inline enum node_hint
node_hint(enum bound bd)
{
	return bd == BOUND_UPPER ? HINT_ALL :
	    bd == BOUND_LOWER ? HINT_CUT : HINT_NONE;
}

/*
 * How many children a node searches itself before the rest are shared out:
 * 0 (root splitting: all at once at the root), the young brothers' elders,
 * or n (no split).  An expected ALL node splits after YBW_ELDERS children
 * whenever it is deep enough in the game; any other node only while some
 * thread has nothing to do, and a CUT node only after one more child,
 * because a sibling searched beside the one that cuts is wasted work.
 */
static inline int
split_index(const struct split_ctx *c, const board_t *b, int ply, int n,
    enum node_hint hint)
{
	const struct split_shared *sh = c->sh;
	if (sh->threads <= 1 || sh->lim->split == SPLIT_LAZY || n < 2)
		return n;
	if (sh->lim->split == SPLIT_ROOT)
		return ply == 0 ? 0 : n;
	if (ply >= sh->split_depth ||
	    b->w * b->h - b->moves < sh->min_split_left)
		return n;
	if (hint != HINT_ALL && !split_thread_free(sh))
		return n;
	/* At least two moves to share. */
	int elders = hint == HINT_CUT ? YBW_ELDERS + 1 : YBW_ELDERS;
	return elders <= n - 2 ? elders : n;
}

static void
col_publish(struct stats *st, int col, enum col_state state,
    enum score_kind kind, int score)
{
	atomic_store_explicit(&st->col[col].score, score, memory_order_relaxed);
	atomic_store_explicit(&st->col[col].kind, kind, memory_order_relaxed);
	atomic_store_explicit(&st->col[col].state, state, memory_order_release);
}

/* ---- depth-limited search ------------------------------------------- */

static inline int
proven_win(int exact_score)
{
	return SCORE_PROVEN + exact_score;
}

static int dsearch(struct split_ctx *c, const board_t *b, int depth,
    int alpha, int beta, int ply, int *best);

/* What a split point of the depth-limited search shares; the best value so
 * far is the split point's alpha. */
struct depth_node {
	const board_t *b;
	const struct order_list *o;
	int depth, beta, ply;
};

static void
depth_move(struct split_ctx *c, struct split_point *sp, int k)
{
	const struct depth_node *x = sp->arg;
	int a = atomic_load_explicit(&sp->alpha, memory_order_relaxed);
	board_t nb = *x->b;
	board_play_cell(&nb, x->o->cell[k]);
	int v = -dsearch(c, &nb, x->depth - 1, -x->beta, -a, x->ply + 1, NULL);
	if (c->aborted)
		return;
	/* A value at or below the alpha it was searched with is only a
	 * bound: keep it below every real alpha. */
	sp->val[k] = v <= a ? -SCORE_INF + 1 : v;
	if (v >= x->beta) {
		atomic_store(&sp->cut, true);
		split_count_cutoff(c);
	}
	int cur = atomic_load(&sp->alpha);
	while (v > cur && !atomic_compare_exchange_weak(&sp->alpha, &cur, v))
		;
}

static int
dsearch(struct split_ctx *c, const board_t *b, int depth, int alpha, int beta,
    int ply, int *best)
{
	const int cells = b->w * b->h;
	struct tt_entry e;
	struct order_list o;
	bool mirrored;
	int ttmove = -1, bestmove = -1;
	const int alpha0 = alpha;

	split_node(c);
	if (c->aborted)
		return 0;

	/* 1. Terminal and forced positions: proven values. */
	if (board_can_win_next(b)) {
		if (best) {
			uint64_t w = board_my_winning_cells(b) &
			    board_possible(b);
			for (int col = 0; col < b->w; col++)
				if (w & board_column_mask(b, col))
					*best = col;
		}
		return proven_win(board_win_score(b));
	}
	uint64_t next = board_non_losing_moves(b);
	if (next == 0)
		return -proven_win((cells - b->moves) / 2);
	if (b->moves >= cells - 2)
		return 0;
	if (depth <= 0)
		return eval_board(c->sh->eval, b);

	/* 2. Transposition table. */
	struct tt *tt = table_for(c, b);
	uint64_t key = tt_key(b, &mirrored);
	enum node_hint hint = HINT_NONE;
	if (probe(c, tt, key, &e)) {
		ttmove = unmirror(b, e.move, mirrored);
		hint = node_hint(e.bound);
		bool proven = e.value >= SCORE_PROVEN || e.value <= -SCORE_PROVEN;
		if (e.depth >= depth || proven) {
			if ((e.bound & BOUND_LOWER) && e.value >= beta) {
				if (best)
					*best = ttmove;
				return e.value;
			}
			if ((e.bound & BOUND_UPPER) && e.value <= alpha)
				return e.value;
			if (e.bound == BOUND_EXACT) {
				if (best)
					*best = ttmove;
				return e.value;
			}
		}
	}

	/* 3. Children. */
	order_moves(b, next, ttmove, c->sh->lim->no_ordering, &o);
	int bestv = -SCORE_INF;
	int i = 0;
	int split_at = depth >= DEPTH_MIN_SPLIT_DEPTH ?
	    split_index(c, b, ply, o.n, hint) : o.n;
	for (; i < o.n && i < split_at; i++) {
		board_t nb = *b;
		board_play_cell(&nb, o.cell[i]);
		int v = -dsearch(c, &nb, depth - 1, -beta, -alpha, ply + 1,
		    NULL);
		if (c->aborted)
			return 0;
		if (v > bestv) {
			bestv = v;
			bestmove = o.col[i];
		}
		if (v > alpha)
			alpha = v;
		if (alpha >= beta)
			goto done;
	}
	if (i < o.n) {
		struct split_point sp;
		const struct depth_node x = { b, &o, depth, beta, ply };
		sp.move = depth_move;
		sp.arg = &x;
		atomic_init(&sp.alpha, alpha);
		for (int k = i; k < o.n; k++)
			sp.val[k] = -SCORE_INF;
		split_run(c, &sp, ply, i, o.n);
		if (split_chain_cut(c->sp) ||
		    atomic_load_explicit(c->sh->stop, memory_order_relaxed)) {
			c->aborted = true;
			return 0;
		}
		for (int k = i; k < o.n; k++) {
			if (sp.val[k] > bestv) {
				bestv = sp.val[k];
				bestmove = o.col[k];
			}
		}
		if (bestv > alpha)
			alpha = bestv;
		if (bestv <= -SCORE_INF + 1)
			bestv = alpha0; /* all children were bounds */
	}
done:
	/* 4. Store. */
	{
		enum bound bd = bestv >= beta ? BOUND_LOWER :
		    bestv <= alpha0 ? BOUND_UPPER : BOUND_EXACT;
		bool proven = bestv >= SCORE_PROVEN || bestv <= -SCORE_PROVEN;
		tt_store(tt, key, bestv, bd, proven ? TT_DEPTH_MAX : depth,
		    unmirror(b, bestmove, mirrored));
	}
	if (best)
		*best = bestmove;
	return bestv;
}

/* ---- the root -------------------------------------------------------- */

static uint64_t
splitmix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* Scores as the result reports them. */
static void
to_result_score(int v, enum score_kind *kind, int *score)
{
	if (v >= SCORE_PROVEN) {
		*kind = SCORE_EXACT;
		*score = v - SCORE_PROVEN;
	} else if (v <= -SCORE_PROVEN) {
		*kind = SCORE_EXACT;
		*score = v + SCORE_PROVEN;
	} else {
		*kind = SCORE_HEURISTIC;
		*score = v;
	}
}

/* Ranking key of a column's score for choosing a move: exact and bounds by
 * value, heuristic between loss and win. */
static int
rank_of(enum score_kind kind, int score)
{
	switch (kind) {
	case SCORE_EXACT:
	case SCORE_LOWER:
	case SCORE_UPPER:
		if (score > 0)
			return 10000 + score;
		if (score < 0)
			return -10000 + score;
		return 0;
	case SCORE_HEURISTIC:
		return score;
	case SCORE_NONE:
		break;
	}
	return -100000;
}

/* Pick the best column of r (random tie-break with the seed). */
static void
pick_best(const board_t *b, const struct search_limits *lim,
    struct search_result *r)
{
	const int *centre = order_centre(b->w);
	int best_rank = -1000000, n = 0;
	int ties[BOARD_MAX_WIDTH];
	for (int i = 0; i < b->w; i++) {
		int col = centre[i];
		if (r->col_kind[col] == SCORE_NONE)
			continue;
		int rk = rank_of(r->col_kind[col], r->col_score[col]);
		if (rk > best_rank) {
			best_rank = rk;
			n = 0;
		}
		if (rk == best_rank)
			ties[n++] = col;
	}
	if (n == 0)
		return;
	int pick = 0;
	if (lim->seed && n > 1)
		pick = (int)(splitmix(lim->seed ^ ((uint64_t)b->mask * 31) ^
				 board_key(b)) %
		    (uint64_t)n);
	r->move = ties[pick];
	r->score = r->col_score[r->move];
	r->kind = r->col_kind[r->move];
}

/* The principal variation's next entry: the big table, or near the end
 * whichever thread's leaf table has the position. */
static bool
pv_probe(const struct search *s, const board_t *b, uint64_t key,
    struct tt_entry *e)
{
	if (s->tt_mode == TT_EXACT || b->w * b->h - b->moves >= LEAF_CELLS)
		return tt_probe(&s->tt, key, e);
	for (int i = 0; i < s->nleaf; i++)
		if (tt_probe(&s->leaf[i], key, e))
			return true;
	return false;
}

static void
extract_pv(struct search *s, const board_t *root, int first,
    struct search_result *r)
{
	board_t b = *root;
	int len = 0;
	int col = first;
	while (col >= 0 && len < STATS_PV_MAX && board_can_play(&b, col) &&
	    !b.over) {
		r->pv[len++] = col;
		if (board_play_checked(&b, col) != BOARD_OK || b.over ||
		    board_is_full(&b))
			break;
		bool mirrored;
		struct tt_entry e;
		uint64_t key = s->tt_mode == TT_EXACT ?
		    exact_key(&b, &mirrored) : tt_key(&b, &mirrored);
		if (!pv_probe(s, &b, key, &e))
			break;
		col = unmirror(&b, e.move, mirrored);
		if (board_can_win_next(&b)) {
			uint64_t w = board_my_winning_cells(&b) &
			    board_possible(&b);
			for (int cc = 0; cc < b.w; cc++)
				if (w & board_column_mask(&b, cc))
					col = cc;
		}
	}
	r->pv_len = len;
	stats_set_pv(&s->stats, r->pv, len);
}

/* One column of an exact analysis: the child's exact score, negated. */
static void
analyze_column(struct split_ctx *c, const board_t *b, int col, bool weak,
    struct search_result *r)
{
	struct stats *st = c->sh->stats;
	board_t nb = *b;
	int lo, hi, mv;

	col_publish(st, col, COL_SEARCHING, SCORE_NONE, 0);
	if (board_is_winning_move(b, col)) {
		r->col_kind[col] = SCORE_EXACT;
		r->col_score[col] = weak ? 1 : board_win_score(b);
		col_publish(st, col, COL_DONE, SCORE_EXACT, r->col_score[col]);
		return;
	}
	board_play(&nb, col);
	if (board_is_full(&nb)) {
		r->col_kind[col] = SCORE_EXACT;
		r->col_score[col] = 0;
		col_publish(st, col, COL_DONE, SCORE_EXACT, 0);
		return;
	}
	bool done = exact_solve(c, &nb, weak, &lo, &hi, &mv);
	if (done) {
		r->col_kind[col] = SCORE_EXACT;
		r->col_score[col] = -lo;
	} else {
		/* Partial: the child's lo is our upper bound. */
		int cells = nb.w * nb.h;
		r->col_kind[col] = lo > -(cells - nb.moves) / 2 ? SCORE_UPPER :
		    hi < (cells + 1 - nb.moves) / 2 ? SCORE_LOWER : SCORE_NONE;
		r->col_score[col] = r->col_kind[col] == SCORE_UPPER ? -lo : -hi;
	}
	col_publish(st, col, done ? COL_DONE : COL_SEARCHING, r->col_kind[col],
	    r->col_score[col]);
}

static void
run_exact(struct split_ctx *c, const board_t *b, struct search_result *r)
{
	const struct search_limits *lim = c->sh->lim;
	const bool weak = lim->mode == SEARCH_WEAK;
	struct stats *st = c->sh->stats;
	uint64_t legal = board_possible(b);

	if (lim->analyze) {
		/* Every column, as one task each (root splitting) or in turn
		 * with deep splitting inside. */
		struct order_list o;
		order_moves(b, legal, -1, lim->no_ordering, &o);
		if (lim->split == SPLIT_ROOT && c->sh->threads > 1) {
			split_count_spawn(c, o.n);
			for (int k = 0; k < o.n; k++) {
#pragma omp task firstprivate(k) shared(o, b, c, r)
				{
					struct split_ctx tc;
					split_ctx_task(&tc, c, c->tid,
					    o.col[k]);
					analyze_column(&tc, b, o.col[k], weak, r);
					split_ctx_finish(&tc);
				}
			}
			split_wait_begin(c);
#pragma omp taskwait
			split_wait_end(c);
		} else {
			for (int k = 0; k < o.n; k++) {
				c->root_col = o.col[k];
				analyze_column(c, b, o.col[k], weak, r);
				if (c->aborted)
					break;
			}
			c->root_col = -1;
		}
		r->partial = atomic_load(c->sh->stop);
		pick_best(b, lim, r);
		return;
	}

	int lo, hi, mv;
	bool done = exact_solve(c, b, weak, &lo, &hi, &mv);
	r->move = mv;
	r->partial = !done;
	if (done) {
		r->kind = SCORE_EXACT;
		r->score = lo;
	} else {
		int cells = b->w * b->h;
		r->kind = lo > -(cells - b->moves) / 2 ? SCORE_LOWER :
		    SCORE_UPPER;
		r->score = r->kind == SCORE_LOWER ? lo : hi;
	}
	if (mv >= 0 && done) {
		r->col_kind[mv] = SCORE_EXACT;
		r->col_score[mv] = lo;
		col_publish(st, mv, COL_DONE, SCORE_EXACT, lo);
	}
}

/* Depth-limited: iterative deepening, every root column searched with the
 * full window so the panel can show them all. */
static void
run_depth(struct split_ctx *c, const board_t *b, struct search_result *r,
    double t0)
{
	const struct search_limits *lim = c->sh->lim;
	struct stats *st = c->sh->stats;
	struct order_list o;
	const int cells = b->w * b->h;
	int maxd = lim->depth < 1 ? 1 : lim->depth;
	struct search_result cur;
	int prev_best = -1;

	if (maxd > cells - b->moves)
		maxd = cells - b->moves;
	for (int d = 1; d <= maxd; d++) {
		cur = *r;
		order_moves(b, board_possible(b), prev_best, lim->no_ordering,
		    &o);
		int val[BOARD_MAX_WIDTH];
		for (int k = 0; k < o.n; k++)
			col_publish(st, o.col[k], COL_WAITING,
			    r->col_kind[o.col[k]], r->col_score[o.col[k]]);
		for (int k = 0; k < o.n; k++) {
			int col = o.col[k];
			if (c->sh->threads > 1 && k > 0 &&
			    lim->split != SPLIT_LAZY) {
				split_count_spawn(c, 1);
#pragma omp task firstprivate(k, col) shared(o, b, c, val)
				{
					struct split_ctx tc;
					split_ctx_task(&tc, c, c->tid, col);
					col_publish(st, col, COL_SEARCHING,
					    SCORE_NONE, 0);
					board_t nb = *b;
					board_play(&nb, col);
					val[k] = board_is_winning_move(b, col) ?
					    proven_win(board_win_score(b)) :
					    -dsearch(&tc, &nb, d - 1,
						-SCORE_INF, SCORE_INF, 1, NULL);
					if (!tc.aborted) {
						enum score_kind kd;
						int sc;
						to_result_score(val[k], &kd, &sc);
						col_publish(st, col, COL_DONE,
						    kd, sc);
					}
					split_ctx_finish(&tc);
				}
			} else {
				int save = c->root_col;
				c->root_col = col;
				col_publish(st, col, COL_SEARCHING, SCORE_NONE,
				    0);
				board_t nb = *b;
				board_play(&nb, col);
				val[k] = board_is_winning_move(b, col) ?
				    proven_win(board_win_score(b)) :
				    -dsearch(c, &nb, d - 1, -SCORE_INF,
					SCORE_INF, 1, NULL);
				c->root_col = save;
				if (!c->aborted) {
					enum score_kind kd;
					int sc;
					to_result_score(val[k], &kd, &sc);
					col_publish(st, col, COL_DONE, kd, sc);
				}
			}
		}
		split_wait_begin(c);
#pragma omp taskwait
		split_wait_end(c);
		if (c->aborted || atomic_load(c->sh->stop))
			break;
		bool all_proven = true;
		for (int k = 0; k < o.n; k++) {
			to_result_score(val[k], &cur.col_kind[o.col[k]],
			    &cur.col_score[o.col[k]]);
			if (cur.col_kind[o.col[k]] != SCORE_EXACT)
				all_proven = false;
		}
		pick_best(b, lim, &cur);
		cur.depth = d;
		*r = cur;
		prev_best = r->move;
		atomic_store_explicit(&st->depth, d, memory_order_relaxed);
		extract_pv(c->sh->search, b, r->move, r);
		if (all_proven)
			break;
		/* No new iteration once half of the time is spent. */
		if (lim->time_limit > 0 &&
		    util_now_s() - t0 >= lim->time_limit / 2)
			break;
	}
	r->partial = atomic_load(c->sh->stop) && r->depth < maxd;
}

/* Lazy SMP: every thread solves the root with a perturbed order. */
static void
run_lazy(struct split_shared *sh, const board_t *b, struct search_result *r)
{
#pragma omp parallel num_threads(sh->threads)
	{
		struct split_ctx c;
		struct search_result mine = *r;
		split_ctx_root(&c, sh);
		c.rng = c.tid ? 2654435761u * (uint32_t)(c.tid + 1) : 0;
		if (sh->lim->mode == SEARCH_DEPTH)
			run_depth(&c, b, &mine, util_now_s());
		else
			run_exact(&c, b, &mine);
		split_ctx_finish(&c);
		if (!c.aborted && !mine.partial &&
		    !atomic_exchange(&sh->done, true)) {
			*r = mine;
		}
	}
	if (!atomic_load(&sh->done))
		r->partial = true;
}

void
search_run(struct search *s, const board_t *b, const struct search_limits *lim,
    struct search_result *r)
{
	struct split_shared sh;
	struct eval_tab et;
	double t0 = util_now_s();
	int threads = lim->threads < 1 ? 1 :
	    lim->threads > STATS_MAX_THREADS ? STATS_MAX_THREADS : lim->threads;
	const bool exact_mode =
	    lim->mode == SEARCH_EXACT || lim->mode == SEARCH_WEAK;
	const int key_bits = b->w * (b->h + 1);

	/* A stop asked for while no search ran is not for this one; the
	 * engine stops a search that has not started yet through lim->abort. */
	atomic_store(&s->stop, false);
	memset(r, 0, sizeof *r);
	r->move = -1;
	r->ncols = b->w;
	r->threads = threads;

	/* The table holds one kind of value: exact scores or depth-limited
	 * heuristics; switching (or a new board size) empties it. */
	enum tt_mode want = exact_mode ? TT_EXACT : TT_DEPTH;
	if (s->tt_mode == TT_EMPTY) {
		s->tt.key_bits = key_bits;
		for (int i = 0; i < s->nleaf; i++)
			s->leaf[i].key_bits = key_bits;
	} else if (s->tt_mode != want || s->tt.key_bits != key_bits) {
		clear_tables(s, key_bits);
	}
	s->tt_mode = want;

	stats_begin(&s->stats, b, threads, exact_mode, &s->tt);
	if (b->over || board_is_full(b)) {
		stats_end(&s->stats);
		return;
	}
	if (lim->mode == SEARCH_AVERAGE) {
		average_search(b, lim, &s->stats, &s->stop, r);
		r->seconds = util_now_s() - t0;
		stats_end(&s->stats);
		atomic_store(&s->stop, false);
		return;
	}

	memset(&sh, 0, sizeof sh);
	if (!exact_mode)
		eval_init(&et, b);
	sh.search = s;
	sh.lim = lim;
	sh.tt = &s->tt;
	for (; s->nleaf < threads; s->nleaf++)
		tt_init(&s->leaf[s->nleaf], LEAF_TT_MB, key_bits);
	sh.leaf = s->leaf;
	sh.stats = &s->stats;
	sh.stop = &s->stop;
	sh.threads = threads;
	sh.eval = &et;
	atomic_init(&sh.done, false);
	atomic_init(&sh.nodes, 0);
	split_shared_init(&sh, lim->split == SPLIT_LAZY ? 1 : threads);
	if (lim->time_limit > 0)
		sh.deadline_ns =
		    util_now_ns() + (uint64_t)(lim->time_limit * 1e9);
	sh.split_depth = lim->split_depth > 0 ? lim->split_depth :
	    exact_mode ? SEARCH_MAX_DEPTH : 8;
	sh.min_split_left = exact_mode ? EXACT_MIN_SPLIT_LEFT : 4;

	if (lim->split == SPLIT_LAZY && threads > 1) {
		run_lazy(&sh, b, r);
	} else {
#pragma omp parallel num_threads(threads)
#pragma omp single
		{
			struct split_ctx c;
			split_ctx_root(&c, &sh);
			if (exact_mode)
				run_exact(&c, b, r);
			else
				run_depth(&c, b, r, t0);
			split_ctx_finish(&c);
		}
	}
	if (exact_mode && r->move >= 0)
		extract_pv(s, b, r->move, r);
	if (exact_mode && lim->mode == SEARCH_EXACT && !r->partial)
		atomic_store_explicit(&s->stats.depth, b->w * b->h - b->moves,
		    memory_order_relaxed);
	if (exact_mode)
		r->depth = b->w * b->h - b->moves;
	split_shared_free(&sh);
	r->nodes = atomic_load(&sh.nodes);
	r->seconds = util_now_s() - t0;
	stats_end(&s->stats);
	if (atomic_load(&s->stop))
		r->partial = true;
	atomic_store(&s->stop, false);
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
	static const char *const modes[] = {
		[SEARCH_EXACT] = "perfect play",
		[SEARCH_WEAK] = "win/draw/loss solver",
		[SEARCH_DEPTH] = "depth",
		[SEARCH_AVERAGE] = "averaged outcomes, depth",
	};
	int n = lim->mode == SEARCH_EXACT || lim->mode == SEARCH_WEAK ?
	    snprintf(buf, len, "%s", modes[lim->mode]) :
	    snprintf(buf, len, "%s %d", modes[lim->mode], lim->depth);
	if (n < 0 || (size_t)n >= len)
		return;
	n += snprintf(buf + n, len - (size_t)n, ", %d thread%s%s",
	    lim->threads, lim->threads == 1 ? "" : "s",
	    lim->no_ordering ? ", no ordering" : "");
	if (lim->time_limit > 0 && n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, ", at most %g s a move",
		    lim->time_limit);
}

const char *
search_score_words(const board_t *b, enum score_kind kind, int score,
    char *buf, size_t len)
{
	const int cells = b->w * b->h;
	/* A win with score s > 0 comes with stone number m, where
	 * (cells + 1 - m) / 2 = s and m has the parity of moves: it is the
	 * ((m - moves) / 2 + 1)-th stone of the side to move.  A loss with
	 * -s is the opponent's ((m - moves - 1) / 2 + 1)-th stone. */
	int n;
	switch (kind) {
	case SCORE_NONE:
		snprintf(buf, len, "?");
		break;
	case SCORE_HEURISTIC:
		snprintf(buf, len, "%+d", score);
		break;
	case SCORE_EXACT:
	case SCORE_LOWER:
	case SCORE_UPPER:
		if (score == 0) {
			snprintf(buf, len, kind == SCORE_EXACT ? "draw" :
			    kind == SCORE_LOWER ? "draw or better" :
			    "draw or worse");
			break;
		}
		/* Own stones still to play, winning stone included. */
		n = score > 0 ? (cells + 1 - 2 * score - b->moves) / 2 + 1 :
		    (cells + 2 * score - b->moves) / 2 + 1;
		if (n < 1)
			n = 1;
		snprintf(buf, len, "%s%s in %d", kind == SCORE_EXACT ? "" :
		    kind == SCORE_LOWER ? "at least " : "at most ",
		    score > 0 ? "win" : "loss", n);
		break;
	}
	return buf;
}
