/* board.c -- bitboard rules of Connect Four for any board up to 64 cells. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/board.h"

const char *
board_size_error(int w, int h)
{
	if (w < BOARD_MIN_SIZE || h < BOARD_MIN_SIZE)
		return "width and height must both be at least 4";
	if (w > BOARD_MAX_WIDTH)
		return "width must be at most 9 (one digit per column)";
	if (h > BOARD_MAX_HEIGHT || w * (h + 1) > BOARD_MAX_CELLS)
		return "width * (height + 1) must be at most 64";
	return NULL;
}

void
board_init(board_t *b, int w, int h)
{
	memset(b, 0, sizeof *b);
	b->w = (int8_t)w;
	b->h = (int8_t)h;
	for (int c = 0; c < w; c++)
		b->bottom |= (uint64_t)1 << (c * (h + 1));
	b->full = b->bottom * ((((uint64_t)1) << h) - 1);
}

static const int centre_orders[BOARD_MAX_WIDTH + 1][BOARD_MAX_WIDTH] = {
    [4] = {1, 2, 0, 3},
    [5] = {2, 1, 3, 0, 4},
    [6] = {2, 3, 1, 4, 0, 5},
    [7] = {3, 2, 4, 1, 5, 0, 6},
    [8] = {3, 4, 2, 5, 1, 6, 0, 7},
    [9] = {4, 3, 5, 2, 6, 1, 7, 0, 8},
};

const int *
board_centre_order(int w)
{
	return centre_orders[w];
}

uint64_t
board_winning_cells(uint64_t pos, uint64_t mask, const board_t *geo)
{
	return board_winning_cells_h(pos, geo->full ^ mask, geo->h);
}

uint64_t
board_non_losing_moves(const board_t *b)
{
	uint64_t possible = board_possible(b);
	uint64_t opp_win = board_opp_winning_cells(b);
	uint64_t forced = possible & opp_win;

	if (forced) {
		if (forced & (forced - 1))
			return 0; /* two threats: cannot block both */
		possible = forced;
	}
	/* Never play directly below an opponent's winning cell. */
	return possible & ~(opp_win >> 1);
}

bool
board_has_four(uint64_t s, int h)
{
	return board_has_four_h(s, h);
}

uint64_t
board_four_cells(uint64_t s, int h)
{
	const int shifts[4] = {1, h + 1, h, h + 2};
	uint64_t out = 0;
	for (int i = 0; i < 4; i++) {
		int d = shifts[i];
		uint64_t m = s & (s >> d);
		uint64_t start =
		    m & (m >> (2 * d)); /* first cell of each four */
		out |= start | (start << d) | (start << (2 * d)) |
		       (start << (3 * d));
	}
	return out;
}

uint64_t
board_mirror_key(const board_t *b, uint64_t key)
{
	const int h1 = b->h + 1;
	const uint64_t col = (((uint64_t)1) << h1) - 1;
	uint64_t out = 0;
	for (int c = 0; c < b->w; c++)
		out |= ((key >> (c * h1)) & col) << ((b->w - 1 - c) * h1);
	return out;
}

void
board_mirror(const board_t *b, board_t *out)
{
	*out = *b;
	out->current = board_mirror_key(b, b->current);
	out->mask = board_mirror_key(b, b->mask);
}

int
board_cell(const board_t *b, int col, int row)
{
	uint64_t bit = (uint64_t)1 << (col * (b->h + 1) + row);
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
	return __builtin_popcountll(b->mask & board_column_mask(b, col));
}

uint64_t
board_stones(const board_t *b, int player)
{
	return player == board_to_move(b) ? b->current : b->current ^ b->mask;
}

enum board_err
board_play_checked(board_t *b, int col)
{
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
	board_init(&b, w, h);
	if (len == (size_t)-1)
		len = strlen(s);
	for (size_t i = 0; i < len; i++) {
		enum board_err e;
		if (s[i] < '0' || s[i] > '9')
			e = BOARD_ERR_CHAR;
		else
			e = board_play_checked(&b, s[i] - '1');
		if (e != BOARD_OK) {
			if (err_index != NULL)
				*err_index = i;
			return e;
		}
	}
	*out = b;
	return BOARD_OK;
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

int
board_format(const board_t *b, char *buf, size_t len)
{
	static const char glyph[3] = {'.', 'X', 'O'};
	size_t n = 0;
	int r;

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
		PUT("%s%d", c ? " " : "", c + 1);
	PUT("\n");
#undef PUT
	return (int)n;
}
