/* search.c -- the search's driver: the table and its lifetime, the root of
 * the exact solver (null-window iterations on the score, per-column
 * analysis) and of depth-limited play (iterative deepening), lazy SMP, the
 * principal variation, and search_run() itself,
 * which opens one OpenMP parallel region per search.  The node searches
 * are in search-node.c.
 *
 * Compiled once for each width of board (core/board.h): as it is, the
 * 128-bit search, whose search_run() hands a board of at most 64 bits to
 * the 64-bit one (src/bits64/search.c).  What does not depend on the
 * width (the table's lifetime, the limits) is compiled in the first only.
 */
#include "config.h"

#include <assert.h>

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/average.h"
#include "search/choose.h"
#include "search/eval.h"
#include "search/level.h"
#include "search/order.h"
#include "search/search-int.h"
#include "search/trace.h"
#include "core/util.h"

/* Slots cleared between two looks at the stop flags: 1 MB, a tenth of a
 * millisecond of stores. */
#define CLEAR_CHUNK_SLOTS ((uint64_t)1 << 17)

/* Go on with a pending clear (search_clear_later()): true once every
 * table is empty, false when a stop came first (the next search goes on
 * from there). */
static bool
clear_tables_part(struct search *s, int key_bits, const atomic_bool *abort)
{
	for (; s->clear_tab < 2 + s->own_leaf_n; s->clear_tab++) {
		struct tt *t = s->clear_tab == 0 ? &s->tt
		               : s->clear_tab == 1
		                   ? &s->leaf
		                   : &s->own_leaf[s->clear_tab - 2];
		const uint64_t n = tt_slots(t);
		while (s->clear_at < n) {
			if (atomic_load(&s->stop) ||
			    (abort != NULL && atomic_load(abort)))
				return false;
			uint64_t to = s->clear_at + CLEAR_CHUNK_SLOTS;
			to = to < n ? to : n;
			tt_clear_range(t, s->clear_at, to);
			s->clear_at = to;
		}
		s->clear_at = 0;
	}
	tt_set_key_bits(&s->tt, key_bits);
	tt_set_key_bits(&s->leaf, key_bits);
	for (int i = 0; i < s->own_leaf_n; i++)
		tt_set_key_bits(&s->own_leaf[i], key_bits);
	s->clear_pending = false;
	s->tt_mode = TT_EMPTY;
	return true;
}

#if BOARD_BITS == 128 /* what does not depend on the width: compiled once */
/* Empty the big table and the leaf table, for keys of key_bits bits. */
static void
clear_tables(struct search *s, int key_bits)
{
	tt_clear(&s->tt, key_bits);
	tt_clear(&s->leaf, key_bits);
	for (int i = 0; i < s->own_leaf_n; i++)
		tt_clear(&s->own_leaf[i], key_bits);
}

struct search *
search_new(size_t tt_mb, char *err, size_t errlen)
{
	struct search *s = xcalloc(1, sizeof *s);
	size_t mb = tt_mb;
	if (!tt_init(&s->tt, tt_mb, 64) ||
	    !tt_init_floor(&s->leaf, mb = LEAF_TT_MB, LEAF_FLOOR_BYTES, 64)) {
		if (err != NULL)
			snprintf(err, errlen,
			         "out of memory (a table of %zu MB)",
			         tt_bytes(mb) >> 20);
		search_free(s);
		return NULL;
	}
	s->leaf_cells = LEAF_CELLS_MIN;
	s->tt_mode = TT_EMPTY;
	s->live = &s->stats;
	s->tt_mb = tt_mb;
	/* Tests compare the two searches on the same boards
	 * (docs/testing.md). */
	const char *bits = getenv("DROPFOUR_SEARCH_BITS");
	s->wide_only = bits != NULL && strcmp(bits, "128") == 0;
	/* and make the threads' own leaf tables at once (tests). */
	const char *after = getenv("DROPFOUR_LEAF_OWN_AFTER");
	s->own_after =
	    after != NULL ? strtoull(after, NULL, 10) : LEAF_OWN_AFTER;
	atomic_init(&s->stop, false);
	return s;
}

void
search_free(struct search *s)
{
	if (s == NULL)
		return;
	tt_free(&s->tt);
	tt_free(&s->leaf);
	for (int i = 0; i < s->own_leaf_n; i++)
		tt_free(&s->own_leaf[i]);
	free(s->own_leaf);
	free(s->busy);
	search_free(s->aux);
	free(s);
}

void
search_clear(struct search *s)
{
	clear_tables(s, s->tt.key_bits);
	s->tt_mode = TT_EMPTY;
	s->clear_pending = false;
	if (s->aux != NULL)
		search_clear(s->aux);
}

void
search_clear_later(struct search *s)
{
	if (!s->clear_pending) {
		s->clear_pending = true;
		s->clear_tab = 0;
		s->clear_at = 0;
	}
	if (s->aux != NULL)
		search_clear_later(s->aux);
}

void
search_warm_later(struct search *s)
{
	s->warm_pending = true;
	s->warm_at = 0;
}

bool
search_idle_step(struct search *s, const atomic_bool *abort)
{
	if (s->clear_pending && !clear_tables_part(s, s->tt.key_bits, abort))
		return false;
	/* A table no search has used holds zeros: writing them again brings
	 * its pages in. */
	const uint64_t n = tt_slots(&s->tt);
	while (s->warm_pending && s->warm_at < n) {
		if (abort != NULL && atomic_load(abort))
			return false;
		uint64_t to = s->warm_at + CLEAR_CHUNK_SLOTS;
		to = to < n ? to : n;
		tt_clear_range(&s->tt, s->warm_at, to);
		s->warm_at = to;
	}
	s->warm_pending = false;
	return true;
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

void
search_set_trace(struct search *s, struct trace *t)
{
	s->trace = t;
}

int
search_busy_marks(const struct search *s)
{
	int n = 0;
	for (int i = 0; s->busy != NULL && i < EXACT_BUSY_SLOTS; i++)
		n += atomic_load_explicit(&s->busy[i].key,
		                          memory_order_relaxed) != 0;
	return n;
}

const char *const search_split_names[SPLIT_NSCHEMES] = {
    [SPLIT_DEEP] = "deep",
    [SPLIT_ROOT] = "root",
    [SPLIT_LAZY] = "lazy",
};
#endif

static void
col_publish(struct stats *st, int col, enum col_state state,
            enum score_kind kind, int score)
{
	atomic_store_explicit(&st->col[col].score, score, memory_order_relaxed);
	atomic_store_explicit(&st->col[col].kind, kind, memory_order_relaxed);
	atomic_store_explicit(&st->col[col].state, state, memory_order_release);
}

/* ---- the root -------------------------------------------------------- */

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

/* The threads' own leaf tables for a big exact search on `threads`
 * threads (settings.h, LEAF_OWN_AFTER): made on first need and then kept;
 * false when there is no memory for them (the threads then share the one
 * leaf table throughout). */
static bool
own_leaf_ready(struct search *s, int threads, int key_bits)
{
	if (s->own_leaf_n < threads) {
		struct tt *t =
		    realloc(s->own_leaf, (size_t)threads * sizeof *t);
		if (t == NULL)
			return false;
		s->own_leaf = t;
		for (; s->own_leaf_n < threads; s->own_leaf_n++)
			if (!tt_init_floor(&t[s->own_leaf_n], LEAF_TT_MB,
			                   LEAF_FLOOR_BYTES, key_bits))
				return false;
	}
	for (int i = 0; i < threads; i++) {
		if (s->own_leaf[i].key_bits != key_bits)
			tt_clear(&s->own_leaf[i], key_bits);
		tt_shrink(&s->own_leaf[i]);
	}
	return true;
}

/* The marks of positions being searched, made clear on the first search
 * that needs them.  Every search clears its own marks as its nodes return,
 * stopped and cut-off ones included (the split suite checks it), so they
 * are not cleared again before each search. */
static struct split_busy *
busy_table(struct search *s)
{
	if (s->busy == NULL) {
		s->busy = aligned_alloc(_Alignof(struct split_busy),
		                        EXACT_BUSY_SLOTS * sizeof *s->busy);
		if (s->busy == NULL)
			return NULL; /* the search runs without them */
		for (int i = 0; i < EXACT_BUSY_SLOTS; i++)
			atomic_init(&s->busy[i].key, 0);
	}
	return s->busy;
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
		bb_t key = s->tt_mode == TT_EXACT ? exact_key(&b, &mirrored)
		                                  : tt_key(&b, &mirrored);
		if (!pv_probe(s, &b, key, &e))
			break;
		col = board_can_win_next(&b) ? board_winning_column(&b)
		                             : unmirror(&b, e.move, mirrored);
	}
	r->pv_len = len;
	stats_set_pv(s->live, r->pv, len);
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
static int
settle_order(const board_t *b, uint64_t seed, int *col)
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

static void
run_exact(struct split_ctx *c, const board_t *b, struct search_result *r)
{
	const struct search_limits *lim = c->team->lim;
	const bool weak = lim->mode == SEARCH_WEAK;
	struct stats *st = c->team->stats;
	bb_t legal = board_possible(b);

	if (lim->analyze) {
		/* Every column, as one task each (root splitting) or in turn
		 * with deep splitting inside.  For a move, the root's score
		 * first (the book's or the table's, else solved: proving one
		 * best move costs less than every column's exact value), then
		 * only whether each column reaches it. */
		int v, lo, hi, mv;
		const int *known = NULL;
		if (lim->move_only && !weak) {
			if (search_exact_known(c, b, &v)) {
				known = &v;
			} else if (search_exact_solve(c, b, false, &lo, &hi,
			                              &mv)) {
				v = lo;
				known = &v;
			} else {
				/* What the proof got as far as: mv reaches
				 * lo (any column reaches the worst score). */
				r->partial = true;
				r->proof_lo = lo;
				if (lo > board_min_score(b))
					r->proof_col = mv;
				return;
			}
		}
		struct order_list o;
		order_moves(b, legal, -1, lim->no_ordering, &o);
		if (lim->split == SPLIT_ROOT && c->team->threads > 1) {
			split_count_spawn(c, o.n);
			for (int k = 0; k < o.n; k++) {
#pragma omp task firstprivate(k) shared(o, b, c, r, known)
				{
					struct split_ctx tc;
					split_ctx_task(&tc, c, c->tid,
					               o.col[k]);
					root_column(&tc, b, o.col[k], weak,
					            known, r);
					split_ctx_finish(&tc);
				}
			}
			split_wait_begin(c);
#pragma omp taskwait
			split_wait_end(c);
		} else if (known) {
			/* The first column that reaches the score is the move:
			 * the ones after it are left unasked. */
			int col[BOARD_MAX_WIDTH];
			int n = settle_order(b, lim->seed, col);
			for (int k = 0; k < n && !c->aborted; k++) {
				c->root_col = col[k];
				settle_column(c, b, col[k], v, r);
				if (r->col_kind[col[k]] != SCORE_EXACT ||
				    r->col_score[col[k]] != v)
					continue;
				while (++k < n)
					col_publish(st, col[k], COL_SKIPPED,
					            SCORE_NONE, 0);
			}
			c->root_col = -1;
		} else {
			for (int k = 0; k < o.n; k++) {
				c->root_col = o.col[k];
				analyze_column(c, b, o.col[k], weak, r);
				if (c->aborted)
					break;
			}
			c->root_col = -1;
		}
		r->partial = atomic_load(c->team->stop);
		pick_best(b, lim, r);
		if (known && r->partial) {
			/* The root's score, but no column proven to reach it
			 * yet (unless one did before the stop). */
			r->proof_lo = v;
			r->proof_exact = true;
			if (r->move >= 0 &&
			    r->col_kind[r->move] == SCORE_EXACT &&
			    r->col_score[r->move] == v)
				r->proof_col = r->move;
		}
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
	col_publish(st, col, COL_SEARCHING, SCORE_NONE, 0);
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
		col_publish(st, col, COL_DONE, kd, sc);
	}
	return v;
}

/* Depth-limited: iterative deepening, every root column searched with the
 * full window so the panel can show them all. */
static void
run_depth(struct split_ctx *c, const board_t *b, struct search_result *r,
          double t0)
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
		order_moves(b, board_possible(b), prev_best, lim->no_ordering,
		            &o);
		int val[BOARD_MAX_WIDTH];
		bool booked[BOARD_MAX_WIDTH];
		for (int k = 0; k < o.n; k++)
			col_publish(st, o.col[k], COL_WAITING,
			            r->col_kind[o.col[k]],
			            r->col_score[o.col[k]]);
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
		if (c->aborted || atomic_load(c->team->stop))
			break;
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
		extract_pv(c->team->search, b, r->move, r);
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
	r->partial = atomic_load(c->team->stop) && r->depth < maxd;
}

/* Lazy SMP: every thread solves the root with a perturbed order. */
static void
run_lazy(struct split_team *team, const board_t *b, struct search_result *r)
{
#pragma omp parallel num_threads(team->threads)
	{
		struct split_ctx c;
		struct search_result mine = *r;
		split_ctx_root(&c, team);
		c.rng = (uint64_t)c.tid;
		if (team->lim->mode == SEARCH_DEPTH)
			run_depth(&c, b, &mine, util_now_s());
		else
			run_exact(&c, b, &mine);
		split_ctx_finish(&c);
		if (!c.aborted && !mine.partial &&
		    !atomic_exchange(&team->done, true)) {
			*r = mine;
		}
	}
	if (!atomic_load(&team->done))
		r->partial = true;
}

#if BOARD_BITS == 128
const char *
search_memory_error(size_t tt_mb, int threads, char *buf, size_t len)
{
	assert(buf != NULL && len > 0);
	const uint64_t mb = 1 << 20;
	uint64_t table = tt_bytes(tt_mb);
	uint64_t leaf = tt_bytes(LEAF_TT_MB);
	uint64_t stacks =
	    (uint64_t)threads *
	    (util_thread_stack() + (uint64_t)SEARCH_THREAD_SLACK_MB * mb);
	/* and, in a big search, each thread's own leaf table */
	if (threads > 1)
		stacks += (uint64_t)threads * leaf;
	uint64_t slack = (uint64_t)SEARCH_MEMORY_SLACK_MB * mb;
	uint64_t avail = util_mem_available(), room = util_vm_headroom();

	if (room != UINT64_MAX && table + leaf + stacks + slack > room) {
		snprintf(
		    buf, len,
		    "the %llu MB table (--tt-mb) and %d search "
		    "thread%s need %llu MB of address space, but the limit "
		    "(ulimit -v) leaves %llu MB: give a smaller --tt-mb or "
		    "fewer --threads",
		    (unsigned long long)(table / mb), threads,
		    threads == 1 ? "" : "s",
		    (unsigned long long)((table + leaf + stacks + slack) / mb),
		    (unsigned long long)(room / mb));
		return buf;
	}
	if (avail != 0 && table + leaf > avail) {
		snprintf(buf, len,
		         "the %llu MB table (--tt-mb) is more than "
		         "the memory available now (%llu MB): give a smaller "
		         "--tt-mb",
		         (unsigned long long)(table / mb),
		         (unsigned long long)(avail / mb));
		return buf;
	}
	return NULL;
}

#endif

/* A window search (search_limits.window): the position's value against
 * the window, fail-soft; depth-limited by iterative deepening, as the
 * root's columns are, so that the table orders the last iteration. */
static void
run_window(struct split_ctx *c, const board_t *b, struct search_result *r)
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
	r->partial = c->aborted || atomic_load(c->team->stop);
}

/* The root of a search, on the thread that runs it. */
static void
run_root(struct split_team *team, const board_t *b, struct search_result *r,
         double t0)
{
	struct split_ctx c;
	split_ctx_root(&c, team);
	if (team->lim->window)
		run_window(&c, b, r);
	else if (team->lim->mode == SEARCH_EXACT ||
	         team->lim->mode == SEARCH_WEAK)
		run_exact(&c, b, r);
	else if (team->lim->mode == SEARCH_AVERAGE)
		average_root(&c, b, r);
	else
		run_depth(&c, b, r, t0);
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
trace_search_done(struct search *s, const struct search_limits *lim,
                  int threads, uint64_t nodes)
{
	struct trace_search ts = {.threads = threads, .nodes = nodes};
	struct stats_snapshot *snap = xcalloc(1, sizeof *snap);
	char what[160];
	stats_snapshot(s->live, snap);
	ts.start_ns = atomic_load(&s->live->start_ns);
	ts.end_ns = atomic_load(&s->live->end_ns);
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

/* One search of the limits, on this search's own table. */
static void
run_search(struct search *s, const board_t *b, const struct search_limits *lim,
           struct search_result *r)
{
	assert(s != NULL && b != NULL && lim != NULL && r != NULL);
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

	/* A stop asked for while no search ran is not for this one; the
	 * engine stops a search that has not started yet through lim->abort. */
	atomic_store(&s->stop, false);
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
	stats_begin(s->live, &root, threads, exact_mode, &s->tt);
	if (b->over || board_is_full(b)) {
		stats_end(s->live);
		return;
	}
	/* A pending clear counts against the search's own budget (the
	 * deadline below runs from t0); a stop during it ends the search
	 * with a move.  (A table whose pages are not all in yet is the
	 * engine's to bring in while it waits: engine_ready(), and the
	 * game's ui_think(), wait for it.) */
	if (s->clear_pending && !clear_tables_part(s, key_bits, lim->abort)) {
		stopped_move(b, r);
		r->partial = true;
		r->seconds = util_now_s() - t0;
		stats_end(s->live);
		atomic_store(&s->stop, false);
		return;
	}
	if (s->tt_mode == TT_EMPTY) {
		tt_set_key_bits(&s->tt, key_bits);
		tt_set_key_bits(&s->leaf, key_bits);
	}
	s->tt_mode = want;
	s->tt_bits = BOARD_BITS;
	memset(&team, 0, sizeof team);
	if (lim->mode == SEARCH_DEPTH)
		eval_init(&et, b);
	team.search = s;
	team.lim = lim;
	team.tt = &s->tt;
	team.leaf = &s->leaf;
	team.stats = s->live;
	team.trace = s->trace;
	if (team.trace != NULL)
		trace_begin(team.trace, threads);
	team.stop = &s->stop;
	team.threads = threads;
	team.eval = &et;
	atomic_init(&team.done, false);
	atomic_init(&team.nodes, 0);
	split_team_init(&team, lim->split == SPLIT_LAZY ? 1 : threads);
	if (lim->time_limit > 0)
		team.deadline_ns =
		    (uint64_t)(t0 * 1e9) + (uint64_t)(lim->time_limit * 1e9);
	team.split_depth = lim->split_depth > 0 ? lim->split_depth
	                   : exact_mode         ? SEARCH_MAX_DEPTH
	                                        : DEPTH_SPLIT_PLIES;
	team.min_split_left =
	    exact_mode ? EXACT_MIN_SPLIT_LEFT : DEPTH_MIN_SPLIT_LEFT;
	team.leaf_cells = search_leaf_cells(exact_mode, threads);
	s->leaf_cells = team.leaf_cells;
	team.leaf_grow = LEAF_GROW_PER_BUCKET;
	tt_shrink(&s->leaf);
	atomic_init(&team.own_cells, 0);
	if (exact_mode && threads > 1 && s->own_after != 0 &&
	    own_leaf_ready(s, threads, key_bits)) {
		team.own_leaf = s->own_leaf;
		team.own_after = s->own_after;
	}

	if (exact_mode && threads > 1)
		team.busy = busy_table(s);
	team.team_cells = team.min_split_left;
	if (team.busy != NULL && EXACT_BUSY_MIN_CELLS < team.team_cells)
		team.team_cells = EXACT_BUSY_MIN_CELLS;

	if (lim->split == SPLIT_LAZY && threads > 1 &&
	    lim->mode != SEARCH_AVERAGE) {
		run_lazy(&team, b, r);
	} else if (threads == 1) {
		/* No parallel region for one thread: entering one costs two
		 * futex calls in libgomp, more than a small solve itself. */
		run_root(&team, b, r, t0);
	} else {
#pragma omp parallel num_threads(threads)
#pragma omp single
		run_root(&team, b, r, t0);
	}
	if (exact_mode && r->move >= 0 && !lim->window)
		extract_pv(s, b, r->move, r);
	if (exact_mode && lim->mode == SEARCH_EXACT && !r->partial)
		atomic_store_explicit(&s->live->depth, b->w * b->h - b->moves,
		                      memory_order_relaxed);
	if (exact_mode && !lim->window)
		r->depth = b->w * b->h - b->moves;
	split_team_free(&team);
	/* A named level picks its own move from the column scores; a hint
	 * still wants the search's. */
	r->best = r->move;
	if (lim->level != NULL && level_is_human(lim->level) &&
	    lim->mode == SEARCH_DEPTH)
		r->move = level_choose(lim->level, b, r, lim->seed);
	r->nodes = atomic_load(&team.nodes);
	r->seconds = util_now_s() - t0;
	stats_end(s->live);
	if (team.trace != NULL)
		trace_search_done(s, lim, threads, r->nodes);
	if (atomic_load(&s->stop))
		r->partial = true;
	atomic_store(&s->stop, false);
}

/* ---- proof within the budget, perfect play's bound --------------------- */

/* The second search (struct search's aux), made on first need: NULL when
 * there is no memory for it (the search then goes without). */
static struct search *
aux_search(struct search *s)
{
	if (s->aux == NULL) {
		size_t mb = s->tt_mb < PROVE_TT_MB ? s->tt_mb : PROVE_TT_MB;
		s->aux = search_new(mb > 0 ? mb : 1, NULL, 0);
		if (s->aux == NULL)
			return NULL;
		s->aux->live = s->live;
		s->aux->wide_only = s->wide_only;
	}
	return s->aux;
}

static bool
stopped_from_outside(const struct search *s, const struct search_limits *lim)
{
	return atomic_load(&s->stop) ||
	       (lim->abort != NULL && atomic_load(lim->abort));
}

enum proof { PROOF_NONE, PROOF_FAILED, PROOF_DONE };

/* Whether the opening book holds b but not every position after it: the
 * book's edge, where the depth-limited search has no answer at once but
 * the exact solver, knowing the root's score, needs one null-window
 * search for a move that keeps it. */
static bool
book_edge(const struct search_limits *lim, const board_t *b)
{
#if BOARD_BITS == 64
	const struct search_oracle *bk = lim->book;
	int v;
	if (bk == NULL || !bk->probe(bk->store, b, &v))
		return false;
	for (int col = 0; col < b->w; col++) {
		if (!board_can_play(b, col) || board_is_winning_move(b, col))
			continue;
		board_t nb = *b;
		board_play(&nb, col);
		if (!bk->probe(bk->store, &nb, &v))
			return true;
	}
#else
	(void)lim, (void)b;
#endif
	return false;
}

/* Whether a depth-limited search's limits ask it to prove b first
 * (search_limits' prove_cells). */
static bool
proof_wanted(const struct search_limits *lim, const board_t *b)
{
	const int empty = b->w * b->h - b->moves;
	return lim->mode == SEARCH_DEPTH && !lim->window &&
	       lim->prove_cells > 0 && lim->node_limit == 0 && !b->over &&
	       !board_is_full(b) &&
	       (empty <= lim->prove_cells || book_edge(lim, b));
}

/* The exact search of a proof within the budget of lim, for at most
 * `seconds`. */
static void
proof_limits(const struct search_limits *lim, double seconds,
             struct search_limits *el)
{
	*el = *lim;
	el->mode = SEARCH_EXACT;
	el->analyze = true;
	el->move_only = true;
	el->level = NULL;
	el->prove_cells = 0;
	el->exact_bound = 0;
	el->abort2 = NULL;
	el->time_limit = seconds > 0 ? seconds : PROVE_UNTIMED_S;
	if (lim->time_limit > 0 && el->time_limit > lim->time_limit)
		el->time_limit = lim->time_limit;
}

static bool
proved(const struct search_result *r)
{
	return !r->partial && r->move >= 0 && r->kind == SCORE_EXACT;
}

/* A depth-limited search's proof on one thread: the exact solver's move
 * and score, into *r, when it proves the root within its share of the
 * time on the second table. */
static enum proof
prove_first(struct search *s, const board_t *b, const struct search_limits *lim,
            struct search_result *r)
{
	if (!proof_wanted(lim, b))
		return PROOF_NONE;
	struct search *aux = aux_search(s);
	if (aux == NULL)
		return PROOF_NONE;
	struct search_limits el;
	proof_limits(lim, lim->prove_time, &el);
	aux->live = s->live; /* the panel shows the proof, then the search */
	run_search(aux, b, &el, r);
	return proved(r) ? PROOF_DONE : PROOF_FAILED;
}

/* Whether r proved column col reaches the exact score lo. */
static bool
col_reaches(const struct search_result *r, int col, int lo)
{
	return col >= 0 &&
	       (r->col_kind[col] == SCORE_EXACT ||
	        r->col_kind[col] == SCORE_LOWER) &&
	       r->col_score[col] >= lo;
}

/* A proof that did not finish but proved the root a draw or better with a
 * column that keeps it (proof->proof_col), or knew the root's exact score
 * and found a column that reaches it (proof_exact): the depth-limited
 * search's move r stands when it proved as much of its own column, else
 * the move is the proof's column, its score that lower bound (kind
 * SCORE_LOWER: "at least a draw"), or that exact score.  A proven result
 * is never given up for a heuristic one. */
static void
keep_proven(const board_t *b, const struct search_result *proof,
            struct search_result *r)
{
	const int col = proof->proof_col, lo = proof->proof_lo;
	if (col < 0 || (lo < 0 && !proof->proof_exact) ||
	    !board_can_play(b, col) || col_reaches(r, r->move, lo))
		return;
	if (r->move != col) {
		r->pv[0] = col;
		r->pv_len = 1;
	}
	/* Reaching the root's exact score is the exact best move. */
	r->move = r->best = col;
	r->kind = proof->proof_exact ? SCORE_EXACT : SCORE_LOWER;
	r->score = lo;
	if (!col_reaches(r, col, lo) || proof->proof_exact) {
		r->col_kind[col] = r->kind;
		r->col_score[col] = lo;
	}
}

/* Perfect play's bound (search_limits' exact_bound): the exact search for
 * a move stopped at the bound, and when it did not prove its move, a
 * short depth-limited search on the second table names one. */
static void
run_bounded(struct search *s, const board_t *b, const struct search_limits *lim,
            struct search_result *r)
{
	struct search_limits el = *lim;
	if (el.time_limit <= 0 || el.time_limit > lim->exact_bound)
		el.time_limit = lim->exact_bound;
	run_search(s, b, &el, r);
	if (!r->partial || stopped_from_outside(s, lim) ||
	    (r->move >= 0 && r->kind == SCORE_EXACT))
		return;
	struct search *aux = aux_search(s);
	if (aux == NULL)
		return;
	aux->live = s->live;
	struct search_result h;
	struct search_limits dl = *lim;
	dl.mode = SEARCH_DEPTH;
	dl.analyze = false;
	dl.move_only = false;
	dl.depth = SEARCH_MAX_DEPTH;
	dl.time_limit = PERFECT_FALLBACK_S;
	dl.exact_bound = 0;
	dl.prove_cells = 0;
	dl.level = NULL;
	run_search(aux, b, &dl, &h);
	if (h.move < 0)
		return;
	h.nodes += r->nodes;
	h.seconds += r->seconds;
	h.partial = true; /* the position is not proven */
	*r = h;
}

/* The proof beside the depth-limited search (two threads or more): the
 * exact solver on the second table, on all the threads but one, for the
 * whole time, in the calling thread, while the depth-limited search has
 * the last thread, in a pthread of its own.  Sequential halves of the
 * time would give each search all the threads for half as long; since
 * neither search is twice as fast on twice the threads
 * (docs/parallel-search.md), each gets more done beside the other.  The
 * pthread runs a one-thread search, which never enters OpenMP (no
 * parallel region, no task, no omp_ call): LLVM's libomp aborts when a
 * pthread that ran OpenMP exits and another then starts a parallel
 * region, and this pthread lives for one search. */
struct beside {
	struct search *s; /* the depth-limited search, in the pthread */
	struct search_limits rest;
	struct search_result hr;
	pthread_t thread;
	bool joined;
	struct search *aux; /* the proof, in the calling thread */
	const board_t *b;
	struct search_limits el;
	struct search_result r;
	double check_after; /* seconds of the proof before the checks */
	/* Stops the depth-limited search: the proof is done, or the checks
	 * begin (they ask about the move it has then). */
	atomic_bool stop_search;
	atomic_bool enough; /* the depth-limited search proved the root */
	/* The checks' (calling thread): the columns proven below target,
	 * bit c, and target. */
	uint32_t avoid;
	int target;
};

/* The best column of a search's result r among the columns not in
 * skip (choose_best_column() on r's scores, those columns left out); -1
 * when none is scored. */
static int
result_best(const board_t *b, const struct search_result *r, uint32_t skip,
            uint64_t seed)
{
	struct search_result *o = xcalloc(1, sizeof *o);
	*o = *r;
	for (int c = 0; c < b->w; c++)
		if (skip >> c & 1)
			o->col_kind[c] = SCORE_NONE;
	int col = choose_best_column(b, o, seed);
	free(o);
	return col;
}

/* The depth-limited search's pthread, joined once. */
static void
beside_join(struct beside *p)
{
	if (!p->joined) {
		pthread_join(p->thread, NULL);
		p->joined = true;
	}
}

/* The checks after a proof that found no column reaching `target` (a
 * draw, or the book's score of the root when it holds it) in its share.
 * The depth-limited search stops there, so that the column asked about
 * is the one it plays (its best column flips between iterations in hard
 * positions), and the checks take its thread too.  Its move is asked
 * whether it reaches target (a null-window window search of the position
 * after it), until the time is up.  A column that does not goes to
 * p->avoid and the search's next best is asked; one that does is the
 * proof's column (proof_col, proof_lo target). */
static void
check_blunders(struct beside *p, double end)
{
	const int target = p->target;
	uint32_t asked = 0;
	atomic_store(&p->stop_search, true);
	beside_join(p);
	while (!atomic_load(&p->enough) &&
	       (p->el.abort == NULL || !atomic_load(p->el.abort))) {
		double left = end - util_now_s();
		int c = result_best(p->b, &p->hr, asked, p->rest.seed);
		if (left < TRAP_MIN_S || c < 0)
			return;
		asked |= 1u << c;
		board_t nb = *p->b;
		board_play(&nb, c);
		if (nb.over || board_is_full(&nb))
			return; /* a win or the last cell: the search knows */
		struct search_limits wl = p->el;
		struct search_result wr;
		wl.analyze = wl.move_only = false;
		wl.window = true;
		wl.alpha = -target;
		wl.beta = -target + 1;
		wl.time_limit = left;
		wl.threads = p->rest.threads + p->el.threads;
		run_search(p->aux, &nb, &wl, &wr);
		p->r.nodes += wr.nodes;
		if (wr.partial)
			return;
		if (wr.value <= -target) {
			p->r.proof_col = c;
			p->r.proof_lo = target;
			return;
		}
		p->avoid |= 1u << c;
	}
}

/* The pthread's depth-limited search. */
static void *
beside_main(void *arg)
{
	struct beside *p = arg;
	run_search(p->s, p->b, &p->rest, &p->hr);
	if (p->hr.kind == SCORE_EXACT && !p->hr.partial)
		atomic_store(&p->enough, true);
	return NULL;
}

/* A proof that stopped at PROVE_CHECK_AFTER_PCT with a column keeping a
 * draw or better (or the book's score): the checks have nothing to ask,
 * so the proof goes on for the rest of the time, on its table, warm from
 * the first part.  Its result replaces the first when it proves the root
 * or a higher bound with a column that reaches it: a won position whose
 * win takes most of the second to prove is not played as a draw. */
static void
prove_on(struct beside *p, double end)
{
	const double left = end - util_now_s();
	if (left < TRAP_MIN_S || atomic_load(&p->enough) ||
	    (p->el.abort != NULL && atomic_load(p->el.abort)))
		return;
	struct search_limits el = p->el;
	struct search_result *r2 = xcalloc(1, sizeof *r2);
	el.time_limit = left;
	run_search(p->aux, p->b, &el, r2);
	r2->nodes += p->r.nodes;
	if (proved(r2) || (r2->proof_col >= 0 && r2->proof_lo > p->r.proof_lo))
		p->r = *r2;
	else
		p->r.nodes = r2->nodes;
	free(r2);
}

/* The calling thread's proof, then (practical play) the checks, or the
 * rest of the proof. */
static void
beside_prove(struct beside *p)
{
	const double t0 = util_now_s();
	struct search_limits el = p->el;
	el.time_limit = p->check_after;
	run_search(p->aux, p->b, &el, &p->r);
	if (!proved(&p->r) && p->el.practical) {
		if (p->r.proof_col < 0 ||
		    (p->r.proof_lo < 0 && !p->r.proof_exact)) {
			p->target = p->r.proof_exact || p->r.proof_lo > 0
			                ? p->r.proof_lo
			                : 0;
			check_blunders(p, t0 + p->el.time_limit);
		} else {
			prove_on(p, t0 + p->el.time_limit);
		}
	}
	if (proved(&p->r))
		atomic_store(&p->stop_search, true);
}

/* The search's move r, when the checks proved it falls short (below
 * `below`): its best column among the others, the ones that fell short
 * scored as upper bounds. */
static void
avoid_lost(const board_t *b, uint32_t avoid, int below, uint64_t seed,
           struct search_result *r)
{
	if (r->move < 0 || !(avoid >> r->move & 1))
		return;
	const int col = result_best(b, r, avoid, seed);
	for (int c = 0; c < b->w; c++)
		if (avoid >> c & 1) {
			r->col_kind[c] = SCORE_UPPER;
			r->col_score[c] = below - 1;
		}
	if (col < 0)
		return;
	r->move = r->best = col;
	r->score = r->col_score[col];
	r->kind = r->col_kind[col];
	r->pv[0] = col;
	r->pv_len = 1;
}

/* The proof beside the search (struct beside), when lim asks for a proof
 * and has two threads or more: false when it did not run (then nothing
 * was done). */
static bool
prove_beside(struct search *s, const board_t *b,
             const struct search_limits *lim, struct search_result *r)
{
	if (lim->threads < 2 || !proof_wanted(lim, b))
		return false;
	struct search *aux = aux_search(s);
	if (aux == NULL)
		return false;
	struct beside p = {.s = s, .aux = aux, .b = b};
	proof_limits(lim, lim->time_limit, &p.el);
	p.el.threads = lim->threads - 1;
	p.el.abort2 = &p.enough;
	p.check_after = lim->practical
	                    ? p.el.time_limit * PROVE_CHECK_AFTER_PCT / 100.0
	                    : p.el.time_limit;
	p.rest = *lim;
	p.rest.threads = 1;
	p.rest.prove_cells = 0;
	p.rest.abort2 = &p.stop_search;
	atomic_init(&p.stop_search, false);
	atomic_init(&p.enough, false);
	aux->live = &aux->stats; /* the panel shows the search */
	double t0 = util_now_s();
	stats_set_beside(s->live, p.el.threads);
	if (pthread_create(&p.thread, NULL, beside_main, &p) != 0) {
		stats_set_beside(s->live, 0);
		return false;
	}
	beside_prove(&p);
	/* The proof's time is up, or it proved the root (the search then
	 * stops), or the search proved it first, or the checks stopped it:
	 * the search's move. */
	beside_join(&p);
	stats_set_beside(s->live, 0);
	*r = p.hr;
	if (proved(&p.r)) {
		uint64_t nodes = r->nodes;
		*r = p.r;
		r->nodes += nodes;
	} else {
		if (r->move < 0 && p.r.move >= 0)
			r->move = r->best = p.r.move;
		avoid_lost(b, p.avoid, p.target, lim->seed, r);
		keep_proven(b, &p.r, r);
		r->nodes += p.r.nodes;
	}
	r->threads = lim->threads;
	r->seconds = util_now_s() - t0;
	return true;
}

/* Practical play among equals (set_traps()): the exact scores of every
 * column of a position, for the side to move, from the opening book (no
 * solver) or from the exact solver on the second table within the move's
 * time. */
struct trap_src {
	struct search *aux; /* the solver, or NULL: the book */
	const struct search_limits *lim;
	double end; /* the solver's deadline */
	uint64_t nodes;
	struct search_result *tmp; /* the solver's analysis */
};

/* The exact score of each column of b into score[] (ok[] false for a full
 * column); false when the source cannot tell them all (past the book, or
 * out of time). */
static bool
trap_scores(struct trap_src *src, const board_t *b, int *score, bool *ok)
{
	if (src->aux != NULL) {
		/* The solver: an exact analysis, every column. */
		double left = src->end - util_now_s();
		struct search_limits el;
		if (left <= 0)
			return false;
		proof_limits(src->lim, left, &el);
		el.move_only = false; /* every column's exact score */
		el.node_limit = 0;
		run_search(src->aux, b, &el, src->tmp);
		src->nodes += src->tmp->nodes;
		for (int c = 0; c < b->w; c++) {
			ok[c] = src->tmp->col_kind[c] == SCORE_EXACT;
			score[c] = src->tmp->col_score[c];
		}
		return !src->tmp->partial;
	}
#if BOARD_BITS == 64
	const struct search_oracle *bk = src->lim->book;
	for (int c = 0; c < b->w; c++) {
		board_t nb = *b;
		int v;
		ok[c] = board_can_play(b, c);
		if (!ok[c])
			continue;
		if (board_is_winning_move(b, c)) {
			score[c] = board_max_score(b);
			continue;
		}
		board_play(&nb, c);
		if (board_is_full(&nb))
			v = 0;
		else if (bk == NULL || !bk->probe(bk->store, &nb, &v))
			return false;
		score[c] = -v;
	}
	return true;
#else
	(void)score, (void)ok;
	return false;
#endif
}

/* How a reply to our column c (scores reply[], the opponent's, after c
 * on nb) may go for the opponent: keeping its result (a draw for our draw
 * v == 0, a win for our loss), or an error it cannot see, one whose loss
 * of that result takes more than horizon plies (its reply and our win
 * after it), or a draw thrown away from a win (nothing to see).  An
 * error it can see does not count: a searching opponent avoids it. */
static void
count_replies(const board_t *nb, int v, int horizon, const int *reply,
              const bool *rok, int *keep, int *hidden)
{
	*keep = *hidden = 0;
	for (int x = 0; x < nb->w; x++) {
		if (!rok[x])
			continue;
		if (v < 0 ? reply[x] > 0 : reply[x] == 0) {
			++*keep;
			continue;
		}
		const int ours = -reply[x]; /* our score after the reply */
		if (ours <= 0) {
			++*hidden; /* a win given up for a draw */
			continue;
		}
		board_t after = *nb;
		board_play(&after, x);
		const int stones = board_max_score(&after) - ours + 1;
		*hidden += 2 * stones > horizon;
	}
}

/* Among the columns of b whose exact score is v (a draw or a loss), the
 * one that gives an opponent searching src->lim's trap_horizon plies the
 * best chance to go wrong: the largest share of errors it cannot see
 * among the replies it may choose (count_replies(): those keeping its
 * result and those errors; an error it sees is not a choice), then the
 * fewest replies keeping its result, then nearest the centre (or the
 * seed's pick); into *best (-1: fewer than two such columns); false when
 * the source could not tell. */
static bool
pick_trap(struct trap_src *src, const board_t *b, int v, uint64_t seed,
          int *best)
{
	int score[BOARD_MAX_WIDTH], col[BOARD_MAX_WIDTH];
	int best_keep = 0, best_hidden = 0;
	const int horizon = src->lim->trap_horizon > 0 ? src->lim->trap_horizon
	                                               : TRAP_HORIZON_PLIES;
	bool ok[BOARD_MAX_WIDTH];
	*best = -1;
	if (!trap_scores(src, b, score, ok))
		return false;
	const int n = settle_order(b, seed, col);
	int cands = 0;
	for (int k = 0; k < n; k++)
		cands += ok[col[k]] && score[col[k]] == v;
	if (cands < 2)
		return true;
	int found = -1;
	for (int k = 0; k < n; k++) {
		const int c = col[k];
		if (!ok[c] || score[c] != v)
			continue;
		board_t nb = *b;
		int reply[BOARD_MAX_WIDTH], keep, hidden;
		bool rok[BOARD_MAX_WIDTH];
		board_play(&nb, c);
		if (!trap_scores(src, &nb, reply, rok))
			return false;
		count_replies(&nb, v, horizon, reply, rok, &keep, &hidden);
		/* hidden / (hidden + keep) against the best so far; keep >= 1
		 * (the column's score is v, so some reply keeps it). */
		const long mine = (long)hidden * (best_hidden + best_keep);
		const long theirs = (long)best_hidden * (hidden + keep);
		if (found < 0 || mine > theirs ||
		    (mine == theirs && keep < best_keep)) {
			found = c;
			best_keep = keep;
			best_hidden = hidden;
		}
	}
	*best = found;
	return true;
}

/* Practical play among equals: where the move keeps a proven draw or
 * loss (exact score v), the column among those of score v that gives the
 * opponent the best chance of an error it cannot see (pick_trap()).  A
 * perfect player is not hurt by it, an imperfect one has more ways to go
 * wrong.  The book's values first, where it holds every column and every
 * reply (roots of at most its depth less two stones: no cost); else the
 * solver's, on the second table (warm from the proof), in what is left of
 * the move's time, and an analysis left unfinished leaves the move as it
 * was. */
static void
set_traps(struct search *s, const board_t *b, const struct search_limits *lim,
          struct search_result *r)
{
	if (!lim->practical || lim->window || r->move < 0 ||
	    r->kind != SCORE_EXACT || r->score > 0 || b->over ||
	    !(lim->mode == SEARCH_DEPTH ||
	      (lim->mode == SEARCH_EXACT && lim->analyze && lim->move_only)) ||
	    (lim->level != NULL && level_is_human(lim->level)))
		return;
	const int v = r->score;
	const double t0 = util_now_s();
	const double end = t0 + lim->time_limit - r->seconds - TRAP_MARGIN_S;
	struct trap_src src = {.lim = lim, .end = end};
	int best;
	bool known = pick_trap(&src, b, v, lim->seed, &best);
	if (!known && lim->time_limit > 0 && end - t0 >= TRAP_MIN_S &&
	    (src.aux = aux_search(s)) != NULL) {
		src.aux->live =
		    &src.aux->stats; /* the panel keeps the move's */
		src.tmp = xcalloc(1, sizeof *src.tmp);
		known = pick_trap(&src, b, v, lim->seed, &best);
		free(src.tmp);
		r->nodes += src.nodes;
		r->seconds += util_now_s() - t0;
	}
	if (!known || best < 0 || best == r->move)
		return;
	r->move = r->best = best;
	r->col_kind[best] = SCORE_EXACT;
	r->col_score[best] = v;
	r->pv[0] = best;
	r->pv_len = 1;
}

static void run_any(struct search *s, const board_t *b,
                    const struct search_limits *lim, struct search_result *r);

void
search_run(struct search *s, const board_t *b, const struct search_limits *lim,
           struct search_result *r)
{
#if BOARD_BITS == 128
	/* A board of at most 64 bits: the 64-bit search. */
	if (board_is_small(b->w, b->h) && !s->wide_only) {
		board64_t b64;
		board_to64(b, &b64);
		search_run64(s, &b64, lim, r);
		return;
	}
#endif
	run_any(s, b, lim, r);
	set_traps(s, b, lim, r);
}

/* search_run() on the board of this file: perfect play's bound, the proof
 * within the budget beside the search or before it, or the search. */
static void
run_any(struct search *s, const board_t *b, const struct search_limits *lim,
        struct search_result *r)
{
	if (lim->mode == SEARCH_EXACT && lim->analyze && lim->move_only &&
	    lim->exact_bound > 0 && !lim->window) {
		run_bounded(s, b, lim, r);
		return;
	}
	if (prove_beside(s, b, lim, r))
		return;
	enum proof p = prove_first(s, b, lim, r);
	if (p == PROOF_DONE)
		return;
	if (p == PROOF_NONE) {
		run_search(s, b, lim, r);
		return;
	}
	/* Not proven in its share: the depth-limited search, in the time
	 * left; a stop that came during the proof keeps the proof's move. */
	struct search_result proof = *r;
	struct search_limits rest = *lim;
	if (rest.time_limit > 0) {
		rest.time_limit -= proof.seconds;
		if (rest.time_limit < 0.001)
			rest.time_limit = 0.001;
	}
	run_search(s, b, &rest, r);
	if (r->move < 0 && proof.move >= 0)
		*r = proof;
	keep_proven(b, &proof, r);
	r->nodes += proof.nodes;
	r->seconds += proof.seconds;
}

#if BOARD_BITS == 128
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
	assert(lim != NULL && buf != NULL && len > 0);
	static const char *const modes[] = {
	    [SEARCH_EXACT] = "perfect play",
	    [SEARCH_WEAK] = "win/draw/loss solver",
	    [SEARCH_DEPTH] = "depth",
	    [SEARCH_AVERAGE] = "averaged outcomes, depth",
	};
	int n = lim->mode == SEARCH_EXACT || lim->mode == SEARCH_WEAK
	            ? snprintf(buf, len, "%s", modes[lim->mode])
	            : snprintf(buf, len, "%s %d", modes[lim->mode], lim->depth);
	if (n < 0 || (size_t)n >= len)
		return;
	n += snprintf(buf + n, len - (size_t)n, ", %d thread%s%s", lim->threads,
	              lim->threads == 1 ? "" : "s",
	              lim->no_ordering ? ", no ordering" : "");
	if (lim->time_limit > 0 && n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, ", at most %g s a move",
		         lim->time_limit);
}
#endif
