/* check_wide.c -- boards past 64 bits and widths 10..16: the 128-bit rules
 * against tests/brute.c's board of cells, the 128-bit search against the 64-bit
 * one and against published results.
 *
 * Published results: the empty boards' outcomes and last moves in the
 * table of Christophe Steininger's solver "c4" (README, "Outcome" and "Last
 * Move"; John Tromp's table at https://tromp.github.io/c4/c4.html agrees
 * for width + height <= 15): the first player's exact score is
 * (W * H + 2 - M) / 2 for a game that ends on move M, positive for a win
 * of the first player, negative for one of the second, 0 for a draw.  Pons'
 * test positions (tests/data/pons-sample.txt) carry their own scores.
 *
 * The 128-bit search is asked for on small boards through
 * search_new_opts()'s wide_only (the programs' DROPFOUR_SEARCH_BITS=128,
 * docs/testing.md).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "check_suites.h"
#include "core/board.h"
#include "search/search.h"

/* The exact score for the side to move of a position on tests/brute.c's
 * board, by negamax with alpha-beta over its cells (the position is not
 * over).  brute_score() prunes nothing; alpha-beta keeps the late
 * positions of up to 16 columns quick. */
static int
brute_negamax(struct brute *g, int alpha, int beta)
{
	const int me = brute_to_move(g);
	if (g->moves == g->w * g->h)
		return 0;
	for (int c = 0; c < g->w; c++)
		if (brute_wins_with(g, c, me))
			return (g->w * g->h + 1 - g->moves) / 2;
	int best = -g->w * g->h;
	for (int c = 0; c < g->w; c++) {
		if (!brute_can_play(g, c))
			continue;
		brute_play(g, c);
		int v = -brute_negamax(g, -beta, -alpha);
		brute_undo(g, c);
		if (v > best)
			best = v;
		if (v > alpha)
			alpha = v;
		if (alpha >= beta)
			break;
	}
	return best;
}

/* A random game of `n` stones on w x h where no stone makes a four, on g,
 * its moves (notation) in `moves`.  False when it got stuck first (every
 * move makes a four). */
static bool
random_game(uint64_t *rng, int w, int h, int n, struct brute *g, char *moves)
{
	return check_random_game(w, h, n, rng, CHECK_GAME_NO_FOUR, g, NULL,
	                         moves) == n;
}

/* A board size with width w, a random height that fits 128 bits. */
static int
random_height(uint64_t *rng, int w)
{
	int hmax = BOARD_MAX_CELLS / w - 1;
	if (hmax > BOARD_MAX_HEIGHT)
		hmax = BOARD_MAX_HEIGHT;
	return BOARD_MIN_SIZE +
	       check_rand_below(rng, hmax - BOARD_MIN_SIZE + 1);
}

/* ---- the 128-bit rules against the cells --------------------------------- */

static bb128_t
cell_bit(const board_t *b, int c, int r)
{
	return (bb128_t)1 << (c * (b->h + 1) + r);
}

/* Everything the rules say of one position, against the cells. */
static void
check_position(const board_t *b, const struct brute *g, const char *moves)
{
	const int me = brute_to_move(g), opp = 3 - me;
	bb_t mine = 0, theirs = 0;

	for (int c = 0; c < g->w; c++) {
		ck_assert_int_eq(board_column_height(b, c), g->height[c]);
		check_that(board_can_play(b, c) == (g->height[c] < g->h),
		           "%s: column %d", moves, c);
		for (int r = 0; r < g->h; r++) {
			ck_assert_int_eq(board_cell(b, c, r), g->cell[c][r]);
			if (g->cell[c][r] != 0)
				continue;
			if (brute_four_if(g, c, r, me))
				mine |= cell_bit(b, c, r);
			if (brute_four_if(g, c, r, opp))
				theirs |= cell_bit(b, c, r);
		}
	}
	check_that(board_winning_cells(b->current, b->mask, b) == mine,
	           "%dx%d %s: the mover's winning cells", b->w, b->h, moves);
	check_that(board_opp_winning_cells(b) == theirs,
	           "%dx%d %s: the opponent's winning cells", b->w, b->h, moves);
	check_true(!board_has_four(b->current, b->h));
	check_true(!board_has_four(b->current ^ b->mask, b->h));
	check_true(board_four_cells(b->mask ^ b->current, b->h) == 0);

	/* The winning column, and a four after it. */
	int win = -1;
	for (int c = 0; c < g->w && win < 0; c++)
		if (brute_wins_with(g, c, me))
			win = c;
	ck_assert_int_eq(board_winning_column(b), win);
	if (win >= 0) {
		board_t nb = *b;
		struct brute ng = *g;
		check_true(board_play_checked(&nb, win) == BOARD_OK && nb.over);
		brute_play(&ng, win);
		const bb_t s = board_stones(&nb, me);
		check_true(board_has_four(s, b->h));
		bb_t want = 0;
		for (int c = 0; c < g->w; c++)
			for (int r = 0; r < ng.height[c]; r++)
				if (ng.cell[c][r] == me &&
				    brute_four_if(&ng, c, r, me))
					want |= cell_bit(b, c, r);
		/* A stone is in a four iff a four runs through it. */
		check_that(board_four_cells(s, b->h) == want,
		           "%s: the cells of the four", moves);
		return;
	}

	/* Moves that do not lose at once: after them the opponent cannot
	 * win with the next stone. */
	bb_t safe = 0;
	for (int c = 0; c < g->w; c++) {
		if (g->height[c] == g->h)
			continue;
		struct brute ng = *g;
		brute_play(&ng, c);
		bool loses = false;
		for (int d = 0; d < g->w; d++)
			loses = loses || brute_wins_with(&ng, d, opp);
		if (!loses)
			safe |= cell_bit(b, c, g->height[c]);
	}
	check_that(board_non_losing_moves(b) == safe,
	           "%dx%d %s: the moves that do not lose", b->w, b->h, moves);

	/* The mirror image. */
	board_t m;
	board_mirror(b, &m);
	for (int c = 0; c < g->w; c++)
		for (int r = 0; r < g->h; r++)
			ck_assert_int_eq(board_cell(&m, c, r),
			                 g->cell[g->w - 1 - c][r]);
	check_true(board_mirror_key(b, board_key(b)) == board_key(&m));
}

/* The 64-bit rules (board64_...(), core/board64.c) on a board of at most
 * 64 bits: the same answers as the 128-bit ones. */
static void
check_rules64(const board_t *b, const char *moves)
{
	board64_t s, p;
	board_to64(b, &s);
	check_true(board64_parse(&p, b->w, b->h, moves, (size_t)-1, NULL) ==
	           BOARD_OK);
	check_true(p.current == s.current && p.mask == s.mask &&
	           p.moves == s.moves);
	check_true(board64_key(&s) == (bb64_t)board_key(b));
	check_true(board64_mirror_key(&s, board64_key(&s)) ==
	           (bb64_t)board_mirror_key(b, board_key(b)));
	check_true(board64_winning_cells(s.current, s.mask, &s) ==
	           (bb64_t)board_winning_cells(b->current, b->mask, b));
	check_true(board64_non_losing_moves(&s) ==
	           (bb64_t)board_non_losing_moves(b));
	check_true(board64_four_cells(s.mask, s.h) ==
	           (bb64_t)board_four_cells(b->mask, b->h));
	for (int c = 0; c < b->w; c++)
		ck_assert_int_eq(board64_column_height(&s, c),
		                 board_column_height(b, c));
	char t64[BOARD_MAX_CELLS * 4], t128[BOARD_MAX_CELLS * 4];
	board64_format(&s, t64, sizeof t64);
	board_format(b, t128, sizeof t128);
	ck_assert_str_eq(t64, t128);
}

/* Random positions of widths 10..16 (and of the tall boards past 64 bits
 * of widths 4..9): every rule against the cells; on a board of at most 64
 * bits the 64-bit rules too. */
START_TEST(test_wide_rules)
{
	const int w = 4 + _i;
	uint64_t rng = 0x771de000 ^ (uint64_t)w;
	const int games = check_scaled(w >= 10 ? 150 : 40, 10);
	int checked = 0;
	for (int k = 0; k < games; k++) {
		const int h = w >= 10 ? random_height(&rng, w)
		                      : BOARD_MAX_CELLS / w - 1 -
		                            check_rand_below(&rng, 3);
		if (board_size_error(w, h) != NULL)
			continue;
		char moves[BOARD_MAX_CELLS + 1];
		struct brute g;
		int n = check_rand_below(&rng, w * h);
		if (!random_game(&rng, w, h, n, &g, moves))
			continue;
		board_t b;
		check_parse_ok(&b, w, h, moves);
		check_position(&b, &g, moves);
		checked++;
		if (board_is_small(w, h))
			check_rules64(&b, moves);
	}
	check_that(checked >= games / 2, "width %d: %d positions of %d", w,
	           checked, games);
}
END_TEST

/* Columns 10..16 in move strings: a..g, and A..G read. */
START_TEST(test_wide_notation)
{
	char buf[4096];
	board_t a, b;
	for (int c = 0; c < BOARD_MAX_WIDTH; c++) {
		const char ch = board_col_char(c);
		ck_assert_int_eq(board_char_col(ch), c);
		check_true(c < 9 ? ch == '1' + c : ch == 'a' + c - 9);
		if (c >= 9)
			ck_assert_int_eq(board_char_col(ch - 'a' + 'A'), c);
	}
	ck_assert_int_eq(board_char_col('0'), -1);
	ck_assert_int_eq(board_char_col('h'), -1);
	ck_assert_int_eq(board_char_col('H'), -1);
	check_parse_ok(&a, 16, 6, "9abcdefg");
	check_parse_ok(&b, 16, 6, "9ABCDEFG");
	check_true(a.current == b.current && a.mask == b.mask);
	ck_assert_int_eq(board_cell(&a, 15, 0), 2);
	board_format(&a, buf, sizeof buf);
	check_true(strstr(buf, "1 2 3 4 5 6 7 8 9 a b c d e f g\n") != NULL);
	check_parse_ok(&a, 7, 6, "4453");
	board_format(&a, buf, sizeof buf);
	check_true(strstr(buf, "\n1 2 3 4 5 6 7\n") != NULL);
}
END_TEST

/* ---- the search ------------------------------------------------------ */

/* Empty boards and their published outcome (top of this file): width,
 * height, the move M on which perfect play ends and its sign (+1 the first
 * player wins, -1 the second, 0 a draw).  Those that take about a second
 * run only at DROPFOUR_TEST_SCALE 1 and more: they come last, and
 * wide_suite() registers them only then (a case left out is not a pass). */
static const struct {
	int w, h, last, sign;
	bool slow;
} empty_boards[] = {
    {4, 4, 16, 0, false}, {5, 4, 20, 0, false}, {4, 5, 20, 0, false},
    {4, 6, 24, 0, false}, {5, 5, 25, 0, false}, {6, 4, 24, -1, false},
    {4, 7, 28, 0, false}, {5, 6, 30, 0, false}, {6, 5, 30, 0, false},
    {7, 4, 28, 0, false}, {8, 4, 32, -1, true}, {4, 8, 32, 0, true},
    {6, 6, 36, -1, true},
};

static int
published_score(int i)
{
	const int w = empty_boards[i].w, h = empty_boards[i].h;
	return empty_boards[i].sign * (w * h + 2 - empty_boards[i].last) / 2;
}

/* The empty boards on the 64-bit search and on the 128-bit one. */
START_TEST(test_wide_empty_boards)
{
	const int w = empty_boards[_i].w, h = empty_boards[_i].h;
	board_t b;
	board_init(&b, w, h);
	struct search *s = search_new(16, NULL, 0);
	ck_assert_int_eq(search_solve(s, &b, false, NULL), published_score(_i));
	search_free(s);
	if (empty_boards[_i].slow)
		return;
	struct search_opts wide;
	search_opts_default(&wide);
	wide.wide_only = true;
	s = search_new_opts(16, &wide, NULL, 0);
	check_that(search_solve(s, &b, false, NULL) == published_score(_i),
	           "%dx%d on the 128-bit search", w, h);
	search_free(s);
}
END_TEST

/* Pons' positions on the 128-bit search: the published scores, and the
 * 64-bit search's, at one thread. */
START_TEST(test_wide_pons_same)
{
	static const char *const sets[] = {"Test_L3_R1", "Test_L2_R1"};
	struct pons_pos *p;
	int n = check_pons_load(sets[_i], &p);
	int use = check_scaled(50, 10);
	if (use > n)
		use = n;
	struct search *s64 = search_new(16, NULL, 0);
	struct search_opts wide;
	search_opts_default(&wide);
	wide.wide_only = true;
	struct search *s128 = search_new_opts(16, &wide, NULL, 0);
	for (int i = 0; i < use; i++) {
		board_t b;
		check_parse_ok(&b, 7, 6, p[i].moves);
		int v64 = search_solve(s64, &b, false, NULL);
		int v128 = search_solve(s128, &b, false, NULL);
		check_that(v128 == p[i].score && v64 == p[i].score,
		           "%s %s: 64-bit %d, 128-bit %d, published %d",
		           sets[_i], p[i].moves, v64, v128, p[i].score);
	}
	search_free(s64);
	search_free(s128);
	free(p);
}
END_TEST

/* Late positions of boards past 64 bits, and of the widths 10..12 on the
 * 64-bit search: the solver's exact score (and its analysis of every
 * column) against plain negamax over the cells. */
static const struct {
	int w, h;
} late_boards[] = {
    {13, 4}, {16, 4}, {16, 5}, {5, 20}, {4, 20}, {11, 8}, {10, 5}, {12, 4},
};

START_TEST(test_wide_late_positions)
{
	const int w = late_boards[_i].w, h = late_boards[_i].h;
	uint64_t rng = 0x1a7e0000 ^ (uint64_t)_i;
	const int tries = check_scaled(6, 2);
	struct search *s = search_new(16, NULL, 0);
	int checked = 0;
	for (int k = 0; k < tries; k++) {
		char moves[BOARD_MAX_CELLS + 1];
		struct brute g;
		const int left = 9 + check_rand_below(&rng, 3);
		/* Most random games of this length make a four on the way. */
		bool got = false;
		for (int a = 0; a < 200 && !got; a++)
			got = random_game(&rng, w, h, w * h - left, &g, moves);
		if (!got)
			continue;
		board_t b;
		check_parse_ok(&b, w, h, moves);
		const int want = brute_negamax(&g, -w * h, w * h);
		ck_assert_int_eq(search_solve(s, &b, false, NULL), want);

		struct search_limits lim;
		struct search_result r;
		search_limits_default(&lim);
		lim.mode = SEARCH_EXACT;
		lim.analyze = true;
		search_run(s, &b, &lim, &r);
		for (int c = 0; c < w; c++) {
			if (g.height[c] == h)
				continue;
			int v;
			if (brute_wins_with(&g, c, brute_to_move(&g))) {
				v = (w * h + 1 - g.moves) / 2;
			} else {
				brute_play(&g, c);
				v = g.moves == w * h
				        ? 0
				        : -brute_negamax(&g, -w * h, w * h);
				brute_undo(&g, c);
			}
			check_that(r.col_kind[c] == SCORE_EXACT &&
			               r.col_score[c] == v,
			           "%dx%d %s column %d: %d, want %d", w, h,
			           moves, c + 1, r.col_score[c], v);
		}
		checked++;
	}
	check_that(checked > 0, "%dx%d: no position", w, h);
	search_free(s);
}
END_TEST

/* A board past 64 bits is refused by the book, with a sentence. */
START_TEST(test_wide_sizes)
{
	ck_assert_ptr_null(board_size_error(16, 7));
	ck_assert_ptr_null(board_size_error(4, 31));
	ck_assert_ptr_nonnull(board_size_error(16, 8));
	ck_assert_ptr_nonnull(board_size_error(17, 4));
	check_true(board_is_small(12, 4) && !board_is_small(13, 4));
	check_true(board_is_small(8, 7) && !board_is_small(9, 7));
}
END_TEST

Suite *
wide_suite(void)
{
	int n_empty = (int)(sizeof empty_boards / sizeof empty_boards[0]);
	if (check_scale() < 1)
		while (n_empty > 0 && empty_boards[n_empty - 1].slow)
			n_empty--;

	const struct check_test tests[] = {
	    CHECK_CASE("rules", 0),
	    CHECK_LOOP(test_wide_rules, BOARD_MAX_WIDTH - BOARD_MIN_SIZE + 1),
	    CHECK_TEST(test_wide_notation),
	    CHECK_TEST(test_wide_sizes),

	    CHECK_CASE("search", CHECK_TIMEOUT_LONG),
	    CHECK_LOOP(test_wide_empty_boards, n_empty),
	    CHECK_LOOP(test_wide_pons_same, 2),
	    CHECK_LOOP(test_wide_late_positions,
	               (int)(sizeof late_boards / sizeof late_boards[0])),
	};

	return check_suite("wide", tests, sizeof tests / sizeof tests[0]);
}
