/* search-node.c -- the node searches of the exact solver and the
 * depth-limited search: negamax with alpha-beta, the table, the move
 * order, and young brothers wait for the parallel part.
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
	const struct split_team *team = c->team;
	if (team->threads <= 1 || team->lim->split == SPLIT_LAZY || n < 2)
		return n;
	if (team->lim->split == SPLIT_ROOT)
		return ply == 0 ? 0 : n;
	if (ply >= team->split_depth ||
	    b->w * b->h - b->moves < team->min_split_left)
		return n;
	if (hint != HINT_ALL && !split_thread_free(team))
		return n;
	/* At least two moves to share. */
	int elders = hint == HINT_CUT ? YBW_ELDERS + 1 : YBW_ELDERS;
	return elders <= n - 2 ? elders : n;
}

/* ---- the exact solver ----------------------------------------------- */

/* A node's place in the table: which table, the key (of the mirror image
 * in the opening), and what a probe found there. */
struct node_slot {
	struct tt *tt;
	uint64_t key;
	bool mirrored;
	int move;            /* the remembered move, unmirrored; -1 none */
	enum node_hint hint; /* what the entry says of the node */
};

/* Find the node's slot and probe it; true (and *e) on a hit. */
static inline bool
slot_probe(struct split_ctx *c, const board_t *b, struct node_slot *ns,
    struct tt_entry *e)
{
	ns->tt = table_for(c, b);
	ns->key = tt_key(b, &ns->mirrored);
	ns->move = -1;
	ns->hint = HINT_NONE;
	if (!probe(c, ns->tt, ns->key, e))
		return false;
	ns->move = unmirror(b, e->move, ns->mirrored);
	ns->hint = node_hint(e->bound);
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
 * What a split point shares of its node: the position, its ordered moves
 * and the window.  The exact solver's alpha is fixed; the depth-limited
 * search keeps its best value so far in the split point's alpha instead
 * (and has a depth).
 */
struct node_view {
	const board_t *b;
	const struct order_list *o;
	int alpha, beta, depth, ply;
};

/* Move k of a split point's node, played on a copy. */
static inline board_t
child_of(const struct node_view *x, int k)
{
	board_t nb = *x->b;
	board_play_cell(&nb, x->o->cell[k]);
	return nb;
}

static void
exact_move(struct split_ctx *c, struct split_point *sp, int k)
{
	const struct node_view *x = sp->arg;
	board_t nb = child_of(x, k);
	int v = -search_exact(c, &nb, -x->beta, -x->alpha, x->ply + 1,
	    NULL);
	if (c->aborted)
		return;
	sp->val[k] = v;
	if (v >= x->beta) {
		atomic_store(&sp->cut, true);
		split_count_cutoff(c);
	}
}

/*
 * Negamax with alpha-beta for a position where the side to move cannot win
 * at once.  Returns a fail-hard value inside [alpha, beta] on a fail-low
 * and the found value on a fail-high.  *best gets the cut-off move.
 */
int
search_exact(struct split_ctx *c, const board_t *b, int alpha, int beta,
    int ply, int *best)
{
	const int cells = b->w * b->h;
	struct tt_entry e;
	struct order_list o;
	uint64_t before = split_work(c);
	struct node_slot ns;
	int bestmove = -1;

	/* 1. Count and poll. */
	split_node(c);
	if (c->aborted)
		return 0;

	/* 2. Forced losses, draws and the score window: a move that does not
	 * lose at once cannot lose to the opponent's next stone, and a side
	 * that cannot win now cannot win with this stone. */
	uint64_t next = board_non_losing_moves(b);
	if (next == 0)
		return board_min_score(b);
	if (b->moves >= cells - 2)
		return 0;
	int lo = board_min_score(b) + 1;
	if (alpha < lo) {
		alpha = lo;
		if (alpha >= beta)
			return alpha;
	}
	int hi = board_max_score(b) - 1;
	if (beta > hi) {
		beta = hi;
		if (alpha >= beta)
			return beta;
	}

	/* 2a. The opening book (not at the root: it wants a move). */
	int bv;
	if (best == NULL && book_hit(c, b, &bv))
		return bv <= alpha ? alpha : bv;

	/* 3. Transposition table: bounds and the remembered move. */
	if (slot_probe(c, b, &ns, &e)) {
		/* At the root the cut-off move is wanted: search it. */
		if (best == NULL && (e.bound & BOUND_LOWER) &&
		    e.value > alpha) {
			alpha = e.value;
			if (alpha >= beta)
				return alpha;
		}
		if ((e.bound & BOUND_UPPER) && e.value < beta) {
			beta = e.value;
			if (alpha >= beta)
				return beta;
		}
	}

	/* 4. Children, best first. */
	order_moves(b, next, ns.move, c->team->lim->no_ordering, &o);
	perturb(c, &o);
	/* 4a. Enhanced transposition cut-off: a child already known to be
	 * bad enough for the opponent cuts this node without a search. */
	if (cells - b->moves > ETC_MIN_CELLS) {
		/* The children's buckets are random accesses into a big table:
		 * start loading them all before looking at the first. */
		uint64_t ckey[BOARD_MAX_WIDTH];
		struct tt *ctt = table_at(c, cells - b->moves - 1);
		for (int k = 0; k < o.n; k++) {
			board_t nb = *b;
			bool m;
			board_play_cell(&nb, o.cell[k]);
			ckey[k] = tt_key(&nb, &m);
			tt_prefetch(ctt, ckey[k]);
		}
		for (int k = 0; k < o.n; k++) {
			if (probe(c, ctt, ckey[k], &e) &&
			    (e.bound & BOUND_UPPER) && -e.value >= beta) {
				slot_store(&ns, b, -e.value, BOUND_LOWER,
				    work_bits(split_work(c) - before), o.col[k]);
				if (best)
					*best = o.col[k];
				return -e.value;
			}
		}
	}
	int i = 0;
	int split_at = split_index(c, b, ply, o.n, ns.hint);
	for (; i < o.n && i < split_at; i++) {
		board_t nb = *b;
		board_play_cell(&nb, o.cell[i]);
		int v = -search_exact(c, &nb, -beta, -alpha, ply + 1, NULL);
		if (c->aborted)
			return 0;
		if (v >= beta) {
			bestmove = o.col[i];
			slot_store(&ns, b, v, BOUND_LOWER,
			    work_bits(split_work(c) - before), bestmove);
			if (best)
				*best = bestmove;
			return v;
		}
		if (v > alpha) {
			alpha = v;
			bestmove = o.col[i];
		}
	}

	/* 5. Young brothers: the rest shared out among the threads. */
	if (i < o.n) {
		struct split_point sp;
		const struct node_view x = { .b = b, .o = &o, .alpha = alpha,
			.beta = beta, .ply = ply };
		sp.move = exact_move;
		sp.arg = &x;
		for (int k = i; k < o.n; k++)
			sp.val[k] = alpha;
		split_run(c, &sp, ply, i, o.n);
		if (split_chain_cut(c->sp) ||
		    atomic_load_explicit(c->team->stop, memory_order_relaxed) ||
		    atomic_load_explicit(&c->team->done, memory_order_relaxed)) {
			c->aborted = true;
			return 0;
		}
		for (int k = i; k < o.n; k++) {
			if (sp.val[k] >= beta) {
				bestmove = o.col[k];
				slot_store(&ns, b, sp.val[k], BOUND_LOWER,
				    work_bits(split_work(c) - before), bestmove);
				if (best)
					*best = bestmove;
				return sp.val[k];
			}
			if (sp.val[k] > alpha) {
				alpha = sp.val[k];
				bestmove = o.col[k];
			}
		}
	}

	/* 6. Fail low: an upper bound. */
	slot_store(&ns, b, alpha, BOUND_UPPER,
	    work_bits(split_work(c) - before),
	    bestmove >= 0 ? bestmove : ns.move);
	if (best)
		*best = bestmove;
	return alpha;
}

/* ---- depth-limited search ------------------------------------------- */

static void
depth_move(struct split_ctx *c, struct split_point *sp, int k)
{
	const struct node_view *x = sp->arg;
	int a = atomic_load_explicit(&sp->alpha, memory_order_relaxed);
	board_t nb = child_of(x, k);
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
	struct node_slot ns;
	int bestmove = -1;
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
	if (slot_probe(c, b, &ns, &e)) {
		bool proven = e.value >= SCORE_PROVEN || e.value <= -SCORE_PROVEN;
		if (e.depth >= depth || proven) {
			if (((e.bound & BOUND_LOWER) && e.value >= beta) ||
			    ((e.bound & BOUND_UPPER) && e.value <= alpha) ||
			    e.bound == BOUND_EXACT)
				return e.value;
		}
	}

	/* 3. Children. */
	order_moves(b, next, ns.move, c->team->lim->no_ordering, &o);
	int bestv = -SCORE_INF;
	int i = 0;
	int split_at = depth >= DEPTH_MIN_SPLIT_DEPTH ?
	    split_index(c, b, ply, o.n, ns.hint) : o.n;
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
		const struct node_view x = { .b = b, .o = &o, .beta = beta,
			.depth = depth, .ply = ply };
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
		slot_store(&ns, b, bestv, bd, proven ? TT_DEPTH_MAX : depth,
		    bestmove);
	}
	return bestv;
}
