/* board-tmpl.h -- the rules of board.h on the bitboards of the file's
 * width (bb_t, board_t: BOARD_BITS).
 *
 * Included by core/board.h only, once in each unit, for that unit's width:
 * the same code for both widths, so the 64-bit search pays nothing for
 * the wider boards (docs/solver.md, "Boards of more than 64 bits").  The
 * out-of-line rules, declared WIDTH_FN below, are in core/board-bits.c:
 * compiled as it is for board128_t, and in core/board64.c for board64_t,
 * which the 64-bit search reaches through core/board64.h.
 */
#if !defined(BOARD_BITS) || !defined(WIDTH_FN)
#error "core/board-tmpl.h is included by core/board.h only"
#endif

/* The lowest set bit's index and the number of set bits. */
static inline __attribute__((always_inline)) int
bb_ctz(bb_t x)
{
	return BOARD_BITS == 64 ? bb64_ctz((bb64_t)x) : bb128_ctz(x);
}

static inline __attribute__((always_inline)) int
bb_popcount(bb_t x)
{
	return BOARD_BITS == 64 ? bb64_popcount((bb64_t)x) : bb128_popcount(x);
}

/* Empty board; the size must pass board_size_error() (and, for the 64-bit
 * rules, board_is_small()). */
WIDTH_FN void board_init(board_t *b, int w, int h);

/* 1 if the first player is to move, 2 if the second. */
static inline int
board_to_move(const board_t *b)
{
	return 1 + (b->moves & 1);
}

static inline bb_t
board_column_mask(const board_t *b, int col)
{
	assert(col >= 0 && col < b->w);
	return (((bb_t)1 << b->h) - 1) << (col * (b->h + 1));
}

static inline bb_t
board_top_mask(const board_t *b, int col)
{
	return (bb_t)1 << (b->h - 1 + col * (b->h + 1));
}

static inline bool
board_can_play(const board_t *b, int col)
{
	return col >= 0 && col < b->w &&
	       (b->mask & board_top_mask(b, col)) == 0;
}

/* Bitmap of the cells where a stone can be dropped now. */
static inline bb_t
board_possible(const board_t *b)
{
	return (b->mask + b->bottom) & b->full;
}

/* The column of a single-bit cell.  Height 6 divides by 7 as a multiply
 * and a shift: (p * 37) >> 8 is p / 7 for every bit p of a 64-bit key. */
static inline __attribute__((always_inline)) int
board_column_of_cell(const board_t *b, bb_t cell)
{
	const unsigned p = (unsigned)bb_ctz(cell);
	return (int)(BOARD_BITS == 64 && b->h == 6 ? (p * 37u) >> 8
	                                           : p / (unsigned)(b->h + 1));
}

/* Unchecked play of a legal column (the search's copy-make). */
static inline void
board_play(board_t *b, int col)
{
	assert(board_can_play(b, col));
	b->current ^= b->mask;
	b->mask |= b->mask + ((bb_t)1 << (col * (b->h + 1)));
	b->moves++;
}

/* Unchecked play of a move given as its single-bit cell. */
static inline void
board_play_cell(board_t *b, bb_t cell)
{
	b->current ^= b->mask;
	b->mask |= cell;
	b->moves++;
}

static inline bb_t
board_key(const board_t *b)
{
	return b->current + b->mask;
}

/* Empty cells where `pos` would complete a four. */
WIDTH_FN bb_t board_winning_cells(bb_t pos, bb_t mask, const board_t *geo);

/* The cells that complete a four of `pos` along the direction of shift s
 * (helpers spelt out per direction rather than looped over an array of
 * shifts: gcc -O2 does not unroll the loop, and the constant shifts of
 * height 6 would then never reach the code). */
static inline __attribute__((always_inline)) bb_t
board_winning_dir(bb_t pos, int s)
{
	bb_t p = (pos << s) & (pos << (2 * s));
	bb_t r = (p & (pos << (3 * s))) | (p & (pos >> s));
	p = (pos >> s) & (pos >> (2 * s));
	return r | (p & (pos << s)) | (p & (pos >> (3 * s)));
}

/* winning_cells() on a board of height h, inline: the solver's inner
 * loop calls the _fast forms below, which compile the common height 6 with
 * constant shifts. */
static inline __attribute__((always_inline)) bb_t
board_winning_cells_h(bb_t pos, bb_t empty, int h)
{
	/* Vertical: three below. */
	bb_t r = (pos << 1) & (pos << 2) & (pos << 3);
	r |= board_winning_dir(pos, h + 1); /* horizontal */
	r |= board_winning_dir(pos, h);     /* one diagonal */
	r |= board_winning_dir(pos, h + 2); /* the other */
	return r & empty;
}

static inline __attribute__((always_inline)) bool
board_four_dir(bb_t s, int shift)
{
	bb_t m = s & (s >> shift);
	return (m & (m >> (2 * shift))) != 0;
}

static inline __attribute__((always_inline)) bool
board_has_four_h(bb_t s, int h)
{
	return board_four_dir(s, 1) || board_four_dir(s, h + 1) ||
	       board_four_dir(s, h) || board_four_dir(s, h + 2);
}

static inline __attribute__((always_inline)) bb_t
board_winning_cells_fast(bb_t pos, bb_t mask, const board_t *geo)
{
	const bb_t empty = geo->full ^ mask;
	return geo->h == 6 ? board_winning_cells_h(pos, empty, 6)
	                   : board_winning_cells_h(pos, empty, geo->h);
}

static inline __attribute__((always_inline)) bool
board_has_four_fast(bb_t s, int h)
{
	return h == 6 ? board_has_four_h(s, 6) : board_has_four_h(s, h);
}

static inline __attribute__((always_inline)) bb_t
board_my_winning_cells(const board_t *b)
{
	return board_winning_cells_fast(b->current, b->mask, b);
}

static inline __attribute__((always_inline)) bb_t
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
	bb_t win = board_my_winning_cells(b) & board_possible(b);
	return win ? bb_ctz(win) / (b->h + 1) : -1;
}

static inline bool
board_is_winning_move(const board_t *b, int col)
{
	assert(col >= 0 && col < b->w);
	return (board_my_winning_cells(b) & board_possible(b) &
	        board_column_mask(b, col)) != 0;
}

/* Moves (as cells) that do not hand the opponent an immediate win.  Only
 * meaningful when the side to move cannot win at once.  Zero means every
 * move loses. */
WIDTH_FN bb_t board_non_losing_moves(const board_t *b);

/* True if `stones` holds four in a row. */
WIDTH_FN bool board_has_four(bb_t stones, int h);
/* The cells of every four in a row inside `stones`. */
WIDTH_FN bb_t board_four_cells(bb_t stones, int h);

static inline bool
board_is_full(const board_t *b)
{
	return b->moves >= b->w * b->h;
}

/* Key of the mirror image (columns reversed). */
WIDTH_FN bb_t board_mirror_key(const board_t *b, bb_t key);
/* The mirrored position itself. */
WIDTH_FN void board_mirror(const board_t *b, board_t *out);

/* 0 empty, 1 first player's stone, 2 second player's. */
WIDTH_FN int board_cell(const board_t *b, int col, int row);
/* Height of a column (stones in it). */
WIDTH_FN int board_column_height(const board_t *b, int col);
/* Stones of player 1 or 2. */
WIDTH_FN bb_t board_stones(const board_t *b, int player);

/* Checked play: refuses a bad column, a full column or a finished game,
 * leaving the board unchanged.  Sets b->over when the move makes four. */
WIDTH_FN enum board_err board_play_checked(board_t *b, int col);

/* Parse move-string notation (board_char_col()) onto an empty board of the
 * given size.  On error nothing is written to *out, *err_index gets the
 * 0-based index of the offending character, and the error is returned.
 * `len` may be (size_t)-1 for a NUL-terminated string. */
WIDTH_FN enum board_err board_parse(board_t *out, int w, int h, const char *s,
                                    size_t len, size_t *err_index);

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
 * '.' empty, with a footer of column characters (board_col_char()).
 * Returns bytes written (snprintf rules). */
WIDTH_FN int board_format(const board_t *b, char *buf, size_t len);
