/* search-prove.c -- the move's policy within its budget: perfect play's
 * bound (the exact search stopped at the bound, then a short
 * depth-limited one), the proof first (one thread: the exact solver in
 * its share of the time, then the depth-limited search in the rest), the
 * proof beside the depth-limited search (two threads or more), with the
 * checks of practical play that ask whether the search's move keeps the
 * proven result, and a proven result kept over a heuristic one.  Every
 * search it makes goes through the driver, search_drive(), and writes the
 * live statistics of the search it serves (s->stats), bar the proof beside
 * the search, which writes its own table's (the panel shows the search).
 * Each is stopped by its limits' token (search.h): the caller's, or for
 * the proof and the search beside each other, a child of it that the one
 * requests to stop the other.
 *
 * Compiled once for each width of board (core/board.h): as it is, and
 * inside search/search64.c for the boards of at most 64 bits.
 */
#include "config.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

#include "core/util.h"
#include "search/node/choose.h"
#include "search/node/search-int.h"

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
	struct search *aux = search_aux(s);
	if (aux == NULL)
		return PROOF_NONE;
	const struct search_limits el =
	    search_limits_for_proof(lim, lim->prove_time);
	/* the panel shows the proof, then the search */
	search_drive(aux, &s->stats, b, &el, r);
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
	const struct search_limits el = search_limits_for_bound(lim);
	search_drive(s, &s->stats, b, &el, r);
	if (!r->partial || search_stop_requested(lim->stop) ||
	    (r->move >= 0 && r->kind == SCORE_EXACT))
		return;
	struct search *aux = search_aux(s);
	if (aux == NULL)
		return;
	struct search_result h;
	const struct search_limits dl = search_limits_for_fallback(lim);
	search_drive(aux, &s->stats, b, &dl, &h);
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
	/* Who owns which table: the depth-limited search's (s) is the
	 * pthread's until it is joined; the proof's (aux, s's second
	 * table) is the calling thread's (prover) alone. */
	struct search *s; /* the depth-limited search, in the pthread */
	struct search_limits rest;
	struct search_result hr;
	pthread_t thread;
	bool joined;
	struct search *aux; /* the proof, in the calling thread */
	pthread_t prover;   /* the calling thread */
	const board_t *b;
	struct search_limits el;
	struct search_result r;
	double check_after; /* seconds of the proof before the checks */
	/* The depth-limited search's token (rest.stop), a child of the
	 * caller's: requested when the proof is done, or when the checks
	 * begin (they ask about the move it has then). */
	struct search_stop search_stop;
	/* The proof's (el.stop), a child of the caller's: requested when
	 * the depth-limited search proved the root. */
	struct search_stop proof_stop;
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
	assert(pthread_equal(pthread_self(), p->prover));
	search_stop_request(&p->search_stop);
	beside_join(p);
	/* The search's result is read only once its pthread is joined. */
	assert(p->joined);
	while (!search_stop_requested(p->el.stop)) {
		double left = end - util_now_s();
		int c = result_best(p->b, &p->hr, asked, p->rest.seed);
		if (left < TRAP_MIN_S || c < 0)
			return;
		asked |= 1u << c;
		board_t nb = *p->b;
		board_play(&nb, c);
		if (nb.over || board_is_full(&nb))
			return; /* a win or the last cell: the search knows */
		const struct search_limits wl = search_limits_for_check(
		    &p->el, target, left, p->rest.threads + p->el.threads);
		struct search_result wr;
		search_drive(p->aux, &p->aux->stats, &nb, &wl, &wr);
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
	/* This pthread's table is the search's, never the proof's. */
	assert(!pthread_equal(pthread_self(), p->prover));
	assert(p->s != p->aux && !p->s->is_aux && p->aux->is_aux);
	search_drive(p->s, &p->s->stats, p->b, &p->rest, &p->hr);
	if (p->hr.kind == SCORE_EXACT && !p->hr.partial)
		search_stop_request(&p->proof_stop);
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
	assert(pthread_equal(pthread_self(), p->prover));
	if (left < TRAP_MIN_S || search_stop_requested(p->el.stop))
		return;
	const struct search_limits el = search_limits_for_time(&p->el, left);
	struct search_result *r2 = xcalloc(1, sizeof *r2);
	search_drive(p->aux, &p->aux->stats, p->b, &el, r2);
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
	const struct search_limits el =
	    search_limits_for_time(&p->el, p->check_after);
	assert(pthread_equal(pthread_self(), p->prover));
	search_drive(p->aux, &p->aux->stats, p->b, &el, &p->r);
	/* The checks or the rest of the proof go on counting in the same
	 * statistics: the panel shows one proof whose counts only grow. */
	stats_keep_counts(&p->aux->stats, true);
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
		search_stop_request(&p->search_stop);
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

/* When both finished, the proof and the search beside it agree: the
 * proof's value is in the board's range, its move legal, and where the
 * search proved its best column a win (the root is won) or a loss (every
 * column lost: the root is lost), the proof found the same.  (A draw
 * the search proved of its best column says nothing of the root: a
 * column it scored heuristically may win.) */
static void
beside_agree(const board_t *b, const struct beside *p)
{
	(void)b;
	if (!proved(&p->r))
		return;
	assert(p->r.score >= board_min_score(b) &&
	       p->r.score <= board_max_score(b));
	assert(board_can_play(b, p->r.move));
	const int c = p->hr.best;
	if (p->hr.partial || c < 0 || p->hr.col_kind[c] != SCORE_EXACT)
		return;
	assert(p->hr.col_score[c] <= 0 || p->r.score > 0);
	assert(p->hr.col_score[c] >= 0 || p->r.score < 0);
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
	struct search *aux = search_aux(s);
	if (aux == NULL)
		return false;
	struct beside p = {
	    .s = s, .aux = aux, .prover = pthread_self(), .b = b};
	p.el = search_limits_for_beside_proof(lim, &p.proof_stop);
	p.check_after = lim->practical
	                    ? p.el.time_limit * PROVE_CHECK_AFTER_PCT / 100.0
	                    : p.el.time_limit;
	p.rest = search_limits_for_beside_search(lim, &p.search_stop);
	double t0 = util_now_s();
	stats_set_beside_stats(&s->stats, &aux->stats);
	stats_set_beside(&s->stats, p.el.threads);
	if (pthread_create(&p.thread, NULL, beside_main, &p) != 0) {
		stats_set_beside(&s->stats, 0);
		return false;
	}
	beside_prove(&p);
	stats_keep_counts(&aux->stats, false);
	/* The proof's time is up, or it proved the root (the search then
	 * stops), or the search proved it first, or the checks stopped it:
	 * the search's move. */
	beside_join(&p);
	stats_set_beside(&s->stats, 0);
	beside_agree(b, &p);
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

/* search_run() on the board of this file: perfect play's bound, the proof
 * within the budget beside the search or before it, or the search. */
void
search_play(struct search *s, const board_t *b, const struct search_limits *lim,
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
		search_drive(s, &s->stats, b, lim, r);
		return;
	}
	/* Not proven in its share: the depth-limited search, in the time
	 * left; a stop that came during the proof keeps the proof's move. */
	struct search_result proof = *r;
	const struct search_limits rest =
	    search_limits_for_rest(lim, proof.seconds);
	search_drive(s, &s->stats, b, &rest, r);
	if (r->move < 0 && proof.move >= 0)
		*r = proof;
	keep_proven(b, &proof, r);
	r->nodes += proof.nodes;
	r->seconds += proof.seconds;
}
