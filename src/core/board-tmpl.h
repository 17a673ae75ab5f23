/* board-tmpl.h -- the rules of board.h for one width of bitboard.
 *
 * Included by core/board.h only, twice: with BB_BITS 64 it declares
 * board64_t and the board64_...() functions on uint64_t, with BB_BITS 128
 * board128_t and board128_...() on unsigned __int128.  The code is the same
 * for both, so the 64-bit search pays nothing for the wider boards
 * (docs/solver.md, "Boards of more than 64 bits").  Non-inline functions
 * are in core/board-bits.c, compiled once for each width.
 */
#if !defined(BB_BITS) || (BB_BITS != 64 && BB_BITS != 128)
#error "core/board-tmpl.h is included by core/board.h only"
#endif

#define BB_CAT_(a, b, c) a##b##c
#define BB_CAT(a, b, c)  BB_CAT_(a, b, c)
/* This instantiation's names: BF(play) is board64_play or board128_play. */
#define BF(name) BB_CAT(board, BB_BITS, _##name)
#define BT       BB_CAT(board, BB_BITS, _t)
#define BBT      BB_CAT(bb, BB_BITS, _t)
#define BB_CTZ   BB_CAT(bb, BB_BITS, _ctz)
#define BB_ONE   ((BBT)1)

typedef struct BB_CAT(board, BB_BITS, ) {
	BBT current; /* stones of the side to move */
	BBT mask;    /* all stones */
	BBT bottom;  /* bottom cell of every column */
	BBT full;    /* every playable cell */
	int8_t w, h; /* width, height */
	int8_t over; /* 1 once a move has made four (checked play only) */
	int8_t pad;
	int32_t moves; /* stones on the board */
} BT;

/* Empty board; the size must pass board_size_error() (and, for the 64-bit
 * rules, board_is_small()). */
void BF(init)(BT *b, int w, int h);

/* 1 if the first player is to move, 2 if the second. */
static inline int
BF(to_move)(const BT *b)
{
	return 1 + (b->moves & 1);
}

static inline BBT
BF(column_mask)(const BT *b, int col)
{
	assert(col >= 0 && col < b->w);
	return ((BB_ONE << b->h) - 1) << (col * (b->h + 1));
}

static inline BBT
BF(top_mask)(const BT *b, int col)
{
	return BB_ONE << (b->h - 1 + col * (b->h + 1));
}

static inline bool
BF(can_play)(const BT *b, int col)
{
	return col >= 0 && col < b->w && (b->mask & BF(top_mask)(b, col)) == 0;
}

/* Bitmap of the cells where a stone can be dropped now. */
static inline BBT
BF(possible)(const BT *b)
{
	return (b->mask + b->bottom) & b->full;
}

/* The column of a single-bit cell.  Height 6 divides by 7 as a multiply
 * and a shift: (p * 37) >> 8 is p / 7 for every bit p of a 64-bit key. */
static inline __attribute__((always_inline)) int
BF(column_of_cell)(const BT *b, BBT cell)
{
	const unsigned p = (unsigned)BB_CTZ(cell);
#if BB_BITS == 64
	return (int)(b->h == 6 ? (p * 37u) >> 8 : p / (unsigned)(b->h + 1));
#else
	return (int)(p / (unsigned)(b->h + 1));
#endif
}

/* Unchecked play of a legal column (the search's copy-make). */
static inline void
BF(play)(BT *b, int col)
{
	assert(BF(can_play)(b, col));
	b->current ^= b->mask;
	b->mask |= b->mask + (BB_ONE << (col * (b->h + 1)));
	b->moves++;
}

/* Unchecked play of a move given as its single-bit cell. */
static inline void
BF(play_cell)(BT *b, BBT cell)
{
	b->current ^= b->mask;
	b->mask |= cell;
	b->moves++;
}

static inline BBT
BF(key)(const BT *b)
{
	return b->current + b->mask;
}

/* Empty cells where `pos` would complete a four. */
BBT BF(winning_cells)(BBT pos, BBT mask, const BT *geo);

/* The cells that complete a four of `pos` along the direction of shift s
 * (helpers spelt out per direction rather than looped over an array of
 * shifts: gcc -O2 does not unroll the loop, and the constant shifts of
 * height 6 would then never reach the code). */
static inline __attribute__((always_inline)) BBT
BF(winning_dir)(BBT pos, int s)
{
	BBT p = (pos << s) & (pos << (2 * s));
	BBT r = (p & (pos << (3 * s))) | (p & (pos >> s));
	p = (pos >> s) & (pos >> (2 * s));
	return r | (p & (pos << s)) | (p & (pos >> (3 * s)));
}

/* winning_cells() on a board of height h, inline: the solver's inner
 * loop calls the _fast forms below, which compile the common height 6 with
 * constant shifts. */
static inline __attribute__((always_inline)) BBT
BF(winning_cells_h)(BBT pos, BBT empty, int h)
{
	/* Vertical: three below. */
	BBT r = (pos << 1) & (pos << 2) & (pos << 3);
	r |= BF(winning_dir)(pos, h + 1); /* horizontal */
	r |= BF(winning_dir)(pos, h);     /* one diagonal */
	r |= BF(winning_dir)(pos, h + 2); /* the other */
	return r & empty;
}

static inline __attribute__((always_inline)) bool
BF(four_dir)(BBT s, int shift)
{
	BBT m = s & (s >> shift);
	return (m & (m >> (2 * shift))) != 0;
}

static inline __attribute__((always_inline)) bool
BF(has_four_h)(BBT s, int h)
{
	return BF(four_dir)(s, 1) || BF(four_dir)(s, h + 1) ||
	       BF(four_dir)(s, h) || BF(four_dir)(s, h + 2);
}

static inline __attribute__((always_inline)) BBT
BF(winning_cells_fast)(BBT pos, BBT mask, const BT *geo)
{
	const BBT empty = geo->full ^ mask;
	return geo->h == 6 ? BF(winning_cells_h)(pos, empty, 6)
	                   : BF(winning_cells_h)(pos, empty, geo->h);
}

static inline __attribute__((always_inline)) bool
BF(has_four_fast)(BBT s, int h)
{
	return h == 6 ? BF(has_four_h)(s, 6) : BF(has_four_h)(s, h);
}

static inline __attribute__((always_inline)) BBT
BF(my_winning_cells)(const BT *b)
{
	return BF(winning_cells_fast)(b->current, b->mask, b);
}

static inline __attribute__((always_inline)) BBT
BF(opp_winning_cells)(const BT *b)
{
	return BF(winning_cells_fast)(b->current ^ b->mask, b->mask, b);
}

/* True if the side to move can win with its next stone. */
static inline bool
BF(can_win_next)(const BT *b)
{
	return (BF(my_winning_cells)(b) & BF(possible)(b)) != 0;
}

/* The column where the side to move wins at once: the lowest-numbered one
 * when there are several (the rule every caller shares), -1 if none. */
static inline int
BF(winning_column)(const BT *b)
{
	BBT win = BF(my_winning_cells)(b) & BF(possible)(b);
	return win ? BB_CTZ(win) / (b->h + 1) : -1;
}

static inline bool
BF(is_winning_move)(const BT *b, int col)
{
	assert(col >= 0 && col < b->w);
	return (BF(my_winning_cells)(b) & BF(possible)(b) &
	        BF(column_mask)(b, col)) != 0;
}

/* Moves (as cells) that do not hand the opponent an immediate win.  Only
 * meaningful when the side to move cannot win at once.  Zero means every
 * move loses. */
BBT BF(non_losing_moves)(const BT *b);

/* True if `stones` holds four in a row. */
bool BF(has_four)(BBT stones, int h);
/* The cells of every four in a row inside `stones`. */
BBT BF(four_cells)(BBT stones, int h);

static inline bool
BF(is_full)(const BT *b)
{
	return b->moves >= b->w * b->h;
}

/* Key of the mirror image (columns reversed). */
BBT BF(mirror_key)(const BT *b, BBT key);
/* The mirrored position itself. */
void BF(mirror)(const BT *b, BT *out);

/* 0 empty, 1 first player's stone, 2 second player's. */
int BF(cell)(const BT *b, int col, int row);
/* Height of a column (stones in it). */
int BF(column_height)(const BT *b, int col);
/* Stones of player 1 or 2. */
BBT BF(stones)(const BT *b, int player);

/* Checked play: refuses a bad column, a full column or a finished game,
 * leaving the board unchanged.  Sets b->over when the move makes four. */
enum board_err BF(play_checked)(BT *b, int col);

/* Parse move-string notation (board_char_col()) onto an empty board of the
 * given size.  On error nothing is written to *out, *err_index gets the
 * 0-based index of the offending character, and the error is returned.
 * `len` may be (size_t)-1 for a NUL-terminated string. */
enum board_err BF(parse)(BT *out, int w, int h, const char *s, size_t len,
                         size_t *err_index);

/* Largest and smallest exact score possible for the side to move: the
 * largest is the score of winning with the next stone, (w*h + 1 - moves)
 * / 2; the smallest that of losing to the opponent's next stone. */
static inline int
BF(max_score)(const BT *b)
{
	return (b->w * b->h + 1 - b->moves) / 2;
}

static inline int
BF(min_score)(const BT *b)
{
	return -(b->w * b->h - b->moves) / 2;
}

/* Print the board as text rows (top first), 'X' first player, 'O' second,
 * '.' empty, with a footer of column characters (board_col_char()).
 * Returns bytes written (snprintf rules). */
int BF(format)(const BT *b, char *buf, size_t len);

#undef BB_CAT_
#undef BB_CAT
#undef BF
#undef BT
#undef BBT
#undef BB_CTZ
#undef BB_ONE
