/* board.h -- the Connect Four position as two bitboards.
 *
 * Any width x height with 4 <= width <= 16, height >= 4 and
 * width * (height + 1) <= 128.  Bit (col * (height + 1) + row) is the cell
 * in column col (0 = left), row row (0 = bottom); the extra top bit of every
 * column is a sentinel that is always empty, so shifts never wrap between
 * columns.  `current` holds the stones of the side to move, `mask` all
 * stones.  The pair (current + mask) is a unique key for the position.
 *
 * The rules come in two widths of bitboard: board64_t on uint64_t, for
 * boards of at most 64 bits, and board128_t on unsigned __int128, for every
 * board.  The search is compiled once for each (docs/solver.md, "Boards of
 * more than 64 bits"), and runs a board of at most 64 bits on the 64-bit
 * rules.  A file picks its width with BOARD_BITS (64 or 128, the default)
 * before it includes this header: `board_t` and `bb_t` are then that
 * width's types, and the rules, board_...() (core/board-tmpl.h), are
 * defined for that width under those names.  Everything above the search
 * holds board128_t; the few places that need the 64-bit rules beside the
 * 128-bit ones call board64_...() below (core/board64.c).
 *
 * Columns are 0-based everywhere in the API; the move-string notation
 * ("4453", "9ab") writes them 1-based, one character each: 1..9, then a..g
 * for columns 10..16 (board_col_char()).  Everything here is pure and
 * thread-safe.
 */
#ifndef DROPFOUR_BOARD_H
#define DROPFOUR_BOARD_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BOARD_MIN_SIZE       4
#define BOARD_MAX_WIDTH      16
#define BOARD_MAX_HEIGHT     31
#define BOARD_MAX_CELLS      128
#define BOARD_DEFAULT_WIDTH  7
#define BOARD_DEFAULT_HEIGHT 6
/* The boards the 64-bit rules hold: width * (height + 1) <= 64, so at most
 * 12 columns. */
#define BOARD_SMALL_CELLS     64
#define BOARD_SMALL_MAX_WIDTH 12

_Static_assert(BOARD_MIN_SIZE *(BOARD_MAX_HEIGHT + 1) == BOARD_MAX_CELLS &&
                   BOARD_MAX_WIDTH * (BOARD_MIN_SIZE + 1) <= BOARD_MAX_CELLS,
               "the largest boards fill 128 bits");
_Static_assert(BOARD_SMALL_MAX_WIDTH *(BOARD_MIN_SIZE + 1) <=
                       BOARD_SMALL_CELLS &&
                   (BOARD_SMALL_MAX_WIDTH + 1) * (BOARD_MIN_SIZE + 1) >
                       BOARD_SMALL_CELLS,
               "the widest board of 64 bits");

typedef uint64_t bb64_t;
typedef unsigned __int128 bb128_t;

/* Errors of checked play and parsing. */
enum board_err {
	BOARD_OK = 0,
	BOARD_ERR_CHAR,  /* not a column character */
	BOARD_ERR_RANGE, /* column number outside 1..width */
	BOARD_ERR_FULL,  /* the column is full */
	BOARD_ERR_OVER,  /* the game has already been won */
};

/* Returns NULL if width x height is a board we can hold, otherwise a
 * sentence saying why not. */
const char *board_size_error(int w, int h);

/* Whether a w x h board fits the 64-bit rules (width * (height + 1) <= 64). */
static inline bool
board_is_small(int w, int h)
{
	return w * (h + 1) <= BOARD_SMALL_CELLS;
}

/* A column (0-based) as a move-string character: '1'..'9', then 'a'..'g'
 * for columns 10..16. */
static inline char
board_col_char(int col)
{
	return (char)(col < 9 ? '1' + col : 'a' + (col - 9));
}

/* The 0-based column of a move-string character ('1'..'9', 'a'..'g' or
 * 'A'..'G'), or -1 if it names none. */
static inline int
board_char_col(int ch)
{
	if (ch >= '1' && ch <= '9')
		return ch - '1';
	if (ch >= 'a' && ch <= 'g')
		return 9 + (ch - 'a');
	if (ch >= 'A' && ch <= 'G')
		return 9 + (ch - 'A');
	return -1;
}

/* The columns of a board of width w (BOARD_MIN_SIZE..BOARD_MAX_WIDTH) from
 * the centre outwards: the order of every "centre first" rule (move
 * ordering, ties between equal moves, fallbacks).  Nearer the centre
 * first, and of two columns equally near, the left one: width 4 gives
 * 1, 2, 0, 3; width 7 gives 3, 2, 4, 1, 5, 0, 6. */
const int *board_centre_order(int w);

/* A column's place in that order, computed: 2 * its distance from the
 * centre (in half columns), plus one for the right one of a pair. */
static inline int
board_centre_rank(int w, int col)
{
	const int d = 2 * col - (w - 1);
	return 2 * (d < 0 ? -d : d) + (d > 0);
}

/* A sentence for an error code ("column 3 is full", ...). */
const char *board_err_string(enum board_err e);

/* ---- bit helpers of each width --------------------------------------- */

static inline __attribute__((always_inline)) int
bb64_ctz(bb64_t x)
{
	return __builtin_ctzll(x);
}

static inline __attribute__((always_inline)) int
bb64_popcount(bb64_t x)
{
	return __builtin_popcountll(x);
}

static inline __attribute__((always_inline)) int
bb128_ctz(bb128_t x)
{
	const uint64_t lo = (uint64_t)x;
	return lo ? __builtin_ctzll(lo)
	          : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

static inline __attribute__((always_inline)) int
bb128_popcount(bb128_t x)
{
	return __builtin_popcountll((uint64_t)x) +
	       __builtin_popcountll((uint64_t)(x >> 64));
}

/* ---- the two boards ------------------------------------------------------ */

/* A position on 64-bit bitboards: a board of at most 64 bits. */
typedef struct board64 {
	bb64_t current; /* stones of the side to move */
	bb64_t mask;    /* all stones */
	bb64_t bottom;  /* bottom cell of every column */
	bb64_t full;    /* every playable cell */
	int8_t w, h;    /* width, height */
	int8_t over;    /* 1 once a move has made four (checked play only) */
	int8_t pad;
	int32_t moves; /* stones on the board */
} board64_t;

/* The same on 128-bit bitboards: any board. */
typedef struct board128 {
	bb128_t current;
	bb128_t mask;
	bb128_t bottom;
	bb128_t full;
	int8_t w, h;
	int8_t over;
	int8_t pad;
	int32_t moves;
} board128_t;

/* A board of at most 64 bits in the other width (the bit layout is the
 * same). */
static inline void
board_to64(const board128_t *b, board64_t *out)
{
	out->current = (bb64_t)b->current;
	out->mask = (bb64_t)b->mask;
	out->bottom = (bb64_t)b->bottom;
	out->full = (bb64_t)b->full;
	out->w = b->w;
	out->h = b->h;
	out->over = b->over;
	out->pad = b->pad;
	out->moves = b->moves;
}

static inline void
board_from64(const board64_t *b, board128_t *out)
{
	out->current = b->current;
	out->mask = b->mask;
	out->bottom = b->bottom;
	out->full = b->full;
	out->w = b->w;
	out->h = b->h;
	out->over = b->over;
	out->pad = b->pad;
	out->moves = b->moves;
}

/* A key as 64 bits (a tie-break's or a cache's): the key itself on a board
 * of at most 64 bits. */
static inline uint64_t
board_key_fold(bb128_t key)
{
	return (uint64_t)key ^ (uint64_t)(key >> 64) * 0x9e3779b97f4a7c15ull;
}

/* ---- the 64-bit rules, for any file ---------------------------------------
 *
 * The out-of-line rules of core/board-bits.c (and the key) on board64_t,
 * defined in core/board64.c: what a file of another width calls when it
 * needs the 64-bit rules (the 128-bit parse of a small board, the book's
 * keys, the tests), and what the 64-bit search calls through
 * core/board64.h.  Each does what board_...() of the same name does
 * (core/board-tmpl.h). */
void board64_init(board64_t *b, int w, int h);
bb64_t board64_key(const board64_t *b);
bb64_t board64_winning_cells(bb64_t pos, bb64_t mask, const board64_t *geo);
bb64_t board64_non_losing_moves(const board64_t *b);
bool board64_has_four(bb64_t stones, int h);
bb64_t board64_four_cells(bb64_t stones, int h);
bb64_t board64_mirror_key(const board64_t *b, bb64_t key);
void board64_mirror(const board64_t *b, board64_t *out);
int board64_cell(const board64_t *b, int col, int row);
int board64_column_height(const board64_t *b, int col);
bb64_t board64_stones(const board64_t *b, int player);
enum board_err board64_play_checked(board64_t *b, int col);
enum board_err board64_parse(board64_t *out, int w, int h, const char *s,
                             size_t len, size_t *err_index);
int board64_format(const board64_t *b, char *buf, size_t len);

/* ---- this file's width -------------------------------------------------- */

#ifndef BOARD_BITS
#define BOARD_BITS 128
#endif
#if BOARD_BITS == 64
typedef bb64_t bb_t;
typedef board64_t board_t;
#elif BOARD_BITS == 128
typedef bb128_t bb_t;
typedef board128_t board_t;
#else
#error "BOARD_BITS is 64 or 128"
#endif

/* A function compiled for each width, the search's (docs/solver.md,
 * "Boards of more than 64 bits") and the out-of-line rules: external in
 * the 128-bit files; in a unit of 64 bits (search/search64.c,
 * core/board64.c) internal, so that both copies keep the one name a grep
 * finds, and a copy that unit does not call is not emitted. */
#if BOARD_BITS == 64
#define WIDTH_FN static __attribute__((unused))
#else
#define WIDTH_FN
#endif

/* The rules on bb_t and board_t. */
#include "core/board-tmpl.h"

#endif
