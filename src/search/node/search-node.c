/* search-node.c -- the node search of depth-limited play: negamax with
 * alpha-beta, the table, the move order, and young brothers wait for the
 * parallel part.  (The exact solver's node search is in search-exact.c.)
 *
 * The parallel shape is young brothers wait: a node searches its first
 * (best-ordered) child itself, then hands the remaining siblings to the
 * split machinery (split.c) while enough of the game is left, and waits for
 * them.  A sibling that proves a cut-off sets its split point's flag; every
 * task polls the chain of split points above it and unwinds without
 * storing anything.
 */
#include "config.h"

#include <assert.h>

#include "search/node/eval.h"
#include "search/node/order.h"
#include "search/node/search-int.h"

/* ---- nodes and split points --------------------------------------- */

/* A node's place in the table: which table, the key (of the mirror image
 * in the opening), and what a probe found there. */
struct node_slot {
	struct tt *tt;
	bb_t key;
	bool mirrored;
	int move;         /* the remembered move, unmirrored; -1 none */
	enum bound known; /* what the entry says of the node */
};

/* Find the node's slot and probe it; true (and *e) on a hit. */
static inline bool
slot_probe(struct split_ctx *c, const board_t *b, struct node_slot *ns,
           struct tt_entry *e)
{
	ns->tt = table_for(c, b);
	ns->key = tt_key(b, &ns->mirrored);
	ns->move = -1;
	ns->known = BOUND_NONE;
	if (!probe(c, ns->tt, ns->key, e))
		return false;
	ns->move = unmirror(b, e->move, ns->mirrored);
	ns->known = e->bound;
	return true;
}

/* Store the node's value with its move (a column of b, or -1). */
static inline void
slot_store(const struct node_slot *ns, const board_t *b, int value,
           enum bound bound, int depth, int move)
{
	tt_store(ns->tt, ns->key, value, bound, depth,
	         unmirror(b, move, ns->mirrored));
}

/*
 * What a split point shares of its node: the position, its ordered moves,
 * beta and the depth; the best value so far is the split point's alpha.
 */
struct node_view {
	const board_t *b;
	const struct order_list *o;
	int beta, depth, ply;
};

/* Move k of a split point's node, played on a copy. */
static inline board_t
child_of(const struct node_view *x, int k)
{
	board_t nb = *x->b;
	board_play_cell(&nb, x->o->cell[k]);
	return nb;
}

/* ---- depth-limited search ------------------------------------------- */

static void
depth_move(struct split_ctx *c, struct split_point *sp, int k)
{
	const struct node_view *x = sp->arg;
	int a = atomic_load_explicit(&sp->alpha, memory_order_relaxed);
	/* A sibling's value at or above beta may have raised alpha after
	 * this move was taken (it sets the cut, then alpha): the node is cut,
	 * and the window would be empty. */
	if (a >= x->beta)
		return;
	board_t nb = child_of(x, k);
	int v = -search_depth(c, &nb, x->depth - 1, -x->beta, -a, x->ply + 1);
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

/* The children of node b from the i-th on, shared out at a split point
 * (alpha the node's so far): the best of them into *bestv and *bestmove
 * when better; false when the search stopped. */
static bool
split_children(struct split_ctx *c, const board_t *b,
               const struct order_list *o, int i, int depth, int ply, int alpha,
               int beta, int *bestv, int *bestmove)
{
	struct split_point sp;
	const struct node_view x = {
	    .b = b, .o = o, .beta = beta, .depth = depth, .ply = ply};
	sp.move = depth_move;
	sp.arg = &x;
	atomic_init(&sp.alpha, alpha);
	for (int k = i; k < o->n; k++)
		sp.val[k] = -SCORE_INF;
	split_run(c, &sp, ply, i, o->n);
	if (split_chain_cut(c->sp) || split_stopped(c->team)) {
		c->aborted = true;
		return false;
	}
	for (int k = i; k < o->n; k++) {
		if (sp.val[k] > *bestv) {
			*bestv = sp.val[k];
			*bestmove = o->col[k];
		}
	}
	return true;
}

int
search_depth(struct split_ctx *c, const board_t *b, int depth, int alpha,
             int beta, int ply)
{
	const int cells = b->w * b->h;
	struct tt_entry e;
	struct order_list o;
	struct node_slot ns;
	int bestmove = -1;
	const int alpha0 = alpha;

	/* The window is a real one, inside the scale's bounds. */
	assert(alpha < beta && alpha >= -SCORE_INF && beta <= SCORE_INF);
	assert(!b->over && depth <= SEARCH_MAX_DEPTH);
	split_node(c, b->moves);
	if (c->aborted)
		return 0;

	/* 1. Terminal and forced positions: proven values. */
	if (board_can_win_next(b))
		return proven_win(board_max_score(b));
	bb_t next = board_non_losing_moves(b);
	if (next == 0)
		return proven_loss(board_min_score(b));
	if (b->moves >= cells - 2)
		return 0;

	/* 2. The opening book: its exact value, a win or a loss as a proven
	 * value, a draw as 0 (as the last cells' draws above). */
	int known;
	if (book_hit(c, b, &known))
		return search_depth_from_exact(known);
	if (depth <= 0)
		return eval_board(c->team->eval, b);

	/* 3. Transposition table. */
	if (slot_probe(c, b, &ns, &e)) {
		bool proven =
		    e.value >= SCORE_PROVEN || e.value <= -SCORE_PROVEN;
		if (e.depth >= depth || proven) {
			if (((e.bound & BOUND_LOWER) && e.value >= beta) ||
			    ((e.bound & BOUND_UPPER) && e.value <= alpha) ||
			    e.bound == BOUND_EXACT)
				return e.value;
		}
	}

	/* 4. Children. */
	order_moves(b, next, ns.move, c->team->lim->no_ordering, &o);
	int bestv = -SCORE_INF;
	int i = 0;
	int split_at = depth >= DEPTH_MIN_SPLIT_DEPTH
	                   ? split_index(c, b, ply, o.n, ns.known)
	                   : o.n;
	for (; i < o.n && i < split_at; i++) {
		board_t nb = *b;
		board_play_cell(&nb, o.cell[i]);
		int v =
		    -search_depth(c, &nb, depth - 1, -beta, -alpha, ply + 1);
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
	if (i < o.n && !split_children(c, b, &o, i, depth, ply, alpha, beta,
	                               &bestv, &bestmove))
		return 0;
	if (i < o.n && bestv <= -SCORE_INF + 1)
		bestv = alpha0; /* all children were bounds */
done:
	/* 5. Store: a value on the depth-limited scale. */
	assert(bestv > -SCORE_INF && bestv < SCORE_INF);
	{
		enum bound bd = bestv >= beta     ? BOUND_LOWER
		                : bestv <= alpha0 ? BOUND_UPPER
		                                  : BOUND_EXACT;
		bool proven = bestv >= SCORE_PROVEN || bestv <= -SCORE_PROVEN;
		slot_store(&ns, b, bestv, bd, proven ? TT_DEPTH_MAX : depth,
		           bestmove);
	}
	return bestv;
}
