/* search-root.c -- the roots of a search: the exact solver's (the root's
 * score by null-window iterations, or every column analysed, or for a
 * move the columns settled against the root's known score), the
 * depth-limited one (iterative deepening, every column on the full
 * window), lazy SMP's (every thread at the root), a window search's, and
 * the principal variation read back from the tables.  The node searches
 * below them are in search-exact.c and search-node.c; the driver that
 * runs a root is search-driver.c.
 *
 * Compiled once for each width of board (core/board.h): as it is, and
 * inside search/search64.c for the boards of at most 64 bits.
 */
#include "config.h"

#include <assert.h>
#include <stdlib.h>

#include "core/util.h"
#include "search/node/choose.h"
#include "search/node/order.h"
#include "search/node/search-int.h"

/* The cells the root may play: every playable one, or those of
 * lim->root_columns. */
static bb_t
root_moves(const board_t *b, const struct search_limits *lim)
{
	bb_t cells = board_possible(b);
	if (lim->root_columns == 0)
		return cells;
	bb_t allowed = 0;
	for (int c = 0; c < b->w; c++)
		if (lim->root_columns & (1u << c))
			allowed |= board_column_mask(b, c);
	return (cells & allowed) != 0 ? cells & allowed : cells;
}

/* Make the best column of r its move (random tie-break with the seed). */
static void
pick_best(const board_t *b, const struct search_limits *lim,
          struct search_result *r)
{
	int col = choose_best_column(b, r, lim->seed);
	if (col < 0)
		return;
	r->move = col;
	r->score = r->col_score[col];
	r->kind = r->col_kind[col];
}

/* The principal variation's next entry: the big table, or near the end
 * the leaf table. */
static bool
pv_probe(const struct search *s, const board_t *b, bb_t key, struct tt_entry *e)
{
	if (tt_probe(b->w * b->h - b->moves >= s->leaf_cells ? &s->tt
	                                                     : &s->leaf,
	             key, e))
		return true;
	/* The last cells of a big search: the threads' own tables. */
	for (int i = 0; i < s->own_leaf_n; i++)
		if (tt_probe(&s->own_leaf[i], key, e))
			return true;
	return false;
}

void
search_extract_pv(struct search *s, struct stats *live, const board_t *root,
                  int first, struct search_result *r)
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
		bb_t key = s->tt_mode == TT_EXACT ? exact_key(&b, &mirrored)
		                                  : tt_key(&b, &mirrored);
		if (!pv_probe(s, &b, key, &e))
			break;
		col = board_can_win_next(&b) ? board_winning_column(&b)
		                             : unmirror(&b, e.move, mirrored);
	}
	r->pv_len = len;
	stats_set_pv(live, r->pv, len);
}

/* A column settled without a search: a winning move, or one that fills
 * the board.  Returns false if it needs one. */
static bool
column_at_once(struct stats *st, const board_t *b, int col, bool weak,
               struct search_result *r)
{
	if (board_is_winning_move(b, col))
		r->col_score[col] = weak ? 1 : board_max_score(b);
	else if (b->moves + 1 == b->w * b->h)
		r->col_score[col] = 0;
	else
		return false;
	r->col_kind[col] = SCORE_EXACT;
	col_publish(st, col, COL_DONE, SCORE_EXACT, r->col_score[col]);
	return true;
}

/* One column of an exact analysis: the child's exact score, negated. */
static void
analyze_column(struct split_ctx *c, const board_t *b, int col, bool weak,
               struct search_result *r)
{
	struct stats *st = c->team->stats;
	board_t nb = *b;
	int lo, hi, mv;

	col_publish(st, col, COL_SEARCHING, SCORE_NONE, 0);
	if (column_at_once(st, b, col, weak, r))
		return;
	board_play(&nb, col);
	bool done = search_exact_solve(c, &nb, weak, &lo, &hi, &mv);
	if (done) {
		r->col_kind[col] = SCORE_EXACT;
		r->col_score[col] = -lo;
	} else {
		/* Partial: the child's lo is our upper bound. */
		r->col_kind[col] = lo > board_min_score(&nb)   ? SCORE_UPPER
		                   : hi < board_max_score(&nb) ? SCORE_LOWER
		                                               : SCORE_NONE;
		r->col_score[col] = r->col_kind[col] == SCORE_UPPER ? -lo : -hi;
	}
	col_publish(st, col, done ? COL_DONE : COL_SEARCHING, r->col_kind[col],
	            r->col_score[col]);
}

/* One column for a move when the root's exact score v is known (the book,
 * or the table after the search of the move before): one null-window
 * search tells whether the column reaches v, and then it scores exactly v,
 * or not, and then the search's value is an upper bound below v.  The
 * columns that reach v are the ones a full analysis would choose among. */
static void
settle_column(struct split_ctx *c, const board_t *b, int col, int v,
              struct search_result *r)
{
	struct stats *st = c->team->stats;
	board_t nb = *b;
	int cv;

	col_publish(st, col, COL_SEARCHING, SCORE_NONE, 0);
	if (column_at_once(st, b, col, false, r))
		return;
	board_play(&nb, col);
	if (search_exact_known(c, &nb, &cv)) {
		r->col_kind[col] = SCORE_EXACT;
		r->col_score[col] = -cv;
	} else {
		int t = search_exact_test(c, &nb, -v);
		if (c->aborted)
			return;
		r->col_kind[col] = t <= -v ? SCORE_EXACT : SCORE_UPPER;
		r->col_score[col] = t <= -v ? v : -t;
	}
	col_publish(st, col, COL_DONE, r->col_kind[col], r->col_score[col]);
}

/* The order in which a move's columns are asked whether they reach the
 * root's score; the first that does is the move.  Centre first without a
 * seed: the column choose_column() takes among equal scores.  With one, a
 * random order: the first column of a random order that is in a set is
 * uniform over the set, as choose_column()'s tie-break is.  Returns how
 * many columns are playable. */
int
search_settle_order(const board_t *b, uint64_t seed, int *col)
{
	const int *centre = board_centre_order(b->w);
	int n = 0;
	for (int i = 0; i < b->w; i++)
		if (board_can_play(b, centre[i]))
			col[n++] = centre[i];
	uint64_t x = choose_tie_draw(b, seed);
	for (int i = n - 1; seed != 0 && i > 0; i--) {
		x = util_splitmix(x);
		int j = (int)(x % (uint64_t)(i + 1));
		int t = col[i];
		col[i] = col[j];
		col[j] = t;
	}
	return n;
}

/* A column of the analysis at the root: exact, or settled against the
 * root's known score. */
static void
root_column(struct split_ctx *c, const board_t *b, int col, bool weak,
            const int *known, struct search_result *r)
{
	if (known)
		settle_column(c, b, col, *known, r);
	else
		analyze_column(c, b, col, weak, r);
}

/* The columns of an analysis as one task each (root splitting). */
static void
split_columns(struct split_ctx *c, const board_t *b, const struct order_list *o,
              bool weak, const int *known, struct search_result *r)
{
	split_count_spawn(c, o->n);
	for (int k = 0; k < o->n; k++) {
#pragma omp task firstprivate(k) shared(o, b, c, r, known)
		{
			struct split_ctx tc;
			split_ctx_task(&tc, c, c->tid, o->col[k]);
			root_column(&tc, b, o->col[k], weak, known, r);
			split_ctx_finish(&tc);
		}
	}
	split_wait_begin(c);
#pragma omp taskwait
	split_wait_end(c);
}

/* For a move, with the root's score v known: the first column that
 * reaches it is the move; the ones after it are left unasked. */
static void
settle_columns(struct split_ctx *c, const board_t *b, int v,
               struct search_result *r)
{
	struct stats *st = c->team->stats;
	int col[BOARD_MAX_WIDTH];
	int n = search_settle_order(b, c->team->lim->seed, col);
	for (int k = 0; k < n && !c->aborted; k++) {
		c->root_col = col[k];
		settle_column(c, b, col[k], v, r);
		if (r->col_kind[col[k]] != SCORE_EXACT ||
		    r->col_score[col[k]] != v)
			continue;
		while (++k < n)
			col_publish(st, col[k], COL_SKIPPED, SCORE_NONE, 0);
	}
	c->root_col = -1;
}

/* Every column, as one task each (root splitting) or in turn with deep
 * splitting inside.  For a move, the root's score first (the book's or
 * the table's, else solved: proving one best move costs less than every
 * column's exact value), then only whether each column reaches it. */
static void
analyze_root(struct split_ctx *c, const board_t *b, struct search_result *r)
{
	const struct search_limits *lim = c->team->lim;
	const bool weak = lim->mode == SEARCH_WEAK;
	int v, lo, hi, mv;
	const int *known = NULL;
	if (lim->move_only && !weak) {
		if (search_exact_known(c, b, &v)) {
			known = &v;
		} else if (search_exact_solve(c, b, false, &lo, &hi, &mv)) {
			v = lo;
			known = &v;
		} else {
			/* What the proof got as far as: mv reaches lo (any
			 * column reaches the worst score). */
			r->partial = true;
			r->proof_lo = lo;
			if (lo > board_min_score(b))
				r->proof_col = mv;
			return;
		}
	}
	struct order_list o;
	order_moves(b, root_moves(b, lim), -1, lim->no_ordering, &o);
	if (lim->split == SPLIT_ROOT && c->team->threads > 1) {
		split_columns(c, b, &o, weak, known, r);
	} else if (known) {
		settle_columns(c, b, v, r);
	} else {
		for (int k = 0; k < o.n; k++) {
			c->root_col = o.col[k];
			analyze_column(c, b, o.col[k], weak, r);
			if (c->aborted)
				break;
		}
		c->root_col = -1;
	}
	r->partial = split_stopped(c->team);
	pick_best(b, lim, r);
	if (known && r->partial) {
		/* The root's score, but no column proven to reach it yet
		 * (unless one did before the stop). */
		r->proof_lo = v;
		r->proof_exact = true;
		if (r->move >= 0 && r->col_kind[r->move] == SCORE_EXACT &&
		    r->col_score[r->move] == v)
			r->proof_col = r->move;
	}
}

void
search_root_exact(struct split_ctx *c, const board_t *b,
                  struct search_result *r)
{
	const struct search_limits *lim = c->team->lim;
	const bool weak = lim->mode == SEARCH_WEAK;
	struct stats *st = c->team->stats;

	assert(!b->over && !board_is_full(b));
	if (lim->analyze) {
		analyze_root(c, b, r);
		assert(r->move < 0 || board_can_play(b, r->move));
		return;
	}
	int lo, hi, mv;
	bool done = search_exact_solve(c, b, weak, &lo, &hi, &mv);
	r->move = mv;
	r->partial = !done;
	if (done) {
		r->kind = SCORE_EXACT;
		r->score = lo;
	} else {
		r->kind = lo > board_min_score(b) ? SCORE_LOWER : SCORE_UPPER;
		r->score = r->kind == SCORE_LOWER ? lo : hi;
	}
	if (mv >= 0 && done) {
		r->col_kind[mv] = SCORE_EXACT;
		r->col_score[mv] = lo;
		col_publish(st, mv, COL_DONE, SCORE_EXACT, lo);
	}
}

/* One root column of an iteration of depth d, searched in context c: its
 * value, published to the live panel as it starts and ends.  A column
 * whose position the opening book holds takes the book's exact value,
 * into *booked (a draw too, which the depth-limited scale writes 0). */
static int
depth_root_move(struct split_ctx *c, const board_t *b, int col, int d,
                bool *booked)
{
	struct stats *st = c->team->stats;
	col_publish_at(st, col, COL_SEARCHING, SCORE_NONE, 0, d);
	board_t nb = *b;
	board_play(&nb, col);
	int v, known = 0;
	*booked = false;
	if (board_is_winning_move(b, col))
		v = proven_win(board_max_score(b));
	else if ((*booked = book_hit(c, &nb, &known)))
		v = -search_depth_from_exact(known);
	else
		v = -search_depth(c, &nb, d - 1, -SCORE_INF, SCORE_INF, 1);
	if (!c->aborted) {
		enum score_kind kd;
		int sc;
		score_from_raw(v, &kd, &sc);
		if (*booked)
			kd = SCORE_EXACT, sc = -known;
		col_publish_at(st, col, COL_DONE, kd, sc, d);
	}
	return v;
}

/* A depth-limited search stopped inside an iteration answers from the
 * last one it finished: its rows go back to that iteration's values, so
 * that the last frame shows the scores the answer (its move, its best
 * column, a hint) was chosen from, each with that depth, and not some
 * columns of the unfinished iteration beside the finished one's choice.
 * (Lazy SMP: thread 0's, as for the marks.) */
static void
publish_answer_rows(struct split_ctx *c, const struct order_list *o,
                    const struct search_result *r)
{
	if (r->depth < 1 || (c->team->lim->split == SPLIT_LAZY && c->tid != 0))
		return;
	for (int k = 0; k < o->n; k++) {
		int col = o->col[k];
		if (r->col_kind[col] != SCORE_NONE)
			col_publish_at(c->team->stats, col, COL_DONE,
			               r->col_kind[col], r->col_score[col],
			               r->depth);
	}
}

/* Depth-limited: iterative deepening, every root column searched with the
 * full window so the panel can show them all. */
void
search_root_depth(struct split_ctx *c, const board_t *b,
                  struct search_result *r, double t0)
{
	const struct search_limits *lim = c->team->lim;
	struct stats *st = c->team->stats;
	struct order_list o;
	const int cells = b->w * b->h;
	int maxd = lim->depth < 1 ? 1 : lim->depth;
	struct search_result cur;
	int prev_best = -1;
	double last = 0, prev = 0, started = util_now_s();

	if (maxd > cells - b->moves)
		maxd = cells - b->moves;
	for (int d = 1; d <= maxd; d++) {
		cur = *r;
		order_moves(b, root_moves(b, lim), prev_best, lim->no_ordering,
		            &o);
		int val[BOARD_MAX_WIDTH];
		bool booked[BOARD_MAX_WIDTH];
		for (int k = 0; k < o.n; k++)
			col_publish_at(st, o.col[k], COL_WAITING,
			               r->col_kind[o.col[k]],
			               r->col_score[o.col[k]], r->depth);
		for (int k = 0; k < o.n; k++) {
			int col = o.col[k];
			if (c->team->threads > 1 && k > 0 &&
			    lim->split != SPLIT_LAZY) {
				split_count_spawn(c, 1);
#pragma omp task firstprivate(k, col) shared(b, c, val, booked)
				{
					struct split_ctx tc;
					split_ctx_task(&tc, c, c->tid, col);
					val[k] = depth_root_move(&tc, b, col, d,
					                         &booked[k]);
					split_ctx_finish(&tc);
				}
			} else {
				int save = c->root_col;
				c->root_col = col;
				val[k] =
				    depth_root_move(c, b, col, d, &booked[k]);
				c->root_col = save;
			}
		}
		split_wait_begin(c);
#pragma omp taskwait
		split_wait_end(c);
		if (c->aborted || split_stopped(c->team)) {
			publish_answer_rows(c, &o, r);
			break;
		}
		bool all_proven = true;
		for (int k = 0; k < o.n; k++) {
			score_from_raw(val[k], &cur.col_kind[o.col[k]],
			               &cur.col_score[o.col[k]]);
			if (booked[k]) /* a draw is 0 on the depth scale */
				cur.col_kind[o.col[k]] = SCORE_EXACT;
			if (cur.col_kind[o.col[k]] != SCORE_EXACT)
				all_proven = false;
		}
		pick_best(b, lim, &cur);
		cur.depth = d;
		*r = cur;
		prev_best = r->move;
		atomic_store_explicit(&st->depth, d, memory_order_relaxed);
		if (lim->marks != NULL &&
		    (lim->split != SPLIT_LAZY || c->tid == 0))
			search_marks_add(lim->marks, d, c->nodes, c->busy_from);
		search_extract_pv(c->team->search, c->team->stats, b, r->move,
		                  r);
		if (all_proven)
			break;
		/* A new iteration only if it should end in time. */
		double now = util_now_s();
		prev = last;
		last = now - started;
		started = now;
		if (lim->time_limit > 0 &&
		    !search_iteration_fits(lim->time_limit, now - t0, last,
		                           prev))
			break;
	}
	r->partial = split_stopped(c->team) && r->depth < maxd;
}

/* Lazy SMP: every thread solves the root with a perturbed order. */
void
search_root_lazy(struct split_team *team, const board_t *b,
                 struct search_result *r)
{
#pragma omp parallel num_threads(team->threads)
	{
		struct split_ctx c;
		struct search_result mine = *r;
		split_ctx_root(&c, team);
		c.rng = (uint64_t)c.tid;
		if (team->lim->mode == SEARCH_DEPTH)
			search_root_depth(&c, b, &mine, util_now_s());
		else
			search_root_exact(&c, b, &mine);
		split_ctx_finish(&c);
		if (!c.aborted && !mine.partial && split_claim_done(team)) {
			*r = mine;
		}
	}
	if (!(split_state(team) & SPLIT_DONE))
		r->partial = true;
}

/* A window search (search_limits.window): the position's value against
 * the window, fail-soft; depth-limited by iterative deepening, as the
 * root's columns are, so that the table orders the last iteration. */
void
search_root_window(struct split_ctx *c, const board_t *b,
                   struct search_result *r)
{
	const struct search_limits *lim = c->team->lim;
	int v = 0;
	if (lim->mode == SEARCH_EXACT || lim->mode == SEARCH_WEAK) {
		v = search_exact_window(c, b, lim->alpha, lim->beta);
	} else {
		for (int d = 1; d <= lim->depth && !c->aborted; d++) {
			v = search_depth(c, b, d, lim->alpha, lim->beta, 0);
			if (v >= SCORE_PROVEN || v <= -SCORE_PROVEN)
				break; /* proven: deeper says the same */
		}
	}
	r->value = v;
	r->depth = lim->depth;
	r->partial = c->aborted || split_stopped(c->team);
}
