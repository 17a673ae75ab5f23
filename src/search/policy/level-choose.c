/* level-choose.c -- how a level that chooses for itself picks its move
 * from the searched column scores (level_choose(), level.h): what it sees
 * in each score, and its noise.  Compiled for each width of the search, as
 * it is for the 128-bit one and inside search/search64.c for the boards of
 * at most 64 bits. */
#include "config.h"

#include <assert.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/util.h"
#include "search/node/choose.h"
#include "search/policy/level.h"
#include "search/node/settings.h"

/* The value a level sees in a column's score: proven results within its
 * sight as certainties, beyond it as a good or a bad feeling. */
static double
seen_value(const struct level *lv, const board_t *b, enum score_kind kind,
           int score)
{
	const int cells = b->w * b->h;
	switch (kind) {
	case SCORE_HEURISTIC:
		return score;
	case SCORE_EXACT:
	case SCORE_LOWER:
	case SCORE_UPPER:
		if (score == 0)
			return 0;
		{
			/* The stone that ends the game: the (cells + 1 -
			 * 2|score|)th + 1, counted from the empty board. */
			int a = score > 0 ? score : -score;
			int plies = cells + 2 - 2 * a - b->moves;
			bool seen = lv->sight == 0 || plies <= lv->sight;
			double v =
			    seen ? LEVEL_PROVEN_VALUE + a : LEVEL_FELT_VALUE;
			return score > 0 ? v : -v;
		}
	case SCORE_NONE:
		break;
	}
	return -2 * LEVEL_PROVEN_VALUE;
}

/* Gumbel noise of temperature t from the seeded stream. */
static double
gumbel(uint64_t *rng, double t)
{
	double u = ((double)(util_rand(rng) >> 11) + 0.5) / 9007199254740992.0;
	return -t * log(-log(u));
}

int
level_choose(const struct level *lv, const board_t *b,
             const struct search_result *r, uint64_t seed)
{
	assert(lv != NULL && b != NULL && r != NULL);
	const bb_t possible = board_possible(b);
	int win = board_winning_column(b);
	if (win >= 0)
		return win;
	/* The opponent's winning cells: block one that is playable now; do
	 * not play under one while another move is left. */
	bb_t opp = b->current ^ b->mask;
	bb_t threats = board_winning_cells(opp, b->mask, b);
	bb_t must = threats & possible;
	if (must)
		return bb_ctz(must) / (b->h + 1);
	bool ok[BOARD_MAX_WIDTH];
	int nok = 0;
	for (int c = 0; c < b->w; c++) {
		bb_t cell = possible & board_column_mask(b, c);
		ok[c] = cell != 0 && !(threats & (cell << 1));
		nok += ok[c];
	}
	if (nok == 0)
		for (int c = 0; c < b->w; c++)
			ok[c] = board_can_play(b, c);
	double value[BOARD_MAX_WIDTH];
	uint64_t rng = seed ^ board_key_fold(board_key(b));
	for (int c = 0; c < b->w; c++) {
		value[c] = seen_value(lv, b, r->col_kind[c], r->col_score[c]);
		if (ok[c] && lv->noise > 0)
			value[c] += gumbel(&rng, lv->noise);
	}
	return choose_column(b, value, ok, 0);
}
