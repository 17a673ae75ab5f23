/* order.h -- move ordering: the transposition-table move first, then the
 * moves that create the most winning cells, centre first on ties. */
#ifndef DROPFOUR_ORDER_H
#define DROPFOUR_ORDER_H

#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "core/util.h"

struct order_list {
	int n;
	int col[BOARD_MAX_WIDTH];
	bb_t cell[BOARD_MAX_WIDTH];
};

/* Sort key[0..n) in place, highest first, equal keys in their order
 * (stable); idx[i] gets the position key[i] had.  An insertion sort: n is
 * at most a board's width.  Both order_moves() and the exact search's node
 * use it. */
FORCE_INLINE void
order_sort(int *key, int n, int *idx)
{
	for (int i = 0; i < n; i++) {
		const int k = key[i];
		int j = i;
		while (j > 0 && key[j - 1] < k) {
			idx[j] = idx[j - 1];
			key[j] = key[j - 1];
			j--;
		}
		idx[j] = i;
		key[j] = k;
	}
}

/* Order the candidate cells (a subset of board_possible(b)).  first: a
 * column to put first (or -1).  plain: centre order only. */
WIDTH_FN void order_moves(const board_t *b, bb_t candidates, int first,
                          bool plain, struct order_list *out);

#endif
