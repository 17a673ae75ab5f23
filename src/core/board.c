/* board.c -- what the rules share across widths: the size limits, the
 * centre-first order, the error sentences.  The rules themselves are in
 * board-bits.c. */
#include "config.h"

#include <assert.h>

#include "core/board.h"

const char *
board_size_error(int w, int h)
{
	if (w < BOARD_MIN_SIZE || h < BOARD_MIN_SIZE)
		return "width and height must both be at least 4";
	if (w > BOARD_MAX_WIDTH)
		return "width must be at most 16 (columns 1..9, then a..g)";
	if (h > BOARD_MAX_HEIGHT || w * (h + 1) > BOARD_MAX_CELLS)
		return "width * (height + 1) must be at most 128";
	return NULL;
}

static const int centre_orders[BOARD_MAX_WIDTH + 1][BOARD_MAX_WIDTH] = {
    [4] = {1, 2, 0, 3},
    [5] = {2, 1, 3, 0, 4},
    [6] = {2, 3, 1, 4, 0, 5},
    [7] = {3, 2, 4, 1, 5, 0, 6},
    [8] = {3, 4, 2, 5, 1, 6, 0, 7},
    [9] = {4, 3, 5, 2, 6, 1, 7, 0, 8},
    [10] = {4, 5, 3, 6, 2, 7, 1, 8, 0, 9},
    [11] = {5, 4, 6, 3, 7, 2, 8, 1, 9, 0, 10},
    [12] = {5, 6, 4, 7, 3, 8, 2, 9, 1, 10, 0, 11},
    [13] = {6, 5, 7, 4, 8, 3, 9, 2, 10, 1, 11, 0, 12},
    [14] = {6, 7, 5, 8, 4, 9, 3, 10, 2, 11, 1, 12, 0, 13},
    [15] = {7, 6, 8, 5, 9, 4, 10, 3, 11, 2, 12, 1, 13, 0, 14},
    [16] = {7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1, 14, 0, 15},
};

const int *
board_centre_order(int w)
{
	assert(w >= 1 && w <= BOARD_MAX_WIDTH);
	return centre_orders[w];
}

const char *
board_err_string(enum board_err e)
{
	switch (e) {
	case BOARD_OK:
		return "no error";
	case BOARD_ERR_CHAR:
		return "not a column number";
	case BOARD_ERR_RANGE:
		return "no such column on this board";
	case BOARD_ERR_FULL:
		return "that column is full";
	case BOARD_ERR_OVER:
		return "the game is already over";
	}
	return "unknown error";
}
