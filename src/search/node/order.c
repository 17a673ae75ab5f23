/* order.c -- move ordering for the searches. */
#include "config.h"

#include <assert.h>

#include "search/node/order.h"
#include "search/node/settings.h"

void
order_moves(const board_t *b, bb_t candidates, int first, bool plain,
            struct order_list *out)
{
	/* a subset of the playable cells */
	assert((candidates & ~board_possible(b)) == 0);
	assert(first >= -1 && first < b->w);
	const int *centre = board_centre_order(b->w);
	int score[BOARD_MAX_WIDTH], col[BOARD_MAX_WIDTH], idx[BOARD_MAX_WIDTH];
	bb_t cell[BOARD_MAX_WIDTH];
	int n = 0;

	/* The candidates in centre order, then sorted by score: centre
	 * first among equals (score[] is sorted in place). */
	for (int i = 0; i < b->w; i++) {
		col[n] = centre[i];
		cell[n] = candidates & board_column_mask(b, col[n]);
		if (!cell[n])
			continue;
		if (col[n] == first)
			score[n] = ORDER_FIRST_BONUS;
		else if (plain)
			score[n] = 0;
		else
			score[n] = bb_popcount(board_winning_cells(
			    b->current | cell[n], b->mask | cell[n], b));
		n++;
	}
	order_sort(score, n, idx);
	for (int i = 0; i < n; i++) {
		out->col[i] = col[idx[i]];
		out->cell[i] = cell[idx[i]];
	}
	out->n = n;
}
