/* board-bits.c -- the out-of-line rules of Connect Four on the bitboards
 * of the file's width (core/board.h, core/board-tmpl.h): compiled as it
 * is, for board128_t, and once more inside core/board64.c, with
 * BOARD_BITS 64, for board64_t. */
#include "config.h"

#include <assert.h>

#include <stdio.h>
#include <string.h>

#include "core/board.h"

void
board_init(board_t *b, int w, int h)
{
	assert(b != NULL);
	assert(board_size_error(w, h) == NULL);
	assert(BOARD_BITS == 128 || board_is_small(w, h));
	memset(b, 0, sizeof *b);
	b->w = (int8_t)w;
	b->h = (int8_t)h;
	for (int c = 0; c < w; c++)
		b->bottom |= (bb_t)1 << (c * (h + 1));
	b->full = b->bottom * ((((bb_t)1) << h) - 1);
}

bb_t
board_winning_cells(bb_t pos, bb_t mask, const board_t *geo)
{
	return board_winning_cells_h(pos, geo->full ^ mask, geo->h);
}

bb_t
board_non_losing_moves(const board_t *b)
{
	bb_t possible = board_possible(b);
	bb_t opp_win = board_opp_winning_cells(b);
	bb_t forced = possible & opp_win;

	if (forced) {
		if (forced & (forced - 1))
			return 0; /* two threats: cannot block both */
		possible = forced;
	}
	/* Never play directly below an opponent's winning cell. */
	return possible & ~(opp_win >> 1);
}

bool
board_has_four(bb_t s, int h)
{
	return board_has_four_h(s, h);
}

bb_t
board_four_cells(bb_t s, int h)
{
	const int shifts[4] = {1, h + 1, h, h + 2};
	bb_t out = 0;
	for (int i = 0; i < 4; i++) {
		int d = shifts[i];
		bb_t m = s & (s >> d);
		bb_t start = m & (m >> (2 * d)); /* first cell of each four */
		out |= start | (start << d) | (start << (2 * d)) |
		       (start << (3 * d));
	}
	return out;
}

bb_t
board_mirror_key(const board_t *b, bb_t key)
{
	const int h1 = b->h + 1;
	const bb_t col = (((bb_t)1) << h1) - 1;
	bb_t out = 0;
	for (int c = 0; c < b->w; c++)
		out |= ((key >> (c * h1)) & col) << ((b->w - 1 - c) * h1);
	return out;
}

void
board_mirror(const board_t *b, board_t *out)
{
	assert(b != NULL && out != NULL);
	*out = *b;
	out->current = board_mirror_key(b, b->current);
	out->mask = board_mirror_key(b, b->mask);
}

int
board_cell(const board_t *b, int col, int row)
{
	bb_t bit = (bb_t)1 << (col * (b->h + 1) + row);
	if (col < 0 || col >= b->w || row < 0 || row >= b->h ||
	    !(b->mask & bit))
		return 0;
	/* current holds the side to move's stones. */
	int mover = board_to_move(b);
	return (b->current & bit) ? mover : 3 - mover;
}

int
board_column_height(const board_t *b, int col)
{
	assert(col >= 0 && col < b->w);
	return bb_popcount(b->mask & board_column_mask(b, col));
}

bb_t
board_stones(const board_t *b, int player)
{
	assert(player == 1 || player == 2);
	return player == board_to_move(b) ? b->current : b->current ^ b->mask;
}

enum board_err
board_play_checked(board_t *b, int col)
{
	assert(b != NULL);
	if (col < 0 || col >= b->w)
		return BOARD_ERR_RANGE;
	if (b->over)
		return BOARD_ERR_OVER;
	if (!board_can_play(b, col))
		return BOARD_ERR_FULL;
	bool wins = board_is_winning_move(b, col);
	board_play(b, col);
	if (wins)
		b->over = 1;
	return BOARD_OK;
}

enum board_err
board_parse(board_t *out, int w, int h, const char *s, size_t len,
            size_t *err_index)
{
	board_t b;
	assert(out != NULL && s != NULL);
	assert(board_size_error(w, h) == NULL);
#if BOARD_BITS == 128
	/* A board of at most 64 bits plays faster on the 64-bit rules (the
	 * solver parses every position it reads). */
	if (board_is_small(w, h)) {
		board64_t small;
		enum board_err e =
		    board64_parse(&small, w, h, s, len, err_index);
		if (e == BOARD_OK)
			board_from64(&small, out);
		return e;
	}
#endif
	board_init(&b, w, h);
	if (len == (size_t)-1)
		len = strlen(s);
	for (size_t i = 0; i < len; i++) {
		enum board_err e;
		const int col = board_char_col((unsigned char)s[i]);
		/* '0' is a column number, just never one on the board. */
		if (s[i] == '0')
			e = BOARD_ERR_RANGE;
		else if (col < 0)
			e = BOARD_ERR_CHAR;
		else
			e = board_play_checked(&b, col);
		if (e != BOARD_OK) {
			if (err_index != NULL)
				*err_index = i;
			return e;
		}
	}
	*out = b;
	return BOARD_OK;
}

int
board_format(const board_t *b, char *buf, size_t len)
{
	static const char glyph[3] = {'.', 'X', 'O'};
	size_t n = 0;
	int r;

	assert(b != NULL && (buf != NULL || len == 0));

#define PUT(...)                                                               \
	do {                                                                   \
		r = snprintf(buf + (n < len ? n : len), n < len ? len - n : 0, \
		             __VA_ARGS__);                                     \
		n += (size_t)r;                                                \
	} while (0)
	for (int row = b->h - 1; row >= 0; row--) {
		for (int c = 0; c < b->w; c++)
			PUT("%s%c", c ? " " : "", glyph[board_cell(b, c, row)]);
		PUT("\n");
	}
	for (int c = 0; c < b->w; c++)
		PUT("%s%c", c ? " " : "", board_col_char(c));
	PUT("\n");
#undef PUT
	return (int)n;
}
