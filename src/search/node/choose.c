/* choose.c -- choosing a move among scored columns (choose.h): the ranks
 * of exact, bounded and heuristic scores, the centre-first tie-break and
 * the seeded draw among equals.
 *
 * Compiled once for each width of board (core/board.h), like the search.
 */
#include "config.h"

#include <assert.h>

#include <math.h>

#include "search/node/choose.h"
#include "search/node/settings.h"
#include "core/util.h"

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
			return CHOOSE_PROVEN_RANK + score;
		if (score < 0)
			return -CHOOSE_PROVEN_RANK + score;
		return 0;
	case SCORE_HEURISTIC:
		return score;
	case SCORE_NONE:
		break;
	}
	return CHOOSE_UNKNOWN_RANK;
}

/* The random draw of a tie-break among equal columns: the seed mixed with
 * the position, so each position of a seeded game draws anew. */
uint64_t
choose_tie_draw(const board_t *b, uint64_t seed)
{
	return util_splitmix(seed ^ ((uint64_t)b->mask * 31) ^
	                     board_key_fold(board_key(b)));
}

int
choose_column(const board_t *b, const double *value, const bool *ok,
              uint64_t seed)
{
	assert(b != NULL && value != NULL && ok != NULL);
	const int *centre = board_centre_order(b->w);
	int ties[BOARD_MAX_WIDTH], n = 0;
	double best = 0.0;

	for (int i = 0; i < b->w; i++) {
		int col = centre[i];
		if (!ok[col])
			continue;
		if (n == 0 || value[col] > best + CHOOSE_EPS) {
			best = value[col];
			n = 0;
		}
		if (fabs(value[col] - best) <= CHOOSE_EPS)
			ties[n++] = col;
	}
	if (n == 0)
		return -1;
	if (seed == 0 || n == 1)
		return ties[0];
	return ties[choose_tie_draw(b, seed) % (uint64_t)n];
}

int
choose_best_column(const board_t *b, const struct search_result *r,
                   uint64_t seed)
{
	assert(b != NULL && r != NULL);
	double value[BOARD_MAX_WIDTH];
	bool ok[BOARD_MAX_WIDTH];

	for (int c = 0; c < b->w; c++) {
		ok[c] = c < r->ncols && r->col_kind[c] != SCORE_NONE;
		value[c] = ok[c] ? rank_of(r->col_kind[c], r->col_score[c]) : 0;
	}
	return choose_column(b, value, ok, seed);
}
