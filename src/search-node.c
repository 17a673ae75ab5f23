/* search-node.c -- the node search of depth-limited play: negamax with
 * alpha-beta, the table, the move order, and young brothers wait for the
 * parallel part.  (The exact solver's node search is in exact.c.)
 *
 * The parallel shape is young brothers wait: a node searches its first
 * (best-ordered) child itself, then hands the remaining siblings to the
 * split machinery (split.c) while enough of the game is left, and waits for
 * them.  A sibling that proves a cut-off sets its split point's flag; every
 * task polls the chain of split points above it and unwinds without
 * storing anything.
 */
#include "config.h"

#include "eval.h"
#include "order.h"
#include "search-int.h"


/* ---- depth-limited search ------------------------------------------- */

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
	int v = -search_depth(c, &nb, x->depth - 1, -x->beta, -a,
	    x->ply + 1);
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

int
search_depth(struct split_ctx *c, const board_t *b, int depth, int alpha,
    int beta, int ply)
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
	if (board_can_win_next(b))
		return proven_win(board_max_score(b));
	uint64_t next = board_non_losing_moves(b);
	if (next == 0)
		return proven_loss(board_min_score(b));
	if (b->moves >= cells - 2)
		return 0;
	if (depth <= 0)
		return eval_board(c->team->eval, b);

	/* 2. Transposition table. */
	struct tt *tt = table_for(c, b);
	uint64_t key = tt_key(b, &mirrored);
	enum bound known = BOUND_NONE;
	if (probe(c, tt, key, &e)) {
		ttmove = unmirror(b, e.move, mirrored);
		known = e.bound;
		bool proven = e.value >= SCORE_PROVEN || e.value <= -SCORE_PROVEN;
		if (e.depth >= depth || proven) {
			if (((e.bound & BOUND_LOWER) && e.value >= beta) ||
			    ((e.bound & BOUND_UPPER) && e.value <= alpha) ||
			    e.bound == BOUND_EXACT)
				return e.value;
		}
	}

	/* 3. Children. */
	order_moves(b, next, ttmove, c->team->lim->no_ordering, &o);
	int bestv = -SCORE_INF;
	int i = 0;
	int split_at = depth >= DEPTH_MIN_SPLIT_DEPTH ?
	    split_index(c, b, ply, o.n, known) : o.n;
	for (; i < o.n && i < split_at; i++) {
		board_t nb = *b;
		board_play_cell(&nb, o.cell[i]);
		int v = -search_depth(c, &nb, depth - 1, -beta, -alpha,
		    ply + 1);
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
		    atomic_load_explicit(c->team->stop, memory_order_relaxed)) {
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
	return bestv;
}
