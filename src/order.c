/* order.c -- move ordering for the searches. */
#include "config.h"

#include "order.h"

static const int centre_orders[BOARD_MAX_WIDTH + 1][BOARD_MAX_WIDTH] = {
	[4] = { 1, 2, 0, 3 },
	[5] = { 2, 1, 3, 0, 4 },
	[6] = { 2, 3, 1, 4, 0, 5 },
	[7] = { 3, 2, 4, 1, 5, 0, 6 },
	[8] = { 3, 4, 2, 5, 1, 6, 0, 7 },
	[9] = { 4, 3, 5, 2, 6, 1, 7, 0, 8 },
};

const int *
order_centre(int w)
{
	return centre_orders[w];
}

void
order_moves(const board_t *b, uint64_t candidates, int first, bool plain,
    struct order_list *out)
{
	const int *centre = centre_orders[b->w];
	int score[BOARD_MAX_WIDTH];
	int n = 0;

	for (int i = 0; i < b->w; i++) {
		int col = centre[i];
		uint64_t cell = candidates & board_column_mask(b, col);
		if (!cell)
			continue;
		int s;
		if (col == first)
			s = 1000;
		else if (plain)
			s = 0;
		else
			s = __builtin_popcountll(board_winning_cells(
			    b->current | cell, b->mask | cell, b));
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
