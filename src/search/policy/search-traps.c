/* search-traps.c -- practical play among equals: where the move keeps a
 * proven draw or loss, the column of that score that gives the opponent
 * the best chance of an error it cannot see, from the opening book or
 * from the exact solver on the second table.
 *
 * Compiled once for each width of board (core/board.h): as it is, and
 * inside search/search64.c for the boards of at most 64 bits.
 */
#include "config.h"

#include <assert.h>
#include <stdlib.h>

#include "core/util.h"
#include "search/policy/level.h"
#include "search/node/search-int.h"

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
		if (left <= 0)
			return false;
		/* every column's exact score */
		const struct search_limits el =
		    search_limits_for_traps(src->lim, left);
		/* its own figures: the panel keeps the move's */
		search_drive(src->aux, &src->aux->stats, b, &el, src->tmp);
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
	const int n = search_settle_order(b, seed, col);
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
		assert(keep >= 1);
		const long mine = (long)hidden * (best_hidden + best_keep);
		const long theirs = (long)best_hidden * (hidden + keep);
		if (found < 0 || mine > theirs ||
		    (mine == theirs && keep < best_keep)) {
			found = c;
			best_keep = keep;
			best_hidden = hidden;
		}
	}
	/* A trap is a legal column of the exact value v. */
	assert(found < 0 ||
	       (board_can_play(b, found) && ok[found] && score[found] == v));
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
void
search_set_traps(struct search *s, const board_t *b,
                 const struct search_limits *lim, struct search_result *r)
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
	    (src.aux = search_aux(s)) != NULL) {
		src.tmp = xcalloc(1, sizeof *src.tmp);
		known = pick_trap(&src, b, v, lim->seed, &best);
		free(src.tmp);
		r->nodes += src.nodes;
		r->seconds += util_now_s() - t0;
	}
	if (!known || best < 0 || best == r->move)
		return;
	/* The trap keeps the move's exact value: a legal column of score v,
	 * the score r reports. */
	assert(board_can_play(b, best) && r->kind == SCORE_EXACT &&
	       r->score == v);
	r->move = r->best = best;
	r->col_kind[best] = SCORE_EXACT;
	r->col_score[best] = v;
	r->pv[0] = best;
	r->pv_len = 1;
}
