/* board64.c -- the 64-bit rules out of line: core/board-bits.c compiled
 * for board64_t, the boards of at most 64 bits (core/board.h), its
 * functions internal here (WIDTH_FN) and exported under the names
 * board64_...() below.  The 64-bit search calls them through
 * core/board64.h, as the 128-bit one calls board-bits.c's, from another
 * unit (compiled into the search's, they changed its code and cost it
 * 1.5% more instructions); files of 128 bits call them directly. */
#define BOARD_BITS 64
#include "core/board-bits.c"

void
board64_init(board64_t *b, int w, int h)
{
	board_init(b, w, h);
}

bb64_t
board64_key(const board64_t *b)
{
	return board_key(b);
}

bb64_t
board64_winning_cells(bb64_t pos, bb64_t mask, const board64_t *geo)
{
	return board_winning_cells(pos, mask, geo);
}

bb64_t
board64_non_losing_moves(const board64_t *b)
{
	return board_non_losing_moves(b);
}

bool
board64_has_four(bb64_t stones, int h)
{
	return board_has_four(stones, h);
}

bb64_t
board64_four_cells(bb64_t stones, int h)
{
	return board_four_cells(stones, h);
}

bb64_t
board64_mirror_key(const board64_t *b, bb64_t key)
{
	return board_mirror_key(b, key);
}

void
board64_mirror(const board64_t *b, board64_t *out)
{
	board_mirror(b, out);
}

int
board64_cell(const board64_t *b, int col, int row)
{
	return board_cell(b, col, row);
}

int
board64_column_height(const board64_t *b, int col)
{
	return board_column_height(b, col);
}

bb64_t
board64_stones(const board64_t *b, int player)
{
	return board_stones(b, player);
}

enum board_err
board64_play_checked(board64_t *b, int col)
{
	return board_play_checked(b, col);
}

enum board_err
board64_parse(board64_t *out, int w, int h, const char *s, size_t len,
              size_t *err_index)
{
	return board_parse(out, w, h, s, len, err_index);
}

int
board64_format(const board64_t *b, char *buf, size_t len)
{
	return board_format(b, buf, len);
}
