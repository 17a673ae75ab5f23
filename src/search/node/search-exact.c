/* search-exact.c -- the exact solver: fail-soft negamax with a null
 * window, driven from the root by probes that halve the interval far from
 * 0 and step by one near it.
 *
 * What makes it fast, in the order a node meets it:
 *   1. Game knowledge as bounds: a side that can no longer make any four
 *      cannot win (draw cap); when the first player is to move on a board
 *      of even height, the second player can take every even-row cell that
 *      is not playable now by answering in the same column (claimeven), and
 *      if the first player then has no four left the score is at most 0, or
 *      at most -1 when those cells hold a second-player four; at most -1
 *      too when each four the first player has left lies above one of the
 *      second player's in the same columns and direction (that one is
 *      whole first).
 *   2. The shared table (and, for the last 14 to 24 empty cells, a small
 *      cache-resident leaf table, one for all threads: settings.h),
 *      keyed by the position or, in the opening,
 *      its mirror image if that key is smaller.  Results are stored as the
 *      value found (fail-soft), not the window edge; a lower and an upper
 *      bound that meet become an exact entry, and an exact entry is never
 *      replaced by a bound of the same position (tt_store_solved()).
 *   3. A look at every child before any is searched: a move after which the
 *      opponent has no safe reply wins at once; a child whose claimeven
 *      bound (1. above, from the child's side) already refutes the window
 *      cuts the node; a child whose table entry already refutes the window
 *      cuts the node, and one whose entry keeps it at or below alpha is
 *      not searched.
 *   4. Move ordering by useful threats: cells where the move completes a
 *      three that are not directly above an opponent's winning cell, the
 *      ones just above the playable cells counted most.
 *
 * Parallel search: the remaining moves of a node are shared out through
 * split points (split.c) as in the depth-limited search, or every thread
 * searches the whole tree with a perturbed order (lazy SMP, search-root.c).
 */
#include "config.h"

#include <assert.h>

#include "search/node/exact-bounds.h"
#include "search/node/node-stats.h"
#include "search/node/order.h"
#include "search/node/search-int.h"
#include "core/util.h"

/* A value below every score: a move that was not searched. */
#define EXACT_NONE (-1000)

/* ---- move ordering ------------------------------------------------- */

/* Score of a move: the useful threats it leaves (`mine`: the cells where
 * the mover would now complete a four; `theirs`: the opponent's), weighted
 * by how soon they can be played (`play`: the playable cells after it). */
static inline int
move_score(const board_t *b, bb_t mine, bb_t theirs, bb_t play)
{
	bb_t useful = mine & ~(theirs << 1);
	bb_t up1 = (play << 1) & b->full;
	bb_t up2 = (up1 << 1) & b->full;
	return 6 * bb_popcount(useful & up1) + 3 * bb_popcount(useful & up2) +
	       2 * bb_popcount(useful) + 4 * bb_popcount(mine & play);
}

/* True if the side to move (winning cells `opp_win` against it, playable
 * cells `play`) has no move that does not lose at once. */
static inline bool
no_safe_reply(bb_t play, bb_t opp_win)
{
	/* Without branches: whether a move is forced is not predictable. */
	const bb_t forced = play & opp_win;
	const bool two = (forced & (forced - 1)) != 0;
	play = forced ? forced : play;
	return two | ((play & ~(opp_win >> 1)) == 0);
}

/* ---- positions being searched ----------------------------------------- */

/* On two or more threads, a node with at least EXACT_BUSY_MIN_CELLS empty
 * cells marks its key while it searches its children (settings.h).  A
 * thread never finds its own mark on a child: a child has more stones
 * than every position on the thread's way down, helping included. */
static inline uint64_t
busy_key(bb_t key)
{
#if BOARD_BITS == 64
	return (uint64_t)key; /* never 0: the key holds the bottom row */
#else
	return (uint64_t)key ^ util_mix64((uint64_t)(key >> 64)) ^ 1;
#endif
}

static inline _Atomic uint64_t *
busy_at(const struct split_team *team, uint64_t k)
{
	return &team->busy[util_mix64(k) & (EXACT_BUSY_SLOTS - 1)].key;
}

/* Mark k as being searched; false if its slot holds another position (the
 * node then goes unmarked). */
static inline bool
busy_mark(const struct split_team *team, uint64_t k)
{
	uint64_t none = 0;
	return atomic_compare_exchange_strong_explicit(busy_at(team, k), &none,
	                                               k, memory_order_relaxed,
	                                               memory_order_relaxed);
}

static inline void
busy_clear(const struct split_team *team, uint64_t k)
{
	atomic_store_explicit(busy_at(team, k), 0, memory_order_relaxed);
}

static inline bool
busy_elsewhere(const struct split_team *team, uint64_t k)
{
	return atomic_load_explicit(busy_at(team, k), memory_order_relaxed) ==
	       k;
}

/* Move child i of the order to the end, its younger brothers up one. */
static inline void
defer_child(struct order_list *o, int *idx, int i)
{
	const int n = o->n, ti = idx[i], tc = o->col[i];
	const bb_t tcell = o->cell[i];
	for (int j = i; j < n - 1; j++) {
		idx[j] = idx[j + 1];
		o->col[j] = o->col[j + 1];
		o->cell[j] = o->cell[j + 1];
	}
	idx[n - 1] = ti;
	o->col[n - 1] = tc;
	o->cell[n - 1] = tcell;
}

/* ---- the search ---------------------------------------------------- */

/* A child as its parent sees it in step 4: what the child's own node
 * would compute first is handed down to it (exact()'s `pre`). */
struct child {
	int col;
	bool mirrored;
	bool opp_can_four; /* its opponent can still make a four */
	bb_t cell;
	bb_t key;                 /* exact_key() of the child */
	_Atomic uint64_t *bucket; /* its table entry's place (tt_locate()) */
	uint64_t check;
	bb_t opp_win; /* the child's board_opp_winning_cells() */
};

static int exact(struct split_ctx *c, const board_t *b, int alpha, int beta,
                 int ply, int *best, const struct child *pre);
static int exact_team(struct split_ctx *c, const board_t *b, int alpha,
                      int beta, int ply, int *best, const struct child *pre);
static int exact_solo(struct split_ctx *c, const board_t *b, int alpha,
                      int beta, int ply, int *best, const struct child *pre);

/* A child's search (`nb`, `empty` empty cells, at `ply`).  In a team
 * (`in_team`) it gets the team's node where it may split, mark itself as
 * being searched or perturb its order (lazy SMP); below team->team_cells
 * none of its subtree can, and the one thread's node, without that code,
 * searches the same tree faster (docs/parallel-search.md, "Putting off
 * what another thread is searching").  Returns the child's value, from
 * its side. */
static inline int
exact_child(struct split_ctx *c, const board_t *nb, int alpha, int beta,
            int ply, const struct child *pre, int empty, bool in_team)
{
	return in_team && (empty >= c->team->team_cells ||
	                   (c->rng != 0 && ply <= LAZY_PERTURB_PLIES))
	           ? exact_team(c, nb, alpha, beta, ply, NULL, pre)
	           : exact_solo(c, nb, alpha, beta, ply, NULL, pre);
}

/* What a split point of the exact solver shares. */
struct exact_node {
	const board_t *b;
	const struct order_list *o;
	int alpha, beta, ply;
};

static void
exact_move(struct split_ctx *c, struct split_point *sp, int k)
{
	const struct exact_node *x = sp->arg;
	board_t nb = *x->b;
	board_play_cell(&nb, x->o->cell[k]);
	int v = -exact_child(c, &nb, -x->beta, -x->alpha, x->ply + 1, NULL,
	                     nb.w * nb.h - nb.moves, true);
	if (c->aborted)
		return;
	sp->val[k] = v;
	if (v >= x->beta) {
		atomic_store(&sp->cut, true);
		split_count_cutoff(c);
	}
}

/* Order keys of the children: the move score, then the centre. */
#define EXACT_KEY(score, rank) ((score)*32 - (rank))

/* Lazy SMP helpers perturb the order of near-tied moves near the root:
 * each move's score (key[], EXACT_KEY()) gets 0 to 3 more. */
static void
perturb(struct split_ctx *c, int *key, int n, int ply)
{
	if (c->rng == 0 || ply > LAZY_PERTURB_PLIES)
		return;
	for (int i = 0; i < n; i++) {
		key[i] += EXACT_KEY((int)(util_rand(&c->rng) % 4u), 0);
	}
}

/* What a node of the exact search knows about itself, step by step. */
struct exact_frame {
	bb_t key;                 /* exact_key() */
	_Atomic uint64_t *bucket; /* its table entry's place (tt_locate()) */
	uint64_t check;
	bb_t opp_win;     /* board_opp_winning_cells() */
	bb_t play;        /* board_possible() */
	bb_t next;        /* the moves that do not lose at once */
	bool mirrored;    /* the key is the mirror image's */
	bool can_four;    /* the side to move can still make a four */
	int cells;        /* w * h */
	int max_score;    /* board_max_score() */
	int lo, hi;       /* bounds on the node's value */
	int ttmove;       /* the table's move, or -1 */
	enum bound known; /* the table entry's bound, BOUND_NONE if none */
	uint64_t before;  /* split_work() as the node began */
	/* Children whose table entry puts them at or below alpha (bit k for
	 * child k, exact_etc()): their value from our side, not searched. */
	unsigned low;
	int8_t low_value[BOARD_MAX_WIDTH];
};
_Static_assert(BOARD_MAX_CELLS / 2 + 1 <= INT8_MAX && BOARD_MAX_WIDTH <= 32,
               "a score fits low_value[], a child low's bits");

/* Step 2: forced losses, draws and what can still be won.  The parent
 * (pre) has found the key, the entry's place and the opponent's winning
 * cells already, and started loading the entry.  True when that settles
 * the node against the window, its value in *v. */
FORCE_INLINE bool
exact_bounds(struct split_ctx *c, const board_t *b, int alpha, int beta,
             const struct child *pre, struct exact_frame *f, int *v)
{
	const int cells = f->cells;
	if (pre != NULL) {
		f->key = pre->key;
		f->mirrored = pre->mirrored;
		f->bucket = pre->bucket;
		f->check = pre->check;
		f->opp_win = pre->opp_win;
	} else {
		bool mirrored;
		_Atomic uint64_t *bucket;
		uint64_t check;
		f->key = exact_key(b, &mirrored);
		tt_locate(table_at(c, cells - b->moves), f->key, &bucket,
		          &check);
		__builtin_prefetch((const void *)bucket);
		f->mirrored = mirrored;
		f->bucket = bucket;
		f->check = check;
		f->opp_win = board_opp_winning_cells(b);
	}
	const bb_t play = board_possible(b);
	const bb_t forced = play & f->opp_win;
	f->play = play;
	/* A forced move, if any, is the only one; never below their four. */
	f->next = (forced ? forced : play) & ~(f->opp_win >> 1);
	/* board_min_score() and board_max_score(), from `cells`: the calls
	 * would multiply w * h again. */
	const unsigned empty_cells = (unsigned)(cells - b->moves); /* >= 1 */
	const int min_score = -(int)(empty_cells / 2);
	f->max_score = (int)((empty_cells + 1) / 2);
	if (f->next == 0 || (forced & (forced - 1))) {
		*v = min_score;
		return true;
	}
	if (b->moves >= cells - 2) {
		*v = 0;
		return true;
	}
	/* Not lost with the opponent's next stone, not won with this one.
	 * Whether we can still make a four; whether they can, which is what
	 * the parent found for itself (its stones and the empty cells are
	 * the opponent's stones and empty cells here). */
	const bb_t empty = b->full & ~b->mask;
	f->can_four = board_has_four_fast(b->current | empty, b->h);
	f->lo = min_score + 1;
	f->hi = upper_bound(b, f->max_score - 1, f->can_four);
	/* The opponent's draw cap is our floor. */
	if (f->lo < 0 &&
	    !(pre != NULL
	          ? pre->opp_can_four
	          : board_has_four_fast((b->current ^ b->mask) | empty, b->h)))
		f->lo = 0;
	if (f->hi <= alpha || f->lo >= f->hi) {
		*v = f->hi;
		return true;
	}
	if (f->lo >= beta) {
		*v = f->lo;
		return true;
	}
	return false;
}

/* Step 3: the table's entry narrows the bounds, or settles the node (the
 * root, `best` set, only with a move to give); then the window shrinks to
 * the bounds.  True when settled, the value in *v. */
FORCE_INLINE bool
exact_probe(struct split_ctx *c, const board_t *b, int *alpha, int *beta,
            int *best, struct exact_frame *f, int *v)
{
	struct tt_entry e;
	f->ttmove = -1;
	f->known = BOUND_NONE;
	const bool hit = probe_at(c, f->bucket, f->check, &e);
	NODE_EVENT(f->cells - b->moves, NEV_PROBE, 1);
	NODE_EVENT(f->cells - b->moves, NEV_HIT, hit);
	if (hit) {
		f->known = e.bound;
		f->ttmove = unmirror(b, e.move, f->mirrored);
		if (e.bound == BOUND_EXACT &&
		    (best == NULL || f->ttmove >= 0)) {
			if (best)
				*best = f->ttmove;
			*v = e.value;
			return true;
		}
		if (e.bound & BOUND_LOWER) {
			f->lo = imax(f->lo, e.value);
			if (f->lo >= *beta &&
			    (best == NULL || f->ttmove >= 0)) {
				if (best)
					*best = f->ttmove;
				*v = f->lo;
				return true;
			}
		}
		if (e.bound & BOUND_UPPER) {
			f->hi = imin(f->hi, e.value);
			if (f->hi <= *alpha) {
				*v = f->hi;
				return true;
			}
		}
	}
	if (f->lo >= f->hi && best == NULL) {
		*v = f->lo;
		return true;
	}
	*alpha = imax(*alpha, f->lo);
	*beta = imin(*beta, f->hi);
	if (*alpha >= *beta) {
		/* The root, known but without a move: search for one. */
		*alpha = *beta - 1;
	}
	return false;
}

/* Step 4: every child looked at before any is searched, into ch[0..*n):
 * its key, its entry's place (prefetched); its order key into key[].  True when
 * a move leaves the opponent no safe reply (we win with our next stone),
 * or when, no move doing so, the lower cap settles the node; the value in
 * *v. */
FORCE_INLINE bool
exact_children(struct split_ctx *c, const board_t *b, int alpha, int *beta,
               int *best, struct exact_frame *f, struct child *ch, int *key,
               int *n, int *v)
{
	struct tt *ctt = table_at(c, f->cells - b->moves - 1);
	const bool plain = c->team->lim->no_ordering;
	const bb_t theirs = b->current ^ b->mask; /* a child's mover's */
	const bb_t next = f->next;
	/* The children's claimeven bound: when they are the first player's
	 * to move on a board of even height, and a bound of 0 or -1 on
	 * theirs would reach beta on ours. */
	const bool ce_child = *beta <= 1 && (b->moves & 1) && !(b->h & 1);
	*n = 0;
	for (bb_t rest = next; rest != 0; rest &= rest - 1) {
		const bb_t cell = rest & -rest;
		const int col = board_column_of_cell(b, cell);
		const bb_t nmask = b->mask | cell;
		const bb_t mine =
		    board_winning_cells_fast(b->current | cell, nmask, b);
		const bb_t nplay = f->play ^ cell ^ ((cell << 1) & b->full);
		if (no_safe_reply(nplay, mine)) {
			NODE_KIND(f->cells - b->moves, NODE_WIN);
			if (best)
				*best = col;
			*v = f->max_score - 1;
			return true;
		}
		if (ce_child && child_claimeven_refutes(b, cell, *beta, v)) {
			NODE_KIND(f->cells - b->moves, NODE_BOUNDS);
			if (best)
				*best = col;
			return true;
		}
		struct child *x = &ch[(*n)++];
		x->col = col;
		x->cell = cell;
		/* The child's key (board_key() after the move), or in the
		 * opening the smaller of it and its mirror image's. */
		x->key = theirs + nmask;
		x->mirrored = false;
		if (b->moves + 1 < EXACT_SYMMETRY_PLIES) {
			board_t nb = *b;
			board_play_cell(&nb, cell);
			x->key = exact_key(&nb, &x->mirrored);
		}
		x->opp_win = mine;
		x->opp_can_four = f->can_four;
		tt_locate(ctt, x->key, &x->bucket, &x->check);
		__builtin_prefetch((const void *)x->bucket);
		int score =
		    plain || !(next & (next - 1))
		        ? 0
		        : move_score(b, mine, f->opp_win & ~cell, nplay);
		if (col == f->ttmove)
			score +=
			    plain ? ORDER_FIRST_BONUS : EXACT_TT_MOVE_BONUS;
		key[*n - 1] = EXACT_KEY(score, board_centre_rank(b->w, col));
	}
	/* No move wins with our next stone either. */
	if (f->hi > f->max_score - 2) {
		f->hi = f->max_score - 2;
		if (f->hi <= alpha) {
			NODE_KIND(f->cells - b->moves, NODE_CAP);
			*v = f->hi;
			return true;
		}
		*beta = imin(*beta, f->hi);
	}
	return false;
}

/* Step 4b: enhanced transposition cut-off: a child already known to be bad
 * enough for the opponent cuts the node without a search.  True when one
 * does, the value in *v (and stored).  A child known to be no better for
 * us than alpha goes into f->low: its bound stands for its search
 * (exact_moves()), as a bound of a fail-soft search would. */
FORCE_INLINE bool
exact_etc(struct split_ctx *c, const board_t *b, int alpha, int beta, int *best,
          struct exact_frame *f, const struct child *ch, int n, int *v)
{
	struct tt_entry e;
	f->low = 0;
	if (f->cells - b->moves <= EXACT_ETC_MIN_CELLS)
		return false;
	for (int k = 0; k < n; k++) {
		const bool hit = probe_at(c, ch[k].bucket, ch[k].check, &e);
		NODE_EVENT(f->cells - b->moves, NEV_ETC_PROBE, 1);
		NODE_EVENT(f->cells - b->moves, NEV_ETC_HIT, hit);
		if (!hit)
			continue;
		if ((e.bound & BOUND_UPPER) && -e.value >= beta) {
			NODE_KIND(f->cells - b->moves, NODE_ETC);
			STATS_STORE(f->cells - b->moves, f->bucket, f->check);
			tt_store_solved_at(f->bucket, f->check, -e.value,
			                   BOUND_LOWER,
			                   work_bits(split_work(c) - f->before),
			                   unmirror(b, ch[k].col, f->mirrored));
			tap_store(c, f->cells - b->moves, f->bucket, f->check);
			if (best)
				*best = ch[k].col;
			*v = -e.value;
			return true;
		}
		/* A child at least -alpha from its side cannot raise ours:
		 * its bound stands for its search (exact_moves()). */
		if ((e.bound & BOUND_LOWER) && -e.value <= alpha) {
			f->low |= 1u << k;
			f->low_value[k] = (int8_t)-e.value;
		}
	}
	return false;
}

/* The children's order into o (idx: their indices in ch), best first by
 * key[] (sorted in place); centre first among equals (the rank makes every
 * key different). */
FORCE_INLINE void
exact_order(const struct child *ch, int *key, int n, int *idx,
            struct order_list *o)
{
	order_sort(key, n, idx);
	o->n = n;
	for (int i = 0; i < n; i++) {
		o->col[i] = ch[idx[i]].col;
		o->cell[i] = ch[idx[i]].cell;
	}
}

/* Step 5, the younger children from o's `from` on shared out through a
 * split point.  *value and *bestmove take the best of them; c->aborted
 * when the search stops. */
FORCE_INLINE void
exact_split(struct split_ctx *c, const board_t *b, const struct order_list *o,
            int alpha, int beta, int ply, int from, int *value, int *bestmove)
{
	const struct split_team *team = c->team;
	const int n = o->n;
	struct split_point sp;
	const struct exact_node x = {b, o, alpha, beta, ply};
	sp.move = exact_move;
	sp.arg = &x;
	for (int k = from; k < n; k++)
		sp.val[k] = EXACT_NONE;
	split_run(c, &sp, ply, from, n);
	if (split_chain_cut(c->sp) || split_over(team)) {
		c->aborted = true;
		return;
	}
	for (int k = from; k < n; k++) {
		if (sp.val[k] > *value) {
			*value = sp.val[k];
			*bestmove = o->col[k];
		}
	}
}

/* Step 5: the children, best first, until one reaches beta; those from
 * split_index() on maybe shared out.  On two or more threads a big node
 * marks itself as being searched, and puts off a younger child that
 * another thread is searching (each child at most once, the last never):
 * by the time it comes back to it, the table may hold its value.  Returns
 * the best child's value (fail-soft), its column in *bestmove; c->aborted
 * when the search stops. */
FORCE_INLINE int
exact_moves(struct split_ctx *c, const board_t *b, int alpha, int beta, int ply,
            const struct exact_frame *f, const struct child *ch, int *idx,
            struct order_list *o, bool in_team, int *bestmove)
{
	const struct split_team *team = c->team;
	const int n = o->n;
	const int empty = f->cells - b->moves;
	int value = EXACT_NONE;
	const int at = split_index(c, b, ply, n, f->known);
	uint64_t bkey = 0; /* this node's mark, 0 if none */
	int defers = 0;    /* children it may still put off */
	if (in_team && team->busy != NULL && empty >= EXACT_BUSY_MIN_CELLS) {
		const uint64_t k = busy_key(f->key);
		bkey = busy_mark(team, k) ? k : 0;
		defers = n - 2;
	}
	int i = 0;
	for (; i < n && i < at; i++) {
		/* Never the first child: the node's value rests on it. */
		if (in_team && defers > 0 && i > 0 && i < n - 1 &&
		    busy_elsewhere(team, busy_key(ch[idx[i]].key))) {
			defer_child(o, idx, i--);
			defers--;
			split_count_defer(c);
			continue;
		}
		int v;
		if (f->low >> idx[i] & 1) {
			v = f->low_value[idx[i]];
		} else {
			board_t nb = *b;
			board_play_cell(&nb, o->cell[i]);
			v = -exact_child(c, &nb, -beta, -alpha, ply + 1,
			                 &ch[idx[i]], empty - 1, in_team);
			if (c->aborted)
				break;
		}
		if (v > value) {
			value = v;
			*bestmove = o->col[i];
		}
		if (v >= beta)
			break;
		if (v > alpha)
			alpha = v;
	}
	NODE_EVENT(empty, NEV_SEARCHED, i < n ? i + 1 : i);
	if (!c->aborted && value < beta && i < n)
		exact_split(c, b, o, alpha, beta, ply, i, &value, bestmove);
	if (bkey)
		busy_clear(team, bkey);
	return value;
}

/* Step 6: store the value found (fail-soft) against the window the
 * children were searched with, alpha0..beta; bounds that meet are exact.
 * Returns the value, raised to the node's lower bound. */
FORCE_INLINE int
exact_store(struct split_ctx *c, const board_t *b, const struct exact_frame *f,
            int alpha0, int beta, int value, int bestmove)
{
	enum bound bd;
	if (value >= beta) {
		bd = value >= f->hi ? BOUND_EXACT : BOUND_LOWER;
	} else if (value <= alpha0) {
		if (value < f->lo)
			value = f->lo;
		bd = value <= f->lo ? BOUND_EXACT : BOUND_UPPER;
	} else {
		bd = BOUND_EXACT;
	}
	STATS_STORE(f->cells - b->moves, f->bucket, f->check);
	tt_store_solved_at(
	    f->bucket, f->check, value, bd,
	    work_bits(split_work(c) - f->before),
	    unmirror(b, bestmove >= 0 ? bestmove : f->ttmove, f->mirrored));
	tap_store(c, f->cells - b->moves, f->bucket, f->check);
	return value;
}

/*
 * Fail-soft negamax for a position where the side to move cannot win at
 * once.  Returns v: the exact value if alpha < v < beta, an upper bound if
 * v <= alpha, a lower bound if v >= beta.  *best gets a move reaching v
 * when v > alpha.
 *
 * Its steps, each a helper above: 1. count the node; 2. bounds from the
 * rules (exact_bounds()); 2a. the book; 3. the table (exact_probe());
 * 4. every child looked at (exact_children(), exact_etc()); 5. the
 * children searched best first (exact_order(), exact_moves()); 6. the
 * value stored (exact_store()).
 *
 * The node is compiled twice (exact_solo(), exact_team()) so that the one
 * thread's search carries no code for the others, which would slow it
 * through the code's layout (docs/parallel-search.md, "Putting off what
 * another thread is searching").
 */
FORCE_INLINE int
exact_body(struct split_ctx *c, const board_t *b, int alpha, int beta, int ply,
           int *best, const struct child *pre, const bool in_team)
{
	struct exact_frame f;
	struct child ch[BOARD_MAX_WIDTH];
	struct order_list o;
	int key[BOARD_MAX_WIDTH], idx[BOARD_MAX_WIDTH], n, v;

	/* A real window on the exact scale, at a position not over. */
	assert(alpha < beta && alpha >= -SCORE_INF && beta <= SCORE_INF);
	assert(!b->over);
	f.cells = b->w * b->h;
	f.before = split_work(c);
	split_node(c, b->moves); /* 1. count the node, poll for a stop */
	if (c->aborted)
		return 0;
	if (exact_bounds(c, b, alpha, beta, pre, &f, &v)) {
		NODE_KIND(f.cells - b->moves, NODE_BOUNDS);
		return v;
	}
	/* 2a. The opening book (not at the root: it wants a move). */
	if (best == NULL && book_hit(c, b, &v)) {
		NODE_KIND(f.cells - b->moves, NODE_BOOK);
		return v;
	}
	if (STATS_C4(f.cells - b->moves, (f.play & f.opp_win) != 0,
	             exact_probe(c, b, &alpha, &beta, best, &f, &v)) ||
	    exact_children(c, b, alpha, &beta, best, &f, ch, key, &n, &v) ||
	    exact_etc(c, b, alpha, beta, best, &f, ch, n, &v))
		return v;
	if (in_team) /* lazy SMP only */
		perturb(c, key, n, ply);
	exact_order(ch, key, n, idx, &o);
	int bestmove = -1;
	v = exact_moves(c, b, alpha, beta, ply, &f, ch, idx, &o, in_team,
	                &bestmove);
	if (c->aborted)
		return 0;
	STATS_INTERIOR(f.cells - b->moves, v, beta, bestmove, o.col[0]);
	v = exact_store(c, b, &f, alpha, beta, v, bestmove);
	if (best)
		*best = bestmove;
	return v;
}

static int
exact_solo(struct split_ctx *c, const board_t *b, int alpha, int beta, int ply,
           int *best, const struct child *pre)
{
	return exact_body(c, b, alpha, beta, ply, best, pre, false);
}

static int
exact_team(struct split_ctx *c, const board_t *b, int alpha, int beta, int ply,
           int *best, const struct child *pre)
{
	return exact_body(c, b, alpha, beta, ply, best, pre, true);
}

/* A root's search: one thread's, or a team's. */
static int
exact(struct split_ctx *c, const board_t *b, int alpha, int beta, int ply,
      int *best, const struct child *pre)
{
	return c->team->threads > 1 || c->team->busy != NULL
	           ? exact_team(c, b, alpha, beta, ply, best, pre)
	           : exact_solo(c, b, alpha, beta, ply, best, pre);
}

/* ---- the root ------------------------------------------------------ */

bool
search_exact_known(struct split_ctx *c, const board_t *b, int *score)
{
	if (book_hit(c, b, score))
		return true;
	bool mirrored;
	struct tt_entry e;
	bb_t key = exact_key(b, &mirrored);
	if (probe(c, table_for(c, b), key, &e) && e.bound == BOUND_EXACT) {
		*score = e.value;
		return true;
	}
	return false;
}

int
search_exact_test(struct split_ctx *c, const board_t *b, int at)
{
	assert(!b->over && !board_is_full(b));
	/* A probe may lie outside b's own range (a parent's score asked of
	 * a child, which has fewer stones to win with): the search then
	 * fails at once to that side.  Only the window is a window. */
	assert(at > -SCORE_INF && at + 1 < SCORE_INF);
	if (board_can_win_next(b)) {
		/* exact() takes that as handled by its caller. */
		c->nodes++;
		NODE_EVENT(b->w * b->h - b->moves, NEV_ROOT, 1);
		return board_max_score(b);
	}
	int mv = -1;
	int v = exact(c, b, at, at + 1, 0, &mv, NULL);
	if (!c->aborted && v <= at) {
		/* The search stored v as an upper bound; the lower one pins
		 * the entry (tt_store_solved()). */
		bool mirrored;
		bb_t key = exact_key(b, &mirrored);
		tt_store_solved(table_for(c, b), key, at, BOUND_LOWER, 0, -1);
	}
	return v;
}

int
search_exact_window(struct split_ctx *c, const board_t *b, int alpha, int beta)
{
	assert(alpha < beta && !b->over);
	int bv;
	c->nodes++;
	NODE_EVENT(b->w * b->h - b->moves, NEV_ROOT, 1);
	if (board_can_win_next(b))
		return board_max_score(b);
	if (book_hit(c, b, &bv))
		return bv;
	if (board_non_losing_moves(b) == 0)
		return board_min_score(b);
	if (b->moves >= b->w * b->h - 1)
		return 0;
	int mv = -1;
	return exact(c, b, alpha, beta, 0, &mv, NULL);
}

bool
search_exact_solve(struct split_ctx *c, const board_t *b, bool weak,
                   int *lo_out, int *hi_out, int *best)
{
	const int cells = b->w * b->h;
	assert(!b->over && !board_is_full(b));
	*best = -1;
	if (board_can_win_next(b)) {
		c->nodes++; /* the root itself, solved without a search */
		NODE_EVENT(cells - b->moves, NEV_ROOT, 1);
		*best = board_winning_column(b);
		*lo_out = *hi_out = weak ? 1 : board_max_score(b);
		return true;
	}
	int bv;
	if (book_hit(c, b, &bv)) {
		/* The book's score; a move to go with it only at the root of
		 * a plain solve (analysis wants none): one null-window search
		 * whose children are mostly in the book too. */
		c->nodes++;
		NODE_EVENT(cells - b->moves, NEV_ROOT, 1);
		if (c->root_col < 0 && bv > board_min_score(b))
			exact(c, b, bv - 1, bv, 0, best, NULL);
		if (c->aborted)
			return false;
		*lo_out = *hi_out = weak ? (bv > 0) - (bv < 0) : bv;
		if (*best < 0) {
			struct order_list o;
			bb_t next = board_non_losing_moves(b);
			order_moves(b, next ? next : board_possible(b), -1,
			            false, &o);
			*best = o.n ? o.col[0] : -1;
		}
		return true;
	}
	int lo = board_min_score(b);
	int hi = board_max_score(b);
	if (weak) {
		lo = imax(lo, -1);
		hi = imin(hi, 1);
	}
	if (board_non_losing_moves(b) == 0 || b->moves >= cells - 1) {
		c->nodes++;
		NODE_EVENT(cells - b->moves, NEV_ROOT, 1);
		/* Every move loses at once, or the last cell draws. */
		hi = lo = b->moves >= cells - 1
		              ? 0
		              : (weak ? -1 : board_min_score(b));
	}
	/* The probes: search_probe_next() (search.h). */
	struct search_probe probe;
	search_probe_init(&probe);
	*lo_out = lo;
	*hi_out = hi;
	while (lo < hi) {
		int w = search_probe_next(&probe, lo, hi);
		int mv = -1;
		int r = exact(c, b, w - 1, w, 0, &mv, NULL);
		if (c->aborted)
			break;
		if (weak)
			r = r > 0 ? 1 : r < 0 ? -1 : 0;
		search_probe_learn(&probe, w, r);
		if (r >= w) {
			lo = r;
			if (mv >= 0)
				*best = mv;
		} else {
			hi = r;
		}
		*lo_out = lo;
		*hi_out = hi;
	}
	if (*best < 0) {
		/* Never failed high: any non-losing move reaches lo. */
		struct order_list o;
		bb_t next = board_non_losing_moves(b);
		order_moves(b, next ? next : board_possible(b), -1, false, &o);
		*best = o.n ? o.col[0] : -1;
	}
	/* What is proven lies in the board's range, with a legal move. */
	assert(lo <= hi &&
	       (weak ? lo >= -1 && hi <= 1
	             : lo >= board_min_score(b) && hi <= board_max_score(b)));
	assert(*best < 0 || board_can_play(b, *best));
	return lo == hi;
}
