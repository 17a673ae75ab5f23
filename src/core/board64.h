/* board64.h -- the out-of-line rules in a unit of 64 bits other than
 * core/board64.c (the 64-bit search, search/search64.c): each board_...()
 * that core/board-tmpl.h declares WIDTH_FN, defined here as a call of its
 * copy in core/board64.c, board64_...() (core/board.h).  Inlined, so the
 * search's code calls board64.c's function as before. */
#ifndef DROPFOUR_BOARD64_H
#define DROPFOUR_BOARD64_H

#if BOARD_BITS != 64
#error "core/board64.h is for a unit of BOARD_BITS 64"
#endif

#include "core/board.h"

static inline __attribute__((always_inline)) void
board_init(board_t *b, int w, int h)
{
	board64_init(b, w, h);
}

static inline __attribute__((always_inline)) bb_t
board_winning_cells(bb_t pos, bb_t mask, const board_t *geo)
{
	return board64_winning_cells(pos, mask, geo);
}

static inline __attribute__((always_inline)) bb_t
board_non_losing_moves(const board_t *b)
{
	return board64_non_losing_moves(b);
}

static inline __attribute__((always_inline)) bool
board_has_four(bb_t stones, int h)
{
	return board64_has_four(stones, h);
}

static inline __attribute__((always_inline)) bb_t
board_four_cells(bb_t stones, int h)
{
	return board64_four_cells(stones, h);
}

static inline __attribute__((always_inline)) bb_t
board_mirror_key(const board_t *b, bb_t key)
{
	return board64_mirror_key(b, key);
}

static inline __attribute__((always_inline)) void
board_mirror(const board_t *b, board_t *out)
{
	board64_mirror(b, out);
}

static inline __attribute__((always_inline)) int
board_cell(const board_t *b, int col, int row)
{
	return board64_cell(b, col, row);
}

static inline __attribute__((always_inline)) int
board_column_height(const board_t *b, int col)
{
	return board64_column_height(b, col);
}

static inline __attribute__((always_inline)) bb_t
board_stones(const board_t *b, int player)
{
	return board64_stones(b, player);
}

static inline __attribute__((always_inline)) enum board_err
board_play_checked(board_t *b, int col)
{
	return board64_play_checked(b, col);
}

static inline __attribute__((always_inline)) enum board_err
board_parse(board_t *out, int w, int h, const char *s, size_t len,
            size_t *err_index)
{
	return board64_parse(out, w, h, s, len, err_index);
}

static inline __attribute__((always_inline)) int
board_format(const board_t *b, char *buf, size_t len)
{
	return board64_format(b, buf, len);
}

#endif
