/* order.c -- move ordering for the searches. */
#include "config.h"

#include "search/order.h"
#include "search/settings.h"

void
order_moves(const board_t *b, bb_t candidates, int first, bool plain,
            struct order_list *out)
{
	const int *centre = board_centre_order(b->w);
	int score[BOARD_MAX_WIDTH];
	int n = 0;

	for (int i = 0; i < b->w; i++) {
		int col = centre[i];
		bb_t cell = candidates & board_column_mask(b, col);
		if (!cell)
			continue;
		int s;
		if (col == first)
			s = ORDER_FIRST_BONUS;
		else if (plain)
			s = 0;
		else
			s = bb_popcount(board_winning_cells(b->current | cell,
			                                    b->mask | cell, b));
		/* Insertion sort, stable: centre first among equals. */
		int j = n++;
		while (j > 0 && score[j - 1] < s) {
			score[j] = score[j - 1];
			out->col[j] = out->col[j - 1];
			out->cell[j] = out->cell[j - 1];
			j--;
		}
		score[j] = s;
		out->col[j] = col;
		out->cell[j] = cell;
	}
	out->n = n;
}
