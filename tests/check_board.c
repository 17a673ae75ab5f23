/* check_board.c -- the rules: bitboard fours, play, notation, errors.
 *
 * The bitboard code is held against tests/brute.c, a plain 2-D board that
 * finds fours by walking the grid.  Every four-in-a-row line of every board
 * size below (so every edge and corner, in all four directions) is made both
 * as a bare bitmap and as the last move of a legal game; random boards and
 * random games cover the rest.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/board.h"
#include "brute.h"
#include "check_suites.h"
#include "search/node/tt.h"

static const struct {
	int w, h;
} sizes[] = {
    {4, 4}, {5, 4}, {7, 6}, {8, 7}, {9, 6}, {4, 15}, {6, 5},
};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

static uint64_t
cell_bit(int h, int col, int row)
{
	return (uint64_t)1 << (col * (h + 1) + row);
}

/* The bitboard of a brute board's stones of `who`. */
static uint64_t
brute_bits(const struct brute *g, int who)
{
	uint64_t v = 0;
	for (int c = 0; c < g->w; c++)
		for (int r = 0; r < g->h; r++)
			if (g->cell[c][r] == who)
				v |= cell_bit(g->h, c, r);
	return v;
}

/* Set up a board_t with the stones of a brute board (through the fields the
 * header documents, not through play). */
static void
board_from_brute(board_t *b, const struct brute *g)
{
	board_init(b, g->w, g->h);
	b->mask = brute_bits(g, 1) | brute_bits(g, 2);
	b->current = brute_bits(g, brute_to_move(g));
	b->moves = g->moves;
}

/* Assert that a board and a brute board hold the same position. */
static void
assert_same(const board_t *b, const struct brute *g, const char *moves)
{
	check_that(b->moves == g->moves, "%s: %d stones, expected %d", moves,
	           b->moves, g->moves);
	check_that(board_to_move(b) == brute_to_move(g),
	           "%s: wrong side to move", moves);
	for (int c = 0; c < g->w; c++) {
		check_that(board_column_height(b, c) == g->height[c],
		           "%s: column %d height %d, expected %d", moves, c + 1,
		           board_column_height(b, c), g->height[c]);
		check_that(board_can_play(b, c) == brute_can_play(g, c),
		           "%s: can_play(%d) wrong", moves, c + 1);
		for (int r = 0; r < g->h; r++)
			check_that(board_cell(b, c, r) == g->cell[c][r],
			           "%s: cell %d,%d is %d, expected %d", moves,
			           c + 1, r + 1, board_cell(b, c, r),
			           g->cell[c][r]);
	}
	check_that(board_stones(b, 1) == brute_bits(g, 1),
	           "%s: stones of player 1 differ", moves);
	check_that(board_stones(b, 2) == brute_bits(g, 2),
	           "%s: stones of player 2 differ", moves);
}

/* Cells of every line of four on a w x h board, as bitmaps. */
static int
all_lines(int w, int h, uint64_t *out, int (*cells)[4][2])
{
	static const int dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
	int n = 0;
	for (int d = 0; d < 4; d++)
		for (int c = 0; c < w; c++)
			for (int r = 0; r < h; r++) {
				int ce = c + 3 * dir[d][0],
				    re = r + 3 * dir[d][1];
				if (ce < 0 || ce >= w || re < 0 || re >= h)
					continue;
				uint64_t m = 0;
				for (int k = 0; k < 4; k++) {
					int cc = c + k * dir[d][0];
					int rr = r + k * dir[d][1];
					m |= cell_bit(h, cc, rr);
					if (cells != NULL) {
						cells[n][k][0] = cc;
						cells[n][k][1] = rr;
					}
				}
				out[n++] = m;
			}
	return n;
}

/* Lines of a w x h board: at most 4 * 64. */
#define MAX_LINES 256

/* Every line is a four, its four cells are reported, and each of its cells
 * is a winning cell for the other three.  Quadruples evenly spaced in bit
 * index that are not lines on the board (they would wrap around a column
 * edge) are not fours. */
START_TEST(test_lines_bitmap)
{
	int w = sizes[_i].w, h = sizes[_i].h;
	uint64_t line[MAX_LINES];
	board_t geo;
	int n = all_lines(w, h, line, NULL);

	board_init(&geo, w, h);
	ck_assert_int_gt(n, 0);
	for (int i = 0; i < n; i++) {
		check_that(board_has_four(line[i], h),
		           "%dx%d: line %#llx not a four", w, h,
		           (unsigned long long)line[i]);
		check_that(board_four_cells(line[i], h) == line[i],
		           "%dx%d: four cells of %#llx wrong", w, h,
		           (unsigned long long)line[i]);
		/* A vertical line can only be completed at its top. */
		bool vertical = line[i] == (line[i] & -line[i]) * 15;
		for (uint64_t rest = line[i]; rest; rest &= rest - 1) {
			uint64_t cell = rest & -rest, three = line[i] ^ cell;
			if (vertical && cell != (line[i] & -line[i]) << 3)
				continue;
			check_that(board_winning_cells(three, three, &geo) &
			               cell,
			           "%dx%d: %#llx should win at %#llx", w, h,
			           (unsigned long long)three,
			           (unsigned long long)cell);
		}
	}
	/* Evenly spaced bits that are not a line. */
	const int step[4] = {1, h, h + 1, h + 2};
	for (int s = 0; s < 4; s++)
		for (int start = 0; start + 3 * step[s] < 64; start++) {
			uint64_t m = 0;
			for (int k = 0; k < 4; k++)
				m |= (uint64_t)1 << (start + k * step[s]);
			if ((m & geo.full) != m)
				continue;
			bool is_line = false;
			for (int i = 0; i < n; i++)
				is_line |= line[i] == m;
			check_that(board_has_four(m, h) == is_line,
			           "%dx%d: %#llx wrongly %s a four", w, h,
			           (unsigned long long)m,
			           is_line ? "not" : "taken for");
		}
}
END_TEST

/* Random boards (any colours, gravity respected): fours, four cells and
 * winning cells agree with the naive walk. */
START_TEST(test_random_bitmaps)
{
	int w = sizes[_i].w, h = sizes[_i].h;
	uint64_t rng = 0x5eed0000 + (uint64_t)_i;
	board_t geo;

	board_init(&geo, w, h);
	for (int iter = 0; iter < 1500; iter++) {
		struct brute g;
		brute_init(&g, w, h);
		int density = 1 + check_rand_below(&rng, 100);
		for (int c = 0; c < w; c++) {
			int top = check_rand_below(&rng, h + 1);
			for (int r = 0; r < top; r++)
				brute_set(&g, c, r,
				          check_rand_below(&rng, 100) < density
				              ? 1
				              : 2);
		}
		uint64_t mask = brute_bits(&g, 1) | brute_bits(&g, 2);
		for (int who = 1; who <= 2; who++) {
			uint64_t st = brute_bits(&g, who), four = 0, win = 0;
			for (int c = 0; c < w; c++)
				for (int r = 0; r < h; r++) {
					if (g.cell[c][r] == who &&
					    brute_four_through(&g, c, r))
						four |= cell_bit(h, c, r);
					if (g.cell[c][r] != 0)
						continue;
					struct brute t = g;
					t.cell[c][r] = (signed char)who;
					if (brute_four_through(&t, c, r))
						win |= cell_bit(h, c, r);
				}
			check_that(board_has_four(st, h) == (four != 0),
			           "%dx%d: has_four(%#llx) wrong", w, h,
			           (unsigned long long)st);
			check_that(
			    board_four_cells(st, h) == four,
			    "%dx%d: four_cells(%#llx) = %#llx, expected %#llx",
			    w, h, (unsigned long long)st,
			    (unsigned long long)board_four_cells(st, h),
			    (unsigned long long)four);
			check_that(
			    board_winning_cells(st, mask, &geo) == win,
			    "%dx%d: winning_cells(%#llx, %#llx) = %#llx, "
			    "expected %#llx",
			    w, h, (unsigned long long)st,
			    (unsigned long long)mask,
			    (unsigned long long)board_winning_cells(st, mask,
			                                            &geo),
			    (unsigned long long)win);
		}
	}
}
END_TEST

/* Drop a stone of colour col on column c unless c is the last move's
 * column, is full, or the stone would make a four.  True if dropped. */
static bool
drop_quiet(struct brute *g, int c, int lastc, int col)
{
	if (c == lastc || !brute_can_play(g, c))
		return false;
	int r = g->height[c];
	brute_set(g, c, r, col);
	if (brute_four_through(g, c, r)) {
		brute_set(g, c, r, 0);
		return false;
	}
	return true;
}

/* Colour the cells below the line (and a few more stones) so that the line
 * is the only four and the stone counts fit player `who` having moved last;
 * then recover a legal move order ending on a cell of the line. */
static bool
build_win(int w, int h, int cells[4][2], int who, uint64_t *rng, char *moves,
          size_t len)
{
	struct brute g;
	int other = 3 - who, want = who == 1 ? 1 : 0; /* n(who) - n(other) */
	int last = check_rand_below(rng, 4);
	int lastc = cells[last][0];
	int top[BRUTE_MAX_W];

	brute_init(&g, w, h);
	for (int c = 0; c < w; c++)
		top[c] = 0;
	for (int k = 0; k < 4; k++) {
		g.cell[cells[k][0]][cells[k][1]] = (signed char)who;
		if (cells[k][1] + 1 > top[cells[k][0]])
			top[cells[k][0]] = cells[k][1] + 1;
	}
	/* The line must hold the top stone of the last move's column. */
	if (top[lastc] != cells[last][1] + 1)
		return false;
	int diff = 4;
	for (int c = 0; c < w; c++)
		for (int r = 0; r < top[c]; r++) {
			if (g.cell[c][r] != 0)
				continue;
			int first = diff > want ? other : who;
			if (check_rand_below(rng, 4) == 0)
				first = 3 - first;
			int col = first;
			g.cell[c][r] = (signed char)col;
			if (brute_four_through(&g, c, r)) {
				col = 3 - first;
				g.cell[c][r] = (signed char)col;
				if (brute_four_through(&g, c, r))
					return false;
			}
			diff += col == who ? 1 : -1;
		}
	brute_set(&g, 0, 0, g.cell[0][0]); /* recount heights and moves */
	/* Some stones elsewhere, so that both sides have moves to spare. */
	int extra = check_rand_below(rng, w * h - g.moves + 1);
	for (int tries = 0; extra > 0 && tries < 100; tries++) {
		int c = check_rand_below(rng, w);
		int col = 1 + check_rand_below(rng, 2);
		if (!drop_quiet(&g, c, lastc, col))
			continue;
		diff += col == who ? 1 : -1;
		extra--;
	}
	/* Balance the counts with stones on top (never above the last move). */
	for (int tries = 0; diff != want && tries < 200; tries++) {
		int c = check_rand_below(rng, w);
		int col = diff > want ? other : who;
		if (!drop_quiet(&g, c, lastc, col))
			continue;
		diff += col == who ? 1 : -1;
	}
	if (diff != want)
		return false;
	return brute_order(&g, true, moves, len, 100000) == 0;
}

static uint64_t
b_bottom(int w, int h)
{
	board_t b;
	board_init(&b, w, h);
	return b.bottom;
}

/* Every line of every size, for both players, as the last move of a legal
 * game: the parse accepts it, marks the game over on that move and not
 * before, reports exactly the line as the four, and refuses one more move
 * naming its index. */
START_TEST(test_lines_in_games)
{
	int w = sizes[_i].w, h = sizes[_i].h;
	uint64_t line[MAX_LINES];
	int cells[MAX_LINES][4][2];
	uint64_t rng = 0xfeed0000 + (uint64_t)_i;
	int n = all_lines(w, h, line, cells);

	for (int i = 0; i < n; i++)
		for (int who = 1; who <= 2; who++) {
			char moves[BOARD_MAX_CELLS + 2];
			int tries = 0;
			/* On a board 4 wide, the second player cannot own
			 * the whole bottom row (the first player's first
			 * stone lands there), nor the first player the whole
			 * top row (that board is full, and an even number of
			 * stones means the second player moved last). */
			if (w == 4 && who == 2 && line[i] == b_bottom(w, h))
				continue;
			if (w == 4 && who == 1 &&
			    line[i] == b_bottom(w, h) << (h - 1))
				continue;
			while (!build_win(w, h, cells[i], who, &rng, moves,
			                  sizeof moves - 1))
				check_that(
				    ++tries < 2000,
				    "%dx%d: could not build a game for line "
				    "%#llx (a bug in the test)",
				    w, h, (unsigned long long)line[i]);
			size_t len = strlen(moves), err = 999;
			board_t b, before;
			check_that(
			    board_parse(&b, w, h, moves, len, &err) == BOARD_OK,
			    "%dx%d: %s refused at %zu", w, h, moves, err);
			check_that(b.over, "%dx%d: %s not over", w, h, moves);
			check_that(
			    board_four_cells(board_stones(&b, who), h) ==
			        line[i],
			    "%dx%d: %s: four cells %#llx, expected %#llx", w, h,
			    moves,
			    (unsigned long long)board_four_cells(
			        board_stones(&b, who), h),
			    (unsigned long long)line[i]);
			check_true(
			    !board_has_four(board_stones(&b, 3 - who), h));
			ck_assert_int_eq(
			    board_parse(&before, w, h, moves, len - 1, NULL),
			    BOARD_OK);
			check_that(!before.over, "%dx%d: %.*s over early", w, h,
			           (int)len - 1, moves);
			int lastc = moves[len - 1] - '1';
			check_true(board_is_winning_move(&before, lastc));
			check_true(board_can_win_next(&before));
			check_true(board_play_checked(&before, lastc) ==
			           BOARD_OK);
			check_true(before.over);
			/* One more move, in any column, is refused. */
			for (int c = 0; c < w; c++) {
				board_t after = b;
				ck_assert_int_eq(board_play_checked(&after, c),
				                 BOARD_ERR_OVER);
				check_true(memcmp(&after, &b, sizeof b) == 0);
			}
			moves[len] = '1';
			moves[len + 1] = '\0';
			ck_assert_int_eq(
			    board_parse(&b, w, h, moves, (size_t)-1, &err),
			    BOARD_ERR_OVER);
			ck_assert_uint_eq(err, len);
		}
}
END_TEST

/* A few wins by hand, readable, on 7x6 and 4x4. */
START_TEST(test_known_wins)
{
	static const struct {
		int w, h;
		const char *moves;
	} win[] = {
	    {7, 6, "1122334"},     /* bottom row, left corner */
	    {7, 6, "7766554"},     /* bottom row, right corner */
	    {7, 6, "1212121"},     /* left edge, vertical */
	    {7, 6, "7676767"},     /* right edge, vertical */
	    {7, 6, "12234334544"}, /* diagonal / from the left corner */
	    {7, 6, "76654554344"}, /* diagonal \ from the right corner */
	    {4, 4, "1122334"},     /* bottom row, corner to corner */
	    {4, 4, "12234334144"}, /* the / diagonal, corner to corner */
	    {4, 4, "43321221411"}, /* the \ diagonal, corner to corner */
	    {4, 4, "12121232"},    /* second player, full column */
	};
	for (size_t i = 0; i < sizeof win / sizeof win[0]; i++) {
		struct brute g;
		board_t b;
		size_t err = 0;
		int n = brute_parse(&g, win[i].w, win[i].h, win[i].moves);
		check_that(n >= 0, "%s: the test itself is wrong",
		           win[i].moves);
		bool naive = brute_has_four(&g, 1) || brute_has_four(&g, 2);
		ck_assert_int_eq(board_parse(&b, win[i].w, win[i].h,
		                             win[i].moves, (size_t)-1, &err),
		                 BOARD_OK);
		check_that(naive, "%s: not a win (the test is wrong)",
		           win[i].moves);
		check_that(b.over, "%s: the four was not seen", win[i].moves);
		assert_same(&b, &g, win[i].moves);
	}
}
END_TEST

/* Plays a random game (check_random_game) on both boards in lockstep,
 * checking every query against the naive board along the way. */
static void
random_game_checked(int w, int h, uint64_t *rng, char *moves)
{
	struct brute g;
	board_t b;
	int cols[BRUTE_MAX_W * BRUTE_MAX_H];
	int n = 0;

	/* The game first (a four or a full board ends it), then played on
	 * both boards. */
	check_random_game(w, h, w * h, rng, CHECK_GAME_ANY, NULL, cols, NULL);
	brute_init(&g, w, h);
	board_init(&b, w, h);
	for (;;) {
		moves[n] = '\0';
		assert_same(&b, &g, moves);
		uint64_t poss = 0, mywin = 0, oppwin = 0;
		int me = brute_to_move(&g);
		for (int c = 0; c < w; c++) {
			if (!brute_can_play(&g, c))
				continue;
			poss |= cell_bit(h, c, g.height[c]);
			if (brute_wins_with(&g, c, me))
				mywin |= cell_bit(h, c, g.height[c]);
			if (brute_wins_with(&g, c, 3 - me))
				oppwin |= cell_bit(h, c, g.height[c]);
		}
		check_that(board_possible(&b) == poss, "%s: possible", moves);
		check_that((board_my_winning_cells(&b) & poss) == mywin,
		           "%s: my winning moves", moves);
		check_that((board_opp_winning_cells(&b) & poss) == oppwin,
		           "%s: opponent's winning moves", moves);
		check_true(board_can_win_next(&b) == (mywin != 0));
		/* The one winning-column rule: the lowest-numbered one. */
		int first_win = -1;
		for (int c = w - 1; c >= 0; c--)
			if (brute_can_play(&g, c) && brute_wins_with(&g, c, me))
				first_win = c;
		check_that(board_winning_column(&b) == first_win,
		           "%s: winning column %d, want %d", moves,
		           board_winning_column(&b), first_win);
		for (int c = 0; c < w; c++)
			check_that(board_is_winning_move(&b, c) ==
			               brute_wins_with(&g, c, me),
			           "%s: is_winning_move(%d)", moves, c + 1);
		if (mywin == 0 && poss != 0) {
			/* Non-losing: after the move the opponent cannot win
			 * at once. */
			uint64_t safe = 0;
			for (int c = 0; c < w; c++) {
				if (!brute_can_play(&g, c))
					continue;
				brute_play(&g, c);
				bool lose = false;
				for (int k = 0; k < w; k++)
					lose |= brute_wins_with(&g, k, 3 - me);
				brute_undo(&g, c);
				if (!lose)
					safe |= cell_bit(h, c, g.height[c]);
			}
			check_that(
			    board_non_losing_moves(&b) == safe,
			    "%s: non-losing moves %#llx, expected %#llx", moves,
			    (unsigned long long)board_non_losing_moves(&b),
			    (unsigned long long)safe);
		}
		check_true(board_is_full(&b) == (poss == 0));
		if (poss == 0)
			break;
		int c = cols[n];
		bool four = brute_play(&g, c);
		ck_assert_int_eq(board_play_checked(&b, c), BOARD_OK);
		moves[n++] = (char)('1' + c);
		check_that(b.over == four, "%.*s: over is %d", n, moves,
		           b.over);
		if (four) {
			moves[n] = '\0';
			assert_same(&b, &g, moves);
			break;
		}
	}
}

START_TEST(test_random_games)
{
	int w = sizes[_i].w, h = sizes[_i].h;
	uint64_t rng = 0xa11ce000 + (uint64_t)_i;
	char moves[BOARD_MAX_CELLS + 1];

	for (int i = 0; i < 150; i++)
		random_game_checked(w, h, &rng, moves);
}
END_TEST

/* A random game that ends full with no four. */
static void
random_draw(int w, int h, uint64_t *rng, char *moves)
{
	for (int tries = 0; tries < 100000; tries++) {
		struct brute g;
		int n = 0;
		brute_init(&g, w, h);
		while (n < w * h) {
			int c;
			do
				c = check_rand_below(rng, w);
			while (!brute_can_play(&g, c));
			/* Avoid wins where a non-winning move exists. */
			if (brute_wins_with(&g, c, brute_to_move(&g)))
				continue;
			brute_play(&g, c);
			moves[n++] = (char)('1' + c);
			bool stuck = true;
			for (int k = 0; k < w; k++)
				stuck &=
				    !brute_can_play(&g, k) ||
				    brute_wins_with(&g, k, brute_to_move(&g));
			if (stuck && n < w * h)
				break;
		}
		moves[n] = '\0';
		if (n == w * h)
			return;
	}
	ck_abort_msg("%dx%d: no random draw found", w, h);
}

START_TEST(test_draws)
{
	int w = sizes[_i].w, h = sizes[_i].h;
	uint64_t rng = 0xd4a30000 + (uint64_t)_i;
	char moves[BOARD_MAX_CELLS + 2];

	for (int i = 0; i < 5; i++) {
		board_t b;
		size_t err = 0;
		random_draw(w, h, &rng, moves);
		check_that(board_parse(&b, w, h, moves, (size_t)-1, &err) ==
		               BOARD_OK,
		           "%dx%d draw %s refused at %zu", w, h, moves, err);
		check_true(!b.over);
		check_true(board_is_full(&b));
		ck_assert_int_eq(b.moves, w * h);
		check_true(board_possible(&b) == 0);
		check_true(!board_has_four(board_stones(&b, 1), h));
		check_true(!board_has_four(board_stones(&b, 2), h));
		for (int c = 0; c < w; c++) {
			board_t t = b;
			check_true(!board_can_play(&b, c));
			ck_assert_int_eq(board_play_checked(&t, c),
			                 BOARD_ERR_FULL);
			check_true(memcmp(&t, &b, sizeof b) == 0);
		}
		size_t len = strlen(moves);
		moves[len] = '1';
		moves[len + 1] = '\0';
		ck_assert_int_eq(board_parse(&b, w, h, moves, (size_t)-1, &err),
		                 BOARD_ERR_FULL);
		ck_assert_uint_eq(err, len);
	}
}
END_TEST

START_TEST(test_full_columns)
{
	for (int i = 0; i < NSIZES; i++) {
		int w = sizes[i].w, h = sizes[i].h;
		for (int c = 0; c < w; c++) {
			char moves[BOARD_MAX_CELLS + 2];
			board_t b, t;
			size_t err = 0;
			/* Alternate colours in one column: never a four. */
			for (int r = 0; r <= h; r++)
				moves[r] = (char)('1' + c);
			moves[h] = '\0';
			ck_assert_int_eq(
			    board_parse(&b, w, h, moves, (size_t)-1, &err),
			    BOARD_OK);
			check_true(!board_can_play(&b, c));
			ck_assert_int_eq(board_column_height(&b, c), h);
			check_true((board_possible(&b) &
			            board_column_mask(&b, c)) == 0);
			for (int k = 0; k < w; k++)
				check_true(board_can_play(&b, k) == (k != c));
			t = b;
			ck_assert_int_eq(board_play_checked(&t, c),
			                 BOARD_ERR_FULL);
			check_true(memcmp(&t, &b, sizeof b) == 0);
			moves[h] = (char)('1' + c);
			moves[h + 1] = '\0';
			ck_assert_int_eq(
			    board_parse(&b, w, h, moves, (size_t)-1, &err),
			    BOARD_ERR_FULL);
			ck_assert_uint_eq(err, (size_t)h);
		}
	}
}
END_TEST

/* Every error of board_parse, with the index of the offending character;
 * nothing is written on error. */
START_TEST(test_parse_errors)
{
	static const struct {
		int w, h;
		const char *s;
		enum board_err err;
		size_t index;
	} bad[] = {
	    {7, 6, "44x3", BOARD_ERR_CHAR, 2},
	    {16, 4, "44h3", BOARD_ERR_CHAR, 2},
	    {7, 6, "44a3", BOARD_ERR_RANGE, 2},
	    {9, 6, "44A3", BOARD_ERR_RANGE, 2},
	    {12, 4, "abcd", BOARD_ERR_RANGE, 3},
	    {7, 6, "4453 ", BOARD_ERR_CHAR, 4},
	    {7, 6, "4453\n", BOARD_ERR_CHAR, 4},
	    {7, 6, "-", BOARD_ERR_CHAR, 0},
	    {7, 6, " 4", BOARD_ERR_CHAR, 0},
	    {7, 6, "4:", BOARD_ERR_CHAR, 1},
	    {7, 6, "4/", BOARD_ERR_CHAR, 1},
	    {7, 6, "\xff", BOARD_ERR_CHAR, 0},
	    {7, 6, "0", BOARD_ERR_RANGE, 0},
	    {7, 6, "448", BOARD_ERR_RANGE, 2},
	    {7, 6, "4459", BOARD_ERR_RANGE, 3},
	    {4, 4, "5", BOARD_ERR_RANGE, 0},
	    {5, 4, "12345126", BOARD_ERR_RANGE, 7},
	    {8, 7, "12345679", BOARD_ERR_RANGE, 7},
	    {7, 6, "1111111", BOARD_ERR_FULL, 6},
	    {4, 4, "22222", BOARD_ERR_FULL, 4},
	    {9, 6, "9999999", BOARD_ERR_FULL, 6},
	    {7, 6, "12121212", BOARD_ERR_OVER, 7},
	    {7, 6, "11223344", BOARD_ERR_OVER, 7},
	    {4, 4, "121212124", BOARD_ERR_OVER, 7},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		board_t b, orig;
		size_t err = 12345;
		memset(&b, 0x5a, sizeof b);
		orig = b;
		enum board_err e = board_parse(&b, bad[i].w, bad[i].h, bad[i].s,
		                               (size_t)-1, &err);
		check_that(e == bad[i].err,
		           "\"%s\" on %dx%d: error %d, "
		           "expected %d",
		           bad[i].s, bad[i].w, bad[i].h, e, bad[i].err);
		check_that(err == bad[i].index,
		           "\"%s\": index %zu, expected %zu", bad[i].s, err,
		           bad[i].index);
		check_that(memcmp(&b, &orig, sizeof b) == 0,
		           "\"%s\": the board was written on error", bad[i].s);
		/* A NULL index pointer is allowed. */
		check_true(board_parse(&b, bad[i].w, bad[i].h, bad[i].s,
		                       (size_t)-1, NULL) == bad[i].err);
		/* The same string cut before the bad character parses. */
		check_that(board_parse(&b, bad[i].w, bad[i].h, bad[i].s,
		                       bad[i].index, NULL) == BOARD_OK,
		           "\"%.*s\" refused", (int)bad[i].index, bad[i].s);
		ck_assert_int_eq(b.moves, (int)bad[i].index);
	}
	/* A bad character after the end of the game: some error, at it. */
	board_t b;
	size_t err = 0;
	check_true(board_parse(&b, 7, 6, "1212121x", (size_t)-1, &err) !=
	           BOARD_OK);
	ck_assert_uint_eq(err, 7);
}
END_TEST

START_TEST(test_parse_lengths)
{
	board_t b;
	size_t err = 0;

	ck_assert_int_eq(board_parse(&b, 7, 6, "", (size_t)-1, &err), BOARD_OK);
	ck_assert_int_eq(b.moves, 0);
	check_true(b.mask == 0 && b.current == 0 && !b.over);
	ck_assert_int_eq(board_parse(&b, 7, 6, "4453xyz", 4, &err), BOARD_OK);
	ck_assert_int_eq(b.moves, 4);
	ck_assert_int_eq(board_parse(&b, 7, 6, "4453", 0, &err), BOARD_OK);
	ck_assert_int_eq(b.moves, 0);
	/* Transpositions give the same position and key. */
	board_t a;
	ck_assert_int_eq(board_parse(&a, 7, 6, "4453", (size_t)-1, NULL),
	                 BOARD_OK);
	ck_assert_int_eq(board_parse(&b, 7, 6, "4354", (size_t)-1, NULL),
	                 BOARD_OK);
	check_true(board_key(&a) == board_key(&b));
	check_true(a.current == b.current && a.mask == b.mask);
	ck_assert_int_eq(board_parse(&b, 7, 6, "4435", (size_t)-1, NULL),
	                 BOARD_OK);
	check_true(board_key(&a) != board_key(&b));
}
END_TEST

START_TEST(test_play_checked_errors)
{
	board_t b, t;

	ck_assert_int_eq(board_parse(&b, 7, 6, "444444", (size_t)-1, NULL),
	                 BOARD_OK);
	const int badcol[] = {-1, 7, 8, 100, -100};
	for (size_t i = 0; i < sizeof badcol / sizeof badcol[0]; i++) {
		t = b;
		ck_assert_int_eq(board_play_checked(&t, badcol[i]),
		                 BOARD_ERR_RANGE);
		check_true(memcmp(&t, &b, sizeof b) == 0);
	}
	t = b;
	ck_assert_int_eq(board_play_checked(&t, 3), BOARD_ERR_FULL);
	check_true(memcmp(&t, &b, sizeof b) == 0);
	ck_assert_int_eq(board_play_checked(&t, 2), BOARD_OK);
	ck_assert_int_eq(t.moves, 7);
	check_true(!t.over);

	/* Every error has its own sentence. */
	const enum board_err all[] = {BOARD_OK, BOARD_ERR_CHAR, BOARD_ERR_RANGE,
	                              BOARD_ERR_FULL, BOARD_ERR_OVER};
	for (size_t i = 0; i < 5; i++) {
		const char *s = board_err_string(all[i]);
		check_true(s != NULL && *s != '\0');
		for (size_t j = 0; j < i; j++)
			ck_assert_str_ne(s, board_err_string(all[j]));
	}
}
END_TEST

START_TEST(test_size_errors)
{
	static const struct {
		int w, h;
		bool ok;
	} sz[] = {
	    {7, 6, true},   {4, 4, true},   {5, 4, true},   {8, 7, true},
	    {9, 6, true},   {4, 15, true},  {6, 8, true},   {3, 4, false},
	    {4, 3, false},  {0, 0, false},  {-7, 6, false}, {7, -6, false},
	    {10, 4, true},  {9, 7, true},   {8, 8, true},   {4, 16, true},
	    {5, 12, true},  {7, 9, true},   {16, 7, true},  {4, 31, true},
	    {13, 8, true},  {17, 4, false}, {16, 8, false}, {4, 32, false},
	    {13, 9, false}, {5, 24, true},  {5, 25, false}, {1000, 1000, false},
	};
	for (size_t i = 0; i < sizeof sz / sizeof sz[0]; i++) {
		const char *e = board_size_error(sz[i].w, sz[i].h);
		check_that((e == NULL) == sz[i].ok, "%dx%d: %s", sz[i].w,
		           sz[i].h, e ? e : "accepted");
		if (e != NULL)
			check_true(*e != '\0');
	}
	for (int w = 4; w <= BOARD_MAX_WIDTH + 1; w++)
		for (int h = 4; h <= BOARD_MAX_HEIGHT + 1; h++) {
			board_t b;
			if (board_size_error(w, h) != NULL) {
				check_true(w * (h + 1) > BOARD_MAX_CELLS ||
				           w > BOARD_MAX_WIDTH);
				continue;
			}
			board_init(&b, w, h);
			check_true(b.mask == 0 && b.moves == 0 && !b.over);
			ck_assert_int_eq(bb_popcount(b.full), w * h);
			ck_assert_int_eq(bb_popcount(b.bottom), w);
			check_true(board_possible(&b) == b.bottom);
			ck_assert_int_eq(board_max_score(&b), (w * h + 1) / 2);
			ck_assert_int_eq(board_min_score(&b), -(w * h) / 2);
		}
}
END_TEST

/* A random game of at most len stones on g (w x h, from empty): each
 * column drawn by check_rand_below(rng, w), again while it is full.  A
 * stone that makes a four ends the game: kept with keep_four, else taken
 * back.  The columns played go to cols (when not NULL); returns their
 * number. */
static int
draw_game(struct brute *g, int w, int h, int len, uint64_t *rng, bool keep_four,
          int *cols)
{
	int n = 0;

	brute_init(g, w, h);
	while (n < len) {
		int c = check_rand_below(rng, w);
		if (!brute_can_play(g, c))
			continue;
		bool four = brute_play(g, c);
		if (four && !keep_four) {
			brute_undo(g, c);
			break;
		}
		if (cols != NULL)
			cols[n] = c;
		n++;
		if (four)
			break;
	}
	return n;
}

/* Mirror keys: the key of the mirrored game equals the mirrored key. */
START_TEST(test_mirror)
{
	int w = sizes[_i].w, h = sizes[_i].h;
	uint64_t rng = 0x31220000 + (uint64_t)_i;

	for (int i = 0; i < 300; i++) {
		char moves[BOARD_MAX_CELLS + 1], mirror[BOARD_MAX_CELLS + 1];
		int cols[BOARD_MAX_CELLS];
		struct brute g;
		board_t b, m, mm;
		int len = check_rand_below(&rng, w * h);
		int n = draw_game(&g, w, h, len, &rng, false, cols);
		for (int k = 0; k < n; k++) {
			moves[k] = (char)('1' + cols[k]);
			mirror[k] = (char)('1' + w - 1 - cols[k]);
		}
		moves[n] = mirror[n] = '\0';
		ck_assert_int_eq(board_parse(&b, w, h, moves, (size_t)-1, NULL),
		                 BOARD_OK);
		ck_assert_int_eq(
		    board_parse(&m, w, h, mirror, (size_t)-1, NULL), BOARD_OK);
		check_that(board_mirror_key(&b, board_key(&b)) == board_key(&m),
		           "%dx%d %s: mirror key wrong", w, h, moves);
		check_true(
		    board_mirror_key(&m, board_mirror_key(&b, board_key(&b))) ==
		    board_key(&b));
		board_mirror(&b, &mm);
		check_true(mm.current == m.current && mm.mask == m.mask);
		ck_assert_int_eq(mm.moves, m.moves);
		bool sym = strcmp(moves, mirror) == 0;
		if (sym)
			check_true(board_key(&b) == board_key(&m));
	}
	/* Symmetric by construction. */
	board_t b;
	char mid[2] = {(char)('1' + (w - 1) / 2), '\0'};
	if (w % 2 == 1) {
		ck_assert_int_eq(board_parse(&b, w, h, mid, (size_t)-1, NULL),
		                 BOARD_OK);
		check_true(board_mirror_key(&b, board_key(&b)) ==
		           board_key(&b));
	}
	board_init(&b, w, h);
	check_true(board_mirror_key(&b, board_key(&b)) == board_key(&b));
}
END_TEST

struct keyed {
	uint64_t key;
	char cells[BOARD_MAX_CELLS + 1];
};

static int
keyed_cmp(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	return x->key < y->key ? -1 : x->key > y->key;
}

/* Keys are unique: equal keys exactly when the stones are equal. */
START_TEST(test_keys_unique)
{
	int w = sizes[_i].w, h = sizes[_i].h;
	uint64_t rng = 0x6b657900 + (uint64_t)_i;
	enum { N = 4000 };
	struct keyed *v = calloc(N, sizeof *v);

	check_true(v != NULL);
	for (int i = 0; i < N; i++) {
		struct brute g;
		board_t b;
		int len = check_rand_below(&rng, 12);
		draw_game(&g, w, h, len, &rng, false, NULL);
		board_from_brute(&b, &g);
		v[i].key = board_key(&b);
		for (int c = 0, k = 0; c < w; c++)
			for (int r = 0; r < h; r++)
				v[i].cells[k++] = (char)('0' + g.cell[c][r]);
	}
	qsort(v, N, sizeof *v, keyed_cmp);
	for (int i = 1; i < N; i++)
		if (v[i].key == v[i - 1].key)
			check_that(strcmp(v[i].cells, v[i - 1].cells) == 0,
			           "%dx%d: two positions share key %#llx", w, h,
			           (unsigned long long)v[i].key);
		else
			check_that(strcmp(v[i].cells, v[i - 1].cells) != 0,
			           "%dx%d: one position, two keys", w, h);
	free(v);
}
END_TEST

/* Notation round trips: a board parsed from a string, drawn back into a
 * move order by the naive board, parses to the same position. */
START_TEST(test_notation_roundtrip)
{
	int w = sizes[_i].w, h = sizes[_i].h;
	uint64_t rng = 0x707a0000 + (uint64_t)_i;

	for (int i = 0; i < 200; i++) {
		char moves[BOARD_MAX_CELLS + 1], again[BOARD_MAX_CELLS + 1];
		struct brute g, g2;
		board_t b, b2;
		int cols[BOARD_MAX_CELLS];
		int len = check_rand_below(&rng, w * h + 1);
		int n = draw_game(&g, w, h, len, &rng, true, cols);
		for (int k = 0; k < n; k++)
			moves[k] = (char)('1' + cols[k]);
		moves[n] = '\0';
		ck_assert_int_eq(board_parse(&b, w, h, moves, (size_t)-1, NULL),
		                 BOARD_OK);
		assert_same(&b, &g, moves);
		check_that(brute_order(&g, true, again, sizeof again, 0) == 0,
		           "%s: no order found (a bug in the test)", moves);
		ck_assert_int_eq(brute_parse(&g2, w, h, again), n);
		check_true(brute_equal(&g, &g2));
		ck_assert_int_eq(
		    board_parse(&b2, w, h, again, (size_t)-1, NULL), BOARD_OK);
		check_true(b.current == b2.current && b.mask == b2.mask);
		check_true(b.over == b2.over);
	}
}
END_TEST

START_TEST(test_format)
{
	board_t b;
	char buf[256];
	const char *want = ". . . . . . .\n"
	                   ". . . . . . .\n"
	                   ". . . . . . .\n"
	                   ". . . . . . .\n"
	                   ". . . O . . .\n"
	                   ". . O X X . .\n"
	                   "1 2 3 4 5 6 7\n";

	ck_assert_int_eq(board_parse(&b, 7, 6, "4453", (size_t)-1, NULL),
	                 BOARD_OK);
	int n = board_format(&b, buf, sizeof buf);
	ck_assert_str_eq(buf, want);
	ck_assert_int_eq(n, (int)strlen(want));
	/* snprintf rules: truncated output still reports the full length. */
	char small[10];
	ck_assert_int_eq(board_format(&b, small, sizeof small), n);
	ck_assert_uint_eq(strlen(small), sizeof small - 1);
	ck_assert_int_eq(board_format(&b, NULL, 0), n);
}
END_TEST

/* "334455": X holds columns 3-5 of the bottom row with both ends open, so
 * X wins at 2 and at 6 (1-based).  Every caller (the solver's root, the
 * principal variation, hints) takes the same one: the lowest, column 2.
 * (Search code once took the first match in one place and the last in two
 * others.) */
START_TEST(test_winning_column)
{
	board_t b;

	check_parse_ok(&b, 7, 6, "334455");
	ck_assert(board_is_winning_move(&b, 1));
	ck_assert(board_is_winning_move(&b, 5));
	ck_assert_int_eq(board_winning_column(&b), 1);
	/* Mirrored ("553322"): wins at 2 and 6 again, still column 2. */
	check_parse_ok(&b, 7, 6, "553344");
	ck_assert_int_eq(board_winning_column(&b), 1);
	/* No win: -1. */
	check_parse_ok(&b, 7, 6, "4");
	ck_assert_int_eq(board_winning_column(&b), -1);
}
END_TEST

/* The centre-first order of every width, against its definition: nearer
 * the middle (w - 1) / 2 first, the left one of two equally near first.
 * Width 4 is pinned as the move ordering has always had it, 1, 2, 0, 3
 * (the solver's node counts depend on it; the averaged-outcome choice and
 * the TUI's fallback move once used 2, 1, 3, 0 and 1, 0, 2, 3). */
START_TEST(test_centre_order)
{
	static const int four[] = {1, 2, 0, 3};
	for (int w = BOARD_MIN_SIZE; w <= BOARD_MAX_WIDTH; w++) {
		const int *o = board_centre_order(w);
		bool seen[BOARD_MAX_WIDTH] = {false};
		for (int i = 0; i < w; i++) {
			ck_assert_int_ge(o[i], 0);
			ck_assert_int_lt(o[i], w);
			ck_assert_msg(!seen[o[i]], "width %d: %d twice", w,
			              o[i]);
			seen[o[i]] = true;
			if (i == 0)
				continue;
			int dp = abs(2 * o[i - 1] - (w - 1));
			int d = abs(2 * o[i] - (w - 1));
			ck_assert_msg(dp < d || (dp == d && o[i - 1] < o[i]),
			              "width %d: %d before %d", w, o[i - 1],
			              o[i]);
		}
		/* The computed rank (the solver's sort key) keeps the same
		 * order. */
		for (int i = 1; i < w; i++)
			ck_assert_int_lt(board_centre_rank(w, o[i - 1]),
			                 board_centre_rank(w, o[i]));
	}
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(board_centre_order(4)[i], four[i]);
}
END_TEST

START_TEST(test_scores)
{
	board_t b;

	board_init(&b, 7, 6);
	ck_assert_int_eq(board_max_score(&b), 21);
	ck_assert_int_eq(board_min_score(&b), -21);
	/* Pons' example: "4455" scores 18 (win with the 4th stone). */
	ck_assert_int_eq(board_parse(&b, 7, 6, "445566", (size_t)-1, NULL),
	                 BOARD_OK);
	ck_assert_int_eq(board_max_score(&b), 18);
	ck_assert_int_eq(board_to_move(&b), 1);
	board_init(&b, 4, 4);
	ck_assert_int_eq(board_max_score(&b), 8);
	ck_assert_int_eq(board_min_score(&b), -8);
}
END_TEST

/* The column of a cell, against the board's own column masks, on every
 * board size (height 6 divides by multiplying). */
START_TEST(test_column_of_cell)
{
	board_t b;
	int sizes = 0;
	for (int h = BOARD_MIN_SIZE; h <= BOARD_MAX_HEIGHT; h++)
		for (int w = BOARD_MIN_SIZE; w <= BOARD_MAX_WIDTH; w++) {
			if (w * (h + 1) > 64)
				continue;
			board_init(&b, w, h);
			sizes++;
			for (int col = 0; col < w; col++) {
				uint64_t m = board_column_mask(&b, col);
				for (; m; m &= m - 1)
					ck_assert_int_eq(
					    board_column_of_cell(&b, m & -m),
					    col);
			}
		}
	ck_assert_int_gt(sizes, 20);
}
END_TEST

/* The exact solver's store: bounds that meet become exact, an exact entry
 * is kept against later bounds, a looser bound of the same kind is
 * dropped, and another position's entry is left alone. */
START_TEST(test_tt_solved_merge)
{
	struct tt t;
	struct tt_entry e;
	const uint64_t k = 0x123456789ull, k2 = 0x987654321ull;
	tt_init(&t, 1, 49);

	tt_store_solved(&t, k, 3, BOUND_LOWER, 5, 2);
	ck_assert(tt_probe(&t, k, &e));
	ck_assert_int_eq(e.bound, BOUND_LOWER);
	ck_assert_int_eq(e.value, 3);
	/* Looser lower bound: dropped. */
	tt_store_solved(&t, k, 1, BOUND_LOWER, 9, 4);
	ck_assert(tt_probe(&t, k, &e));
	ck_assert_int_eq(e.value, 3);
	ck_assert_int_eq(e.move, 2);
	/* The upper bound that meets it: exact, with the lower bound's move
	 * and the larger work. */
	tt_store_solved(&t, k, 3, BOUND_UPPER, 7, 5);
	ck_assert(tt_probe(&t, k, &e));
	ck_assert_int_eq(e.bound, BOUND_EXACT);
	ck_assert_int_eq(e.value, 3);
	ck_assert_int_eq(e.move, 2);
	ck_assert_int_eq(e.depth, 7);
	/* Later bounds never replace it. */
	tt_store_solved(&t, k, -2, BOUND_UPPER, 20, 1);
	tt_store_solved(&t, k, 8, BOUND_LOWER, 20, 1);
	ck_assert(tt_probe(&t, k, &e));
	ck_assert_int_eq(e.bound, BOUND_EXACT);
	ck_assert_int_eq(e.value, 3);
	/* An upper bound that does not meet the lower one replaces it. */
	tt_store_solved(&t, k2, -4, BOUND_LOWER, 3, 0);
	tt_store_solved(&t, k2, 0, BOUND_UPPER, 3, 6);
	ck_assert(tt_probe(&t, k2, &e));
	ck_assert_int_eq(e.bound, BOUND_UPPER);
	ck_assert_int_eq(e.value, 0);
	ck_assert(tt_probe(&t, k, &e));
	ck_assert_int_eq(e.bound, BOUND_EXACT);
	tt_free(&t);
}
END_TEST

/* test_tt_grow()'s key number i: a different 49-bit value for each i. */
static uint64_t
grow_key(int i)
{
	return ((uint64_t)i * 0x9e3779b97f4aull) & ((1ull << 49) - 1);
}

/* How many of test_tt_grow()'s keys 0..nkeys-1 t finds; each one found
 * must hold its value (i % 41 - 20) and, with moves, its move (i % 7). */
static int
grow_found(struct tt *t, int nkeys, bool moves)
{
	struct tt_entry e;
	int found = 0;

	for (int i = 0; i < nkeys; i++) {
		if (!tt_probe(t, grow_key(i), &e))
			continue;
		found++;
		ck_assert_int_eq(e.value, i % 41 - 20);
		if (moves)
			ck_assert_int_eq(e.move, i % 7);
	}
	return found;
}

/* A table that grows with the search: it starts at its floor, widens
 * only past the node count, never past what was allocated, and no width
 * misreads an entry stored at another (the check starts at the floor's
 * index bits).  Every key a different 49-bit value; the value a function
 * of the key, so a misread is seen. */
START_TEST(test_tt_grow)
{
	struct tt t;
	const int nkeys = 40000;
	ck_assert(tt_init_floor(&t, 2, 256 << 10, 49));
	ck_assert_uint_eq(t.cap, (2u << 20) / 16);
	ck_assert_uint_eq(t.nbuckets, (256u << 10) / 16);
	tt_grow(&t, t.nbuckets, 1); /* not more nodes than buckets: stays */
	ck_assert_uint_eq(t.nbuckets, (256u << 10) / 16);
	for (int i = 0; i < nkeys; i++)
		tt_store_solved(&t, grow_key(i), i % 41 - 20, BOUND_EXACT, 1,
		                i % 7);
	int found_small = grow_found(&t, nkeys, false);
	tt_grow(&t, UINT64_MAX / 4, 1);
	ck_assert_uint_eq(t.nbuckets, t.cap);
	int found_wide = grow_found(&t, nkeys, true);
	/* 16384 buckets of two hold at most 32768 of the 40000; a quarter
	 * of the width (2 MB against 256 kB) keeps about an eighth of them
	 * where the wide index looks. */
	ck_assert_int_le(found_small, 32768);
	ck_assert_int_gt(found_small, 20000);
	ck_assert_int_gt(found_wide, found_small / 16);
	ck_assert_int_lt(found_wide, found_small / 4);
	tt_shrink(&t);
	ck_assert_uint_eq(t.nbuckets, (256u << 10) / 16);
	ck_assert_int_eq(grow_found(&t, nkeys, false), found_small);
	/* A plain table is all width from the start. */
	tt_free(&t);
	tt_init(&t, 1, 49);
	ck_assert_uint_eq(t.nbuckets, t.cap);
	tt_free(&t);
}
END_TEST

/* The big table's growth by fill (tt_sample_grow()): samples of a table
 * with few entries leave it at its floor; once most sampled buckets are
 * taken it doubles (and widest records it), never past what was
 * allocated; its fill is counted over the whole table; a clear empties
 * what it used and takes it back to the floor. */
START_TEST(test_tt_fill_grow)
{
	struct tt t;
	const uint64_t floor_buckets = (256u << 10) / 16;
	uint32_t seen = 0, used = 0;
	ck_assert(tt_init_floor(&t, 2, 256 << 10, 49));
	ck_assert_uint_eq(t.widest, floor_buckets);
	/* An eighth of the floor's buckets taken: no growth. */
	for (int i = 0; i < (int)floor_buckets / 8; i++)
		tt_store_solved(&t, grow_key(i), i % 41 - 20, BOUND_EXACT, 1,
		                i % 7);
	for (uint64_t i = 0; i < 4096; i++)
		tt_sample_grow(&t, util_mix64(i), &seen, &used, 64, 50);
	ck_assert_uint_eq(t.nbuckets, floor_buckets);
	ck_assert_uint_eq(t.widest, floor_buckets);
	double fill_small = tt_fill(&t);
	/* 2048 of the 262144 slots allocated. */
	ck_assert(fill_small > 0.005 && fill_small < 0.011);
	/* Twice as many keys as buckets: the first slots mostly taken. */
	for (int i = 0; i < 2 * (int)floor_buckets; i++)
		tt_store_solved(&t, grow_key(i), i % 41 - 20, BOUND_EXACT, 1,
		                i % 7);
	seen = used = 0;
	for (uint64_t i = 0; i < 64; i++)
		tt_sample_grow(&t, util_mix64(i), &seen, &used, 64, 50);
	ck_assert_uint_eq(t.nbuckets, 2 * floor_buckets);
	ck_assert_uint_eq(t.widest, 2 * floor_buckets);
	/* At most 32768 of the 262144 slots, all in the old floor. */
	ck_assert(tt_fill(&t) <= 0.125);
	ck_assert(tt_fill(&t) > 0.06);
	/* Entries found at the new width are the right ones. */
	ck_assert_int_gt(grow_found(&t, 2 * (int)floor_buckets, true), 0);
	for (uint64_t i = 0; i < 64 * 64; i++)
		tt_sample_grow(&t, util_mix64(i), &seen, &used, 64, 50);
	ck_assert_uint_le(t.nbuckets, t.cap);
	ck_assert_uint_eq(t.widest, t.nbuckets);
	/* A clear empties every slot used and goes back to the floor. */
	const uint64_t wide = t.widest;
	tt_clear(&t, 49);
	ck_assert_uint_eq(t.nbuckets, floor_buckets);
	ck_assert_uint_eq(t.widest, floor_buckets);
	for (uint64_t i = 0; i < wide * 2; i++)
		ck_assert_uint_eq(atomic_load(&t.slot[i]), 0);
	ck_assert_int_eq(grow_found(&t, 2 * (int)floor_buckets, false), 0);
	tt_free(&t);
}
END_TEST

Suite *
board_suite(void)
{
	const struct check_test tests[] = {
	    CHECK_CASE("bitmaps", CHECK_TIMEOUT_SHORT),
	    CHECK_LOOP(test_lines_bitmap, NSIZES),
	    CHECK_LOOP(test_random_bitmaps, NSIZES),

	    CHECK_CASE("play", CHECK_TIMEOUT_SHORT),
	    CHECK_LOOP(test_lines_in_games, NSIZES),
	    CHECK_TEST(test_known_wins),
	    CHECK_LOOP(test_random_games, NSIZES),
	    CHECK_LOOP(test_draws, NSIZES),
	    CHECK_TEST(test_full_columns),
	    CHECK_TEST(test_play_checked_errors),
	    CHECK_TEST(test_scores),
	    CHECK_TEST(test_winning_column),
	    CHECK_TEST(test_centre_order),

	    CHECK_CASE("notation", CHECK_TIMEOUT_SHORT),
	    CHECK_TEST(test_parse_errors),
	    CHECK_TEST(test_parse_lengths),
	    CHECK_LOOP(test_notation_roundtrip, NSIZES),
	    CHECK_TEST(test_format),
	    CHECK_TEST(test_size_errors),

	    CHECK_CASE("keys", CHECK_TIMEOUT_SHORT),
	    CHECK_LOOP(test_mirror, NSIZES),
	    CHECK_LOOP(test_keys_unique, NSIZES),
	    CHECK_TEST(test_tt_solved_merge),
	    CHECK_TEST(test_tt_grow),
	    CHECK_TEST(test_tt_fill_grow),
	    CHECK_TEST(test_column_of_cell),
	};

	return check_suite("board", tests, sizeof tests / sizeof tests[0]);
}
