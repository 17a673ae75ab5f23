/* eval.c -- the heuristic evaluation of depth-limited play. */
#include "config.h"

#include <assert.h>

#include <string.h>

#include "search/node/eval.h"
#include "core/score.h"
#include "search/node/settings.h"

void
eval_init(struct eval_tab *t, const board_t *geo)
{
	assert(t != NULL && board_size_error(geo->w, geo->h) == NULL);
	const int w = geo->w, h = geo->h;
	int count[BOARD_MAX_CELLS] = {0};
	static const int dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

	memset(t, 0, sizeof *t);
	for (int c = 0; c < w; c++)
		for (int r = 0; r < h; r++)
			for (int d = 0; d < 4; d++) {
				int ec = c + 3 * dir[d][0],
				    er = r + 3 * dir[d][1];
				if (ec < 0 || ec >= w || er < 0 || er >= h)
					continue;
				for (int k = 0; k < 4; k++)
					count[(c + k * dir[d][0]) * (h + 1) +
					      r + k * dir[d][1]]++;
			}
	for (int c = 0; c < w; c++)
		for (int r = 0; r < h; r++) {
			int i = c * (h + 1) + r;
			for (int k = 0; k < count[i] && k < EVAL_MAX_LAYERS;
			     k++)
				t->layer[k] |= (bb_t)1 << i;
			if (count[i] > t->nlayers)
				t->nlayers = count[i] > EVAL_MAX_LAYERS
				                 ? EVAL_MAX_LAYERS
				                 : count[i];
			if ((r & 1) == 0)
				t->odd_rows |= (bb_t)1 << i;
		}
}

int
eval_board(const struct eval_tab *t, const board_t *b)
{
	bb_t me = b->current, opp = b->current ^ b->mask;
	bb_t my_threats = board_winning_cells(me, b->mask, b);
	bb_t opp_threats = board_winning_cells(opp, b->mask, b);
	int s = 0;

	for (int k = 0; k < t->nlayers; k++)
		s += bb_popcount(me & t->layer[k]) -
		     bb_popcount(opp & t->layer[k]);
	/* A threat right above one of the opponent's is worth nothing (the
	 * opponent wins first, or blocks it with the stone that blocks his
	 * own); two of one side's threats one above the other win once the
	 * column reaches them (the lower one must be blocked, the upper one
	 * then wins). */
	bb_t my_dead = my_threats & (opp_threats << 1);
	bb_t opp_dead = opp_threats & (my_threats << 1);
	my_threats &= ~my_dead;
	opp_threats &= ~opp_dead;
	s += EVAL_STACKED_THREAT *
	     (bb_popcount(my_threats & (my_threats << 1)) -
	      bb_popcount(opp_threats & (opp_threats << 1)));
	s += EVAL_THREAT * (bb_popcount(my_threats) - bb_popcount(opp_threats));
	/* Zugzwang parity: the first player wants threats on odd rows, the
	 * second on even rows. */
	bb_t good =
	    (b->moves & 1) == 0 ? t->odd_rows : (b->full & ~t->odd_rows);
	s += EVAL_PARITY_THREAT * (bb_popcount(my_threats & good) -
	                           bb_popcount(opp_threats & (b->full ^ good)));
	if (s >= SCORE_PROVEN)
		s = SCORE_PROVEN - 1;
	if (s <= -SCORE_PROVEN)
		s = -(SCORE_PROVEN - 1);
	return s;
}
