/* order.h -- move ordering: the transposition-table move first, then the
 * moves that create the most winning cells, centre first on ties. */
#ifndef DROPFOUR_ORDER_H
#define DROPFOUR_ORDER_H

#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"

struct order_list {
	int n;
	int col[BOARD_MAX_WIDTH];
	bb_t cell[BOARD_MAX_WIDTH];
};

/* Order the candidate cells (a subset of board_possible(b)).  first: a
 * column to put first (or -1).  plain: centre order only. */
#if BOARD_BITS == 64
#define order_moves order_moves64
#endif
void order_moves(const board_t *b, bb_t candidates, int first, bool plain,
                 struct order_list *out);

#endif
