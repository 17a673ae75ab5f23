/* board.h -- the Connect Four position as two bitboards.
 *
 * Any width x height with 4 <= width <= 16, height >= 4 and
 * width * (height + 1) <= 128.  Bit (col * (height + 1) + row) is the cell
 * in column col (0 = left), row row (0 = bottom); the extra top bit of every
 * column is a sentinel that is always empty, so shifts never wrap between
 * columns.  `current` holds the stones of the side to move, `mask` all
 * stones.  The pair (current + mask) is a unique key for the position.
 *
 * The rules come in two widths, from one template (core/board-tmpl.h):
 * board64_t on uint64_t bitboards, for boards of at most 64 bits, and
 * board128_t on unsigned __int128, for every board.  The search is compiled
 * once for each (docs/solver.md, "Boards of more than 64 bits"), and runs a
 * board of at most 64 bits on the 64-bit rules.  A file picks its width
 * with BOARD_BITS (64 or 128, the default) before it includes this header:
 * then `board_t`, `bb_t` and every `board_...()` name below are those of
 * that width.  Everything above the search (the game, the front-ends) holds
 * board128_t.
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

/* ---- the rules, once for each width ----------------------------------- */

#define BB_BITS 64
#include "core/board-tmpl.h"
#undef BB_BITS
#define BB_BITS 128
#include "core/board-tmpl.h"
#undef BB_BITS

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

/* ---- this file's width -------------------------------------------------- */

#ifndef BOARD_BITS
#define BOARD_BITS 128
#endif
#if BOARD_BITS == 64
typedef bb64_t bb_t;
typedef board64_t board_t;
#define BOARD_FN(name) board64_##name
#define bb_ctz         bb64_ctz
#define bb_popcount    bb64_popcount
#elif BOARD_BITS == 128
typedef bb128_t bb_t;
typedef board128_t board_t;
#define BOARD_FN(name) board128_##name
#define bb_ctz         bb128_ctz
#define bb_popcount    bb128_popcount
#else
#error "BOARD_BITS is 64 or 128"
#endif

/* A function of the search compiled for each width (docs/solver.md,
 * "Boards of more than 64 bits"): external in the 128-bit files; in the one
 * unit of the 64-bit search (search/search64.c) internal, so that both
 * copies keep the one name a grep finds, and a copy that unit does not
 * call is not emitted. */
#if BOARD_BITS == 64
#define WIDTH_FN static __attribute__((unused))
#else
#define WIDTH_FN
#endif

/* A key as 64 bits (a tie-break's or a cache's): the key itself on a board
 * of at most 64 bits. */
static inline uint64_t
board_key_fold(bb128_t key)
{
	return (uint64_t)key ^ (uint64_t)(key >> 64) * 0x9e3779b97f4a7c15ull;
}

#define board_init               BOARD_FN(init)
#define board_to_move            BOARD_FN(to_move)
#define board_column_mask        BOARD_FN(column_mask)
#define board_top_mask           BOARD_FN(top_mask)
#define board_can_play           BOARD_FN(can_play)
#define board_possible           BOARD_FN(possible)
#define board_column_of_cell     BOARD_FN(column_of_cell)
#define board_play               BOARD_FN(play)
#define board_play_cell          BOARD_FN(play_cell)
#define board_key                BOARD_FN(key)
#define board_winning_cells      BOARD_FN(winning_cells)
#define board_winning_dir        BOARD_FN(winning_dir)
#define board_winning_cells_h    BOARD_FN(winning_cells_h)
#define board_four_dir           BOARD_FN(four_dir)
#define board_has_four_h         BOARD_FN(has_four_h)
#define board_winning_cells_fast BOARD_FN(winning_cells_fast)
#define board_has_four_fast      BOARD_FN(has_four_fast)
#define board_my_winning_cells   BOARD_FN(my_winning_cells)
#define board_opp_winning_cells  BOARD_FN(opp_winning_cells)
#define board_can_win_next       BOARD_FN(can_win_next)
#define board_winning_column     BOARD_FN(winning_column)
#define board_is_winning_move    BOARD_FN(is_winning_move)
#define board_non_losing_moves   BOARD_FN(non_losing_moves)
#define board_has_four           BOARD_FN(has_four)
#define board_four_cells         BOARD_FN(four_cells)
#define board_is_full            BOARD_FN(is_full)
#define board_mirror_key         BOARD_FN(mirror_key)
#define board_mirror             BOARD_FN(mirror)
#define board_cell               BOARD_FN(cell)
#define board_column_height      BOARD_FN(column_height)
#define board_stones             BOARD_FN(stones)
#define board_play_checked       BOARD_FN(play_checked)
#define board_parse              BOARD_FN(parse)
#define board_max_score          BOARD_FN(max_score)
#define board_min_score          BOARD_FN(min_score)
#define board_format             BOARD_FN(format)

#endif
