/* board.h -- the Connect Four position as two bitboards.
 *
 * Any width x height with 4 <= width <= 9, height >= 4 and
 * width * (height + 1) <= 64.  Bit (col * (height + 1) + row) is the cell in
 * column col (0 = left), row row (0 = bottom); the extra top bit of every
 * column is a sentinel that is always empty, so shifts never wrap between
 * columns.  `current` holds the stones of the side to move, `mask` all stones.
 * The pair (current + mask) is a unique key for the position.
 *
 * Columns are 0-based everywhere in the API; the move-string notation
 * ("4453") is 1-based.  Everything here is pure and thread-safe.
 */
#ifndef DROPFOUR_BOARD_H
#define DROPFOUR_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BOARD_MIN_SIZE       4
#define BOARD_MAX_WIDTH      9
#define BOARD_MAX_HEIGHT     15
#define BOARD_MAX_CELLS      64
#define BOARD_DEFAULT_WIDTH  7
#define BOARD_DEFAULT_HEIGHT 6

typedef struct board {
	uint64_t current; /* stones of the side to move */
	uint64_t mask;    /* all stones */
	uint64_t bottom;  /* bottom cell of every column */
	uint64_t full;    /* every playable cell */
	int8_t w, h;      /* width, height */
	int8_t over;      /* 1 once a move has made four (checked play only) */
	int8_t pad;
	int32_t moves; /* stones on the board */
} board_t;

/* Errors of checked play and parsing. */
enum board_err {
	BOARD_OK = 0,
	BOARD_ERR_CHAR,  /* not a column digit */
	BOARD_ERR_RANGE, /* column number outside 1..width */
	BOARD_ERR_FULL,  /* the column is full */
	BOARD_ERR_OVER,  /* the game has already been won */
};

/* Returns NULL if width x height is a board we can hold, otherwise a
 * sentence saying why not. */
const char *board_size_error(int w, int h);
/* Empty board; the size must pass board_size_error(). */
void board_init(board_t *b, int w, int h);

/* 1 if the first player is to move, 2 if the second. */
static inline int
board_to_move(const board_t *b)
{
	return 1 + (b->moves & 1);
}

static inline uint64_t
board_column_mask(const board_t *b, int col)
{
	return (((uint64_t)1 << b->h) - 1) << (col * (b->h + 1));
}

static inline uint64_t
board_top_mask(const board_t *b, int col)
{
	return (uint64_t)1 << (b->h - 1 + col * (b->h + 1));
}

static inline bool
board_can_play(const board_t *b, int col)
{
	return col >= 0 && col < b->w &&
	       (b->mask & board_top_mask(b, col)) == 0;
}

/* Bitmap of the cells where a stone can be dropped now. */
static inline uint64_t
board_possible(const board_t *b)
{
	return (b->mask + b->bottom) & b->full;
}

/* The column of a single-bit cell.  Height 6 divides by 7 as a multiply
 * and a shift: (p * 37) >> 8 is p / 7 for every bit p of a 64-bit key. */
static inline __attribute__((always_inline)) int
board_column_of_cell(const board_t *b, uint64_t cell)
{
	const unsigned p = (unsigned)__builtin_ctzll(cell);
	return (int)(b->h == 6 ? (p * 37u) >> 8 : p / (unsigned)(b->h + 1));
}

/* Unchecked play of a legal column (the search's copy-make). */
static inline void
board_play(board_t *b, int col)
{
	b->current ^= b->mask;
	b->mask |= b->mask + ((uint64_t)1 << (col * (b->h + 1)));
	b->moves++;
}

/* Unchecked play of a move given as its single-bit cell. */
static inline void
board_play_cell(board_t *b, uint64_t cell)
{
	b->current ^= b->mask;
	b->mask |= cell;
	b->moves++;
}

static inline uint64_t
board_key(const board_t *b)
{
	return b->current + b->mask;
}

/* Empty cells where `pos` would complete a four. */
uint64_t board_winning_cells(uint64_t pos, uint64_t mask, const board_t *geo);

/* The cells that complete a four of `pos` along the direction of shift s
 * (helpers spelt out per direction rather than looped over an array of
 * shifts: gcc -O2 does not unroll the loop, and the constant shifts of
 * height 6 then never reach the code: 2.9 times Pons' instructions a node
 * on Test_L2_R1, measured with callgrind). */
static inline __attribute__((always_inline)) uint64_t
board_winning_dir(uint64_t pos, int s)
{
	uint64_t p = (pos << s) & (pos << (2 * s));
	uint64_t r = (p & (pos << (3 * s))) | (p & (pos >> s));
	p = (pos >> s) & (pos >> (2 * s));
	return r | (p & (pos << s)) | (p & (pos >> (3 * s)));
}

/* board_winning_cells() on a board of height h, inline: the solver's inner
 * loop calls the _fast forms below, which compile the common height 6 with
 * constant shifts. */
static inline __attribute__((always_inline)) uint64_t
board_winning_cells_h(uint64_t pos, uint64_t empty, int h)
{
	/* Vertical: three below. */
	uint64_t r = (pos << 1) & (pos << 2) & (pos << 3);
	r |= board_winning_dir(pos, h + 1); /* horizontal */
	r |= board_winning_dir(pos, h);     /* one diagonal */
	r |= board_winning_dir(pos, h + 2); /* the other */
	return r & empty;
}

static inline __attribute__((always_inline)) bool
board_four_dir(uint64_t s, int shift)
{
	uint64_t m = s & (s >> shift);
	return (m & (m >> (2 * shift))) != 0;
}

static inline __attribute__((always_inline)) bool
board_has_four_h(uint64_t s, int h)
{
	return board_four_dir(s, 1) || board_four_dir(s, h + 1) ||
	       board_four_dir(s, h) || board_four_dir(s, h + 2);
}

static inline __attribute__((always_inline)) uint64_t
board_winning_cells_fast(uint64_t pos, uint64_t mask, const board_t *geo)
{
	const uint64_t empty = geo->full ^ mask;
	return geo->h == 6 ? board_winning_cells_h(pos, empty, 6)
	                   : board_winning_cells_h(pos, empty, geo->h);
}

static inline __attribute__((always_inline)) bool
board_has_four_fast(uint64_t s, int h)
{
	return h == 6 ? board_has_four_h(s, 6) : board_has_four_h(s, h);
}

static inline __attribute__((always_inline)) uint64_t
board_my_winning_cells(const board_t *b)
{
	return board_winning_cells_fast(b->current, b->mask, b);
}

static inline __attribute__((always_inline)) uint64_t
board_opp_winning_cells(const board_t *b)
{
	return board_winning_cells_fast(b->current ^ b->mask, b->mask, b);
}

/* True if the side to move can win with its next stone. */
static inline bool
board_can_win_next(const board_t *b)
{
	return (board_my_winning_cells(b) & board_possible(b)) != 0;
}

/* The column where the side to move wins at once: the lowest-numbered one
 * when there are several (the rule every caller shares), -1 if none. */
static inline int
board_winning_column(const board_t *b)
{
	uint64_t win = board_my_winning_cells(b) & board_possible(b);
	return win ? __builtin_ctzll(win) / (b->h + 1) : -1;
}

static inline bool
board_is_winning_move(const board_t *b, int col)
{
	return (board_my_winning_cells(b) & board_possible(b) &
	        board_column_mask(b, col)) != 0;
}

/* Moves (as cells) that do not hand the opponent an immediate win.  Only
 * meaningful when the side to move cannot win at once.  Zero means every
 * move loses. */
uint64_t board_non_losing_moves(const board_t *b);

/* True if `stones` holds four in a row. */
bool board_has_four(uint64_t stones, int h);
/* The cells of every four in a row inside `stones`. */
uint64_t board_four_cells(uint64_t stones, int h);

static inline bool
board_is_full(const board_t *b)
{
	return b->moves >= b->w * b->h;
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

/* Key of the mirror image (columns reversed). */
uint64_t board_mirror_key(const board_t *b, uint64_t key);
/* The mirrored position itself. */
void board_mirror(const board_t *b, board_t *out);

/* 0 empty, 1 first player's stone, 2 second player's. */
int board_cell(const board_t *b, int col, int row);
/* Height of a column (stones in it). */
int board_column_height(const board_t *b, int col);
/* Stones of player 1 or 2. */
uint64_t board_stones(const board_t *b, int player);

/* Checked play: refuses a bad column, a full column or a finished game,
 * leaving the board unchanged.  Sets b->over when the move makes four. */
enum board_err board_play_checked(board_t *b, int col);

/* Parse move-string notation (1-based column digits) onto an empty board of
 * the given size.  On error nothing is written to *out, *err_index gets the
 * 0-based index of the offending character, and the error is returned.
 * `len` may be (size_t)-1 for a NUL-terminated string. */
enum board_err board_parse(board_t *out, int w, int h, const char *s,
                           size_t len, size_t *err_index);
/* A sentence for an error code ("column 3 is full", ...). */
const char *board_err_string(enum board_err e);

/* Largest and smallest exact score possible for the side to move: the
 * largest is the score of winning with the next stone, (w*h + 1 - moves)
 * / 2; the smallest that of losing to the opponent's next stone. */
static inline int
board_max_score(const board_t *b)
{
	return (b->w * b->h + 1 - b->moves) / 2;
}

static inline int
board_min_score(const board_t *b)
{
	return -(b->w * b->h - b->moves) / 2;
}

/* Print the board as text rows (top first), 'X' first player, 'O' second,
 * '.' empty, with a 1..w footer.  Returns bytes written (snprintf rules). */
int board_format(const board_t *b, char *buf, size_t len);

#endif
