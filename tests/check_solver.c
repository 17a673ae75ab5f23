/* check_solver.c -- the solver against answers no one here computed.
 *
 * 1. Pascal Pons' test sets (tests/data/pons-sample.txt: all of Test_L3_R1,
 *    Test_L2_R1 and Test_L2_R2 and a seeded sample of the Test_L1_* sets):
 *    every exact score, the weak (win/draw/loss) answer, the best move and
 *    the per-column analysis.
 * 2. John Tromp's UCI Connect-4 data (tests/data/uci-sample.txt, 8-ply
 *    boards with the first player's win/draw/loss): the data gives boards,
 *    not games, so a move order is rebuilt first.  brute_order() takes top
 *    stones off again, depth first: the stone that comes off must have the
 *    colour of the player who made that move (the second player's for an
 *    even count), and a column is tried only if its top stone has that
 *    colour; a dead end backtracks.  Taking stones off never makes a four,
 *    so with no four on the final board (the data promises none) no earlier
 *    position has one either, and any order found is a legal game.  The
 *    order is then replayed through board_parse, which checks it again, and
 *    the board compared cell by cell with the data.
 * 3. tests/brute.c, a naive minimax on a 2-D array: random positions of 4x4
 *    and 5x4 boards, late positions of bigger boards, and (to trust the
 *    brute force itself) late positions of the Pons sets.
 * 4. score_words(), depth-limited proofs, the time rule of depth-limited
 *    play (search_iteration_fits()), one-thread node counts that repeat,
 *    and edge cases.
 * 5. Proof within the budget: Pons positions of at most PROVE_MAX_CELLS
 *    empty cells searched as level strong get the published score,
 *    proven, and a move that keeps it; an earlier position stays
 *    heuristic, and bounded perfect play on a board it cannot solve in
 *    time still names a move, labelled not proven.
 *
 * Every test makes its own `struct search` with a 16 MB table.  The sample
 * sizes follow DROPFOUR_TEST_SCALE (the sanitizer runs use less).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/board.h"
#include "brute.h"
#include "check_suites.h"
#include "core/score.h"
#include "search/policy/level.h"
#include "search/search.h"
#include "search/node/settings.h"
#include "core/util.h"

#define TEST_TT_MB 16

static const struct {
	const char *name;
	int count; /* positions at scale 1; -1 all in the sample */
	int min;   /* at the smallest scale */
} pons_sets[] = {
    {"Test_L3_R1", -1, 100}, {"Test_L2_R1", -1, 100}, {"Test_L2_R2", -1, 50},
    {"Test_L1_R1", -1, 20},  {"Test_L1_R2", 40, 3},   {"Test_L1_R3", 2, 1},
};
#define NPONS ((int)(sizeof pons_sets / sizeof pons_sets[0]))

/* How many positions of a set to use at this scale. */
static int
pons_count(int set, int have)
{
	int n = pons_sets[set].count < 0 ? have : pons_sets[set].count;
	n = check_scaled(n, pons_sets[set].min);
	return n < have ? n : have;
}

static int
sign(int v)
{
	return (v > 0) - (v < 0);
}

/* Every score of the set exact, one thread, the table kept between
 * positions as `dropfour solve` keeps it. */
START_TEST(test_pons_exact)
{
	struct pons_pos *p;
	int have = check_pons_load(pons_sets[_i].name, &p);
	int n = pons_count(_i, have), bad = 0;
	char first[256] = "";
	struct search *s = search_new(TEST_TT_MB, NULL, 0);
	uint64_t nodes = 0, total = 0;
	double t0 = util_now_s();

	check_that(have > 0, "no %s lines in the sample", pons_sets[_i].name);
	for (int i = 0; i < n; i++) {
		board_t b;
		check_parse_ok(&b, 7, 6, p[i].moves);
		int v = search_solve(s, &b, false, &nodes);
		total += nodes;
		if (v != p[i].score) {
			printf("MISMATCH %s %s: solver %d, expected %d\n",
			       pons_sets[_i].name, p[i].moves, v, p[i].score);
			if (bad++ == 0)
				snprintf(first, sizeof first,
				         "%s \"%s\": solver %d, expected %d",
				         pons_sets[_i].name, p[i].moves, v,
				         p[i].score);
		}
	}
	printf("%s: %d positions, %d wrong, mean nodes %.0f, %.3f s\n",
	       pons_sets[_i].name, n, bad, (double)total / n,
	       util_now_s() - t0);
	search_free(s);
	free(p);
	check_that(bad == 0, "%d of %d wrong; first: %s", bad, n, first);
}
END_TEST

/* Weak solving: the sign of every score. */
START_TEST(test_pons_weak)
{
	struct pons_pos *p;
	int have = check_pons_load(pons_sets[_i].name, &p);
	int n = pons_count(_i, have);
	struct search *s = search_new(TEST_TT_MB, NULL, 0);

	if (n > 300)
		n = check_scaled(300, 50);
	for (int i = 0; i < n; i++) {
		board_t b;
		check_parse_ok(&b, 7, 6, p[i].moves);
		int v = search_solve(s, &b, true, NULL);
		check_that(v == sign(p[i].score),
		           "%s \"%s\": weak %d, expected %d",
		           pons_sets[_i].name, p[i].moves, v, sign(p[i].score));
	}
	search_free(s);
	free(p);
}
END_TEST

/* search_run's result: exact kind, not partial, and a best move whose own
 * value is the score. */
START_TEST(test_pons_result)
{
	static const char *const sets[] = {"Test_L3_R1", "Test_L2_R1",
	                                   "Test_L2_R2", "Test_L1_R1"};
	struct search *s = search_new(TEST_TT_MB, NULL, 0);
	struct search_limits lim;

	search_limits_default(&lim);
	lim.mode = SEARCH_EXACT;
	lim.threads = 1;
	for (size_t k = 0; k < 4; k++) {
		struct pons_pos *p;
		int n = check_pons_load(sets[k], &p);
		int m = check_scaled(40, 5);
		for (int i = 0; i < n && i < m; i++) {
			struct search_result r;
			board_t b;
			check_parse_ok(&b, 7, 6, p[i].moves);
			search_run(s, &b, &lim, &r);
			check_that(
			    r.score == p[i].score && !r.partial &&
			        r.kind == SCORE_EXACT,
			    "\"%s\": score %d kind %d partial %d, expected %d",
			    p[i].moves, r.score, r.kind, r.partial, p[i].score);
			check_that(board_can_play(&b, r.move),
			           "\"%s\": best move %d is not legal",
			           p[i].moves, r.move);
			int v = check_move_value(s, &b, r.move);
			check_that(v == r.score,
			           "\"%s\": best move %d is worth %d, not %d",
			           p[i].moves, r.move + 1, v, r.score);
			check_true(r.nodes > 0 || board_can_win_next(&b));
			ck_assert_int_eq(r.ncols, 7);
			check_true(r.pv_len >= 1 && r.pv[0] == r.move);
		}
		free(p);
	}
	search_free(s);
}
END_TEST

/* What the analysis tests share: a search s and a reference ref (for the
 * columns' values), exact limits, and the first check_scaled(25, 4)
 * positions of the sample set Test_L2_R1 (n of them). */
struct analysis {
	struct search *s, *ref;
	struct search_limits lim;
	struct pons_pos *p;
	int n;
};

/* Sets up a, its limits for `threads` threads. */
static void
analysis_begin(struct analysis *a, int threads)
{
	a->s = search_new(TEST_TT_MB, NULL, 0);
	a->ref = search_new(TEST_TT_MB, NULL, 0);
	a->n = check_pons_load("Test_L2_R1", &a->p);
	int m = check_scaled(25, 4);
	if (a->n > m)
		a->n = m;
	search_limits_default(&a->lim);
	a->lim.mode = SEARCH_EXACT;
	a->lim.threads = threads;
}

/* Frees what analysis_begin() set up. */
static void
analysis_end(struct analysis *a)
{
	free(a->p);
	search_free(a->s);
	search_free(a->ref);
}

/* --analyze: every column's exact value; full columns marked. */
START_TEST(test_analyze)
{
	struct analysis a;

	analysis_begin(&a, 1);
	a.lim.analyze = true;
	for (int i = 0; i < a.n; i++) {
		struct search_result r;
		board_t b;
		int best = -100;
		check_parse_ok(&b, 7, 6, a.p[i].moves);
		search_run(a.s, &b, &a.lim, &r);
		check_true(!r.partial);
		for (int c = 0; c < 7; c++) {
			if (!board_can_play(&b, c)) {
				check_that(r.col_kind[c] == SCORE_NONE,
				           "\"%s\": full column %d has a score",
				           a.p[i].moves, c + 1);
				continue;
			}
			int v = check_move_value(a.ref, &b, c);
			check_that(
			    r.col_kind[c] == SCORE_EXACT && r.col_score[c] == v,
			    "\"%s\" column %d: kind %d score %d, expected %d",
			    a.p[i].moves, c + 1, r.col_kind[c], r.col_score[c],
			    v);
			if (v > best)
				best = v;
		}
		ck_assert_int_eq(best, a.p[i].score);
		ck_assert_int_eq(r.score, a.p[i].score);
		ck_assert_int_eq(r.col_score[r.move], a.p[i].score);
	}
	analysis_end(&a);
}
END_TEST

/* Analysis for a move: the root's score is known (the table holds it after
 * a plain solve of the same position) or solved first.  The columns are
 * asked in turn whether they reach it; each one asked is either exact or
 * an upper bound that is true (not below its exact value) and below the
 * root's score, and the first that reaches the score is the move.  Without
 * a seed that is the centre-most best column, the one a full analysis
 * picks; with one, a best column.  _i: threads, 1 or 2. */
START_TEST(test_analyze_move)
{
	struct analysis a;
	int bounds = 0, unasked = 0, ties = 0;
	const int *centre = board_centre_order(7);

	analysis_begin(&a, 1 + _i);
	for (int i = 0; i < a.n; i++) {
		struct search_result r;
		board_t b;
		check_parse_ok(&b, 7, 6, a.p[i].moves);
		search_clear(a.s);
		if (i % 2 == 0) {
			/* Known from the table; else solved first. */
			a.lim.analyze = false;
			a.lim.move_only = false;
			a.lim.seed = 0;
			search_run(a.s, &b, &a.lim, &r);
			ck_assert_int_eq(r.score, a.p[i].score);
		}
		a.lim.analyze = true;
		a.lim.move_only = true;
		a.lim.seed = (uint64_t)(i % 4 == 3 ? i : 0);
		search_run(a.s, &b, &a.lim, &r);
		check_true(!r.partial);
		int value[7], first_best = -1;
		for (int k = 0; k < 7; k++) {
			int c = centre[k];
			if (!board_can_play(&b, c)) {
				check_true(r.col_kind[c] == SCORE_NONE);
				continue;
			}
			int v = value[c] = check_move_value(a.ref, &b, c);
			if (v == a.p[i].score && first_best < 0)
				first_best = c;
			if (r.col_kind[c] == SCORE_NONE) {
				unasked++;
			} else if (r.col_kind[c] == SCORE_UPPER) {
				bounds++;
				check_that(
				    v <= r.col_score[c] &&
				        r.col_score[c] < a.p[i].score,
				    "\"%s\" column %d: bound %d, exact %d, "
				    "best %d",
				    a.p[i].moves, c + 1, r.col_score[c], v,
				    a.p[i].score);
			} else {
				check_that(
				    r.col_kind[c] == SCORE_EXACT &&
				        r.col_score[c] == v,
				    "\"%s\" column %d: kind %d score %d, "
				    "expected %d",
				    a.p[i].moves, c + 1, r.col_kind[c],
				    r.col_score[c], v);
			}
		}
		ck_assert_int_eq(r.score, a.p[i].score);
		ck_assert_int_eq(r.kind, SCORE_EXACT);
		ck_assert_int_eq(r.col_score[r.move], a.p[i].score);
		ck_assert_int_eq(value[r.move], a.p[i].score);
		int nbest = 0;
		for (int c = 0; c < 7; c++)
			nbest +=
			    board_can_play(&b, c) && value[c] == a.p[i].score;
		ties += a.lim.seed == 0 && nbest > 1;
		if (a.lim.seed == 0)
			check_that(
			    r.move == first_best,
			    "\"%s\": move %d, the centre-most best is %d",
			    a.p[i].moves, r.move + 1, first_best + 1);
	}
	/* The known-score path ran: a full analysis has neither. */
	check_that(bounds > 0 && unasked > 0 && ties > 0,
	           "%d columns left as bounds, %d unasked, %d ties", bounds,
	           unasked, ties);
	analysis_end(&a);
}
END_TEST

/* ---- UCI ---------------------------------------------------------------- */

struct uci_pos {
	struct brute g;
	int wdl; /* for the first player, who is to move */
	char line[128];
};

static int
uci_load(struct uci_pos **out)
{
	FILE *f = check_data_open("uci-sample.txt");
	struct uci_pos *v = NULL;
	int n = 0, cap = 0;
	char line[512];

	while (fgets(line, sizeof line, f) != NULL) {
		struct uci_pos u;
		char *save = NULL, *tok;
		int k = 0;
		line[strcspn(line, "\r\n")] = '\0';
		snprintf(u.line, sizeof u.line, "%.127s", line);
		brute_init(&u.g, 7, 6);
		u.wdl = 9;
		for (tok = strtok_r(line, ",", &save); tok != NULL;
		     tok = strtok_r(NULL, ",", &save), k++) {
			if (k < 42) {
				int who = strcmp(tok, "x") == 0   ? 1
				          : strcmp(tok, "o") == 0 ? 2
				                                  : 0;
				check_that(who || strcmp(tok, "b") == 0,
				           "uci-sample.txt: bad cell \"%s\"",
				           tok);
				/* Field index col * 6 + row, rows bottom up. */
				u.g.cell[k / 6][k % 6] = (signed char)who;
			} else if (k == 42) {
				u.wdl = strcmp(tok, "win") == 0    ? 1
				        : strcmp(tok, "loss") == 0 ? -1
				        : strcmp(tok, "draw") == 0 ? 0
				                                   : 9;
			}
		}
		check_that(k == 43 && u.wdl != 9,
		           "uci-sample.txt line %d malformed", n + 1);
		brute_set(&u.g, 0, 0, u.g.cell[0][0]); /* count the stones */
		v = check_grow(v, n, &cap, sizeof *v);
		v[n++] = u;
	}
	fclose(f);
	*out = v;
	return n;
}

/* Rebuild a move order for a UCI board and parse it into b. */
static void
uci_board(const struct uci_pos *u, board_t *b, char *moves, size_t len)
{
	check_that(brute_order(&u->g, false, moves, len, 0) == 0,
	           "no legal move order for %s", u->line);
	check_parse_ok(b, 7, 6, moves);
	for (int c = 0; c < 7; c++)
		for (int r = 0; r < 6; r++)
			check_that(board_cell(b, c, r) == u->g.cell[c][r],
			           "order %s does not rebuild %s", moves,
			           u->line);
}

/* Every sample line gets a legal order: 8 stones, first player to move,
 * no four, and (as the data promises) nobody can win at once. */
START_TEST(test_uci_orders)
{
	struct uci_pos *u;
	int n = uci_load(&u);

	ck_assert_int_gt(n, 0);
	for (int i = 0; i < n; i++) {
		char moves[64];
		board_t b;
		uci_board(&u[i], &b, moves, sizeof moves);
		ck_assert_int_eq(b.moves, 8);
		ck_assert_int_eq(board_to_move(&b), 1);
		check_true(!b.over);
		check_that(!board_can_win_next(&b), "%s: x wins at once",
		           moves);
	}
	free(u);
}
END_TEST

START_TEST(test_uci_weak)
{
	struct uci_pos *u;
	int n = uci_load(&u), m = check_scaled(24, 2);
	struct search *s = search_new(TEST_TT_MB, NULL, 0);
	uint64_t nodes, total = 0;
	double t0 = util_now_s();

	for (int i = 0; i < n && i < m; i++) {
		char moves[64];
		board_t b;
		uci_board(&u[i], &b, moves, sizeof moves);
		int v = search_solve(s, &b, true, &nodes);
		total += nodes;
		check_that(v == u[i].wdl,
		           "UCI board %s (moves %s): weak %d, the data says %d",
		           u[i].line, moves, v, u[i].wdl);
	}
	printf("UCI: %d positions weakly solved, mean nodes %.0f, %.3f s\n",
	       m < n ? m : n, (double)total / (m < n ? m : n),
	       util_now_s() - t0);
	search_free(s);
	free(u);
}
END_TEST

/* ---- brute force ----------------------------------------------------------
 */

/* The brute force itself agrees with the Pons data on late positions. */
START_TEST(test_brute_vs_pons)
{
	struct pons_pos *p;
	int n = check_pons_load("Test_L3_R1", &p), used = 0;
	int m = check_scaled(150, 20);

	for (int i = 0; i < n && used < m; i++) {
		struct brute g;
		if (strlen(p[i].moves) < 33)
			continue;
		check_true(brute_parse(&g, 7, 6, p[i].moves) >= 0);
		int v = brute_score(&g, NULL);
		check_that(v == p[i].score,
		           "brute force on \"%s\": %d, expected %d (a bug in "
		           "tests/brute.c)",
		           p[i].moves, v, p[i].score);
		used++;
	}
	ck_assert_int_gt(used, 0);
	free(p);
}
END_TEST

static const struct {
	int w, h;
	int min_len; /* fewest stones: keeps the brute force quick */
	int count;
} brute_boards[] = {
    {4, 4, 2, 300}, {5, 4, 7, 300}, {7, 6, 30, 80},  {8, 7, 45, 60},
    {9, 6, 43, 60}, {6, 5, 19, 60}, {4, 15, 48, 40},
};

/* Random positions: the solver's exact and weak answers equal the brute
 * force's. */
START_TEST(test_brute_random)
{
	int w = brute_boards[_i].w, h = brute_boards[_i].h;
	int n = check_scaled(brute_boards[_i].count, 10);
	uint64_t rng = 0xb0f00000 + (uint64_t)_i;
	struct search *s = search_new(TEST_TT_MB, NULL, 0);

	for (int i = 0; i < n; i++) {
		struct brute g;
		char moves[BOARD_MAX_CELLS + 1];
		board_t b;
		int len =
		    brute_boards[_i].min_len +
		    check_rand_below(&rng, w * h - brute_boards[_i].min_len);
		/* No four; may end early when every move makes one. */
		check_random_game(w, h, len, &rng, CHECK_GAME_NO_FOUR, &g, NULL,
		                  moves);
		if (g.moves == w * h)
			continue;
		int want = brute_score(&g, NULL);
		check_parse_ok(&b, w, h, moves);
		int v = search_solve(s, &b, false, NULL);
		check_that(v == want, "%dx%d \"%s\": solver %d, brute force %d",
		           w, h, moves, v, want);
		v = search_solve(s, &b, true, NULL);
		check_that(v == sign(want),
		           "%dx%d \"%s\": weak %d, brute force %d", w, h, moves,
		           v, want);
	}
	search_free(s);
}
END_TEST

/* The empty small boards: both are draws. */
START_TEST(test_small_empty)
{
	struct search *s = search_new(TEST_TT_MB, NULL, 0);
	board_t b;

	board_init(&b, 4, 4);
	ck_assert_int_eq(search_solve(s, &b, false, NULL), 0);
	board_init(&b, 5, 4);
	ck_assert_int_eq(search_solve(s, &b, false, NULL), 0);
	search_free(s);
}
END_TEST

/* One search serves several board sizes in turn without mixing them up. */
START_TEST(test_sizes_one_search)
{
	struct search *s = search_new(TEST_TT_MB, NULL, 0);
	uint64_t rng = 0x512e5;

	for (int i = 0; i < 60; i++) {
		int k = check_rand_below(&rng, 3);
		struct brute g;
		char moves[BOARD_MAX_CELLS + 1];
		board_t b;
		check_random_game(brute_boards[k].w, brute_boards[k].h,
		                  brute_boards[k].min_len + 4, &rng,
		                  CHECK_GAME_NO_FOUR, &g, NULL, moves);
		int want = brute_score(&g, NULL);
		check_parse_ok(&b, g.w, g.h, moves);
		int v = search_solve(s, &b, false, NULL);
		check_that(v == want, "%dx%d \"%s\": solver %d, brute %d", g.w,
		           g.h, moves, v, want);
	}
	search_free(s);
}
END_TEST

/* A one-thread solve counts the same nodes every time: on a new search,
 * on the same search after search_clear(), and on a second one (nothing
 * left over from an earlier search, nothing read before it is written).
 * Test_L2_R2's positions take up to a few hundred thousand nodes, so the
 * leaf table grows during the larger ones. */
START_TEST(test_nodes_repeat)
{
	struct pons_pos *p;
	int have = check_pons_load("Test_L2_R2", &p);
	int n = check_scaled(20, 5);
	struct search *s = search_new(TEST_TT_MB, NULL, 0);
	struct search *t = search_new(TEST_TT_MB, NULL, 0);

	check_that(have >= n, "%d Test_L2_R2 lines in the sample", have);
	for (int i = 0; i < n; i++) {
		board_t b;
		uint64_t n1, n2, n3;
		check_parse_ok(&b, 7, 6, p[i].moves);
		search_clear(s);
		int v1 = search_solve(s, &b, false, &n1);
		search_clear(s);
		int v2 = search_solve(s, &b, false, &n2);
		search_clear(t);
		int v3 = search_solve(t, &b, false, &n3);
		check_that(v1 == p[i].score && v2 == v1 && v3 == v1,
		           "\"%s\": scores %d, %d, %d, expected %d", p[i].moves,
		           v1, v2, v3, p[i].score);
		check_that(n1 == n2 && n2 == n3,
		           "\"%s\": %llu, %llu and %llu nodes", p[i].moves,
		           (unsigned long long)n1, (unsigned long long)n2,
		           (unsigned long long)n3);
	}
	search_free(s);
	search_free(t);
	free(p);
}
END_TEST

/* An exact search of one position: a search s on its own table, the
 * default limits for SEARCH_EXACT, the board and the result. */
struct exact {
	struct search *s;
	struct search_limits lim;
	board_t b;
	struct search_result r;
};

/* Sets up x for the position `moves` on w x h (free x->s after). */
static void
exact_begin(struct exact *x, int w, int h, const char *moves)
{
	x->s = search_new(TEST_TT_MB, NULL, 0);
	search_limits_default(&x->lim);
	x->lim.mode = SEARCH_EXACT;
	check_parse_ok(&x->b, w, h, moves);
}

/* Finished games: nothing to search, no move. */
START_TEST(test_finished)
{
	struct exact x;

	exact_begin(&x, 4, 4, "1234123421433412");
	check_true(board_is_full(&x.b));
	ck_assert_int_eq(search_solve(x.s, &x.b, false, NULL), 0);
	search_run(x.s, &x.b, &x.lim, &x.r);
	ck_assert_int_eq(x.r.move, -1);
	ck_assert_int_eq(x.r.score, 0);
	search_free(x.s);
}
END_TEST

/* ---- words, depth-limited proofs, stop ------------------------------------
 */

/* Own stones to the end, winning stone included (win), or the opponent's
 * stones to its win (loss): both counted from the score formula
 * of docs/solver.md. */
static int
moves_to_end(int cells, int moves, int score)
{
	int s = score > 0 ? score : -score;
	/* Stones before the winning one: cells + 1 - 2s or cells - 2s, the
	 * one with the parity of the winner's turn. */
	int mw = cells + 1 - 2 * s;
	int parity = score > 0 ? moves % 2 : (moves + 1) % 2;
	if (mw % 2 != parity)
		mw--;
	return score > 0 ? (mw - moves) / 2 + 1 : (mw - moves + 1) / 2;
}

START_TEST(test_score_words)
{
	struct pons_pos *p;
	int n = check_pons_load("Test_L", &p);
	char buf[64], want[64];
	board_t b;

	for (int i = 0; i < n; i++) {
		check_parse_ok(&b, 7, 6, p[i].moves);
		if (p[i].score == 0)
			snprintf(want, sizeof want, "draw");
		else
			snprintf(want, sizeof want, "%s in %d",
			         p[i].score > 0 ? "win" : "loss",
			         moves_to_end(42, b.moves, p[i].score));
		ck_assert_ptr_eq(
		    score_words(&b, SCORE_EXACT, p[i].score, buf, sizeof buf),
		    buf);
		check_that(strcmp(buf, want) == 0,
		           "\"%s\" score %d: \"%s\", expected \"%s\"",
		           p[i].moves, p[i].score, buf, want);
	}
	free(p);
	board_init(&b, 7, 6);
	score_words(&b, SCORE_EXACT, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "win in 21"); /* the first player's last stone */
	score_words(&b, SCORE_HEURISTIC, 37, buf, sizeof buf);
	ck_assert_str_eq(buf, "+37");
	score_words(&b, SCORE_HEURISTIC, -5, buf, sizeof buf);
	ck_assert_str_eq(buf, "-5");
	check_parse_ok(&b, 7, 6, "44455554221");
	score_words(&b, SCORE_EXACT, -15, buf, sizeof buf);
	ck_assert_str_eq(buf, "loss in 1");
	check_parse_ok(&b, 7, 6, "4455");
	score_words(&b, SCORE_EXACT, 18, buf, sizeof buf);
	ck_assert_str_eq(buf, "win in 2");
	/* Bounds and unknowns still say something. */
	const enum score_kind kinds[] = {SCORE_NONE, SCORE_LOWER, SCORE_UPPER};
	for (int k = 0; k < 3; k++) {
		buf[0] = '\0';
		score_words(&b, kinds[k], 3, buf, sizeof buf);
		check_true(buf[0] != '\0');
	}
	/* A small buffer is not overrun. */
	char tiny[4] = "xyz";
	score_words(&b, SCORE_EXACT, 18, tiny, 3);
	ck_assert_uint_le(strlen(tiny), 2);
}
END_TEST

/* Depth-limited search proves wins (and losses) in 3 inside its horizon:
 * the score it reports is the exact one, marked exact, and the move it
 * picks keeps that value. */
/* The time rule of depth-limited play: an iteration starts when its time,
 * foreseen from the growth of the last two (clamped to 1.5 .. 8), ends
 * within the limit; also past half of it.  Figures of exact binary
 * fractions, the answers worked by hand. */
START_TEST(test_iteration_fits)
{
	static const struct {
		double limit, now, last, prev;
		bool fits;
	} cases[] = {
	    {1.0, 0.25, 0.125, 0.0625, true},     /* growth 2: ends at 0.5 */
	    {1.0, 0.5, 0.25, 0.125, true},        /* ends at 1.0 exactly */
	    {1.0, 0.5, 0.25, 0.0625, false},      /* growth 4: 1.5 */
	    {1.0, 0.625, 0.125, 0.125, true},     /* past half: 1.5 -> 0.8125 */
	    {1.0, 0.5, 0.25, 0.5, true},          /* shrinking: 1.5 -> 0.875 */
	    {1.0, 0.75, 0.25, 0.5, false},        /* 1.5 -> 1.125 */
	    {1.0, 0.5, 0.0625, 0.0005, true},     /* 125 -> 8: 1.0 */
	    {1.0, 0.5625, 0.0625, 0.0005, false}, /* 8: 1.0625 */
	    {1.0, 0.5, 0.25, 0.0, true},          /* no growth known: 1.5 */
	    {1.0, 0.75, 0.25, 0.0, false},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		check_that(search_iteration_fits(
		               cases[i].limit, cases[i].now, cases[i].last,
		               cases[i].prev) == cases[i].fits,
		           "case %zu", i);
}
END_TEST

START_TEST(test_depth_proves)
{
	static const char *const sets[] = {"Test_L3_R1", "Test_L2_R1",
	                                   "Test_L2_R2"};
	struct search *s = search_new(TEST_TT_MB, NULL, 0);
	struct search *ref = search_new(TEST_TT_MB, NULL, 0);
	int wins = 0, losses = 0, m = check_scaled(12, 3);

	for (size_t k = 0; k < 3; k++) {
		struct pons_pos *p;
		int n = check_pons_load(sets[k], &p);
		for (int i = 0; i < n && (wins < m || losses < m); i++) {
			board_t b;
			check_parse_ok(&b, 7, 6, p[i].moves);
			if (p[i].score == 0 ||
			    moves_to_end(42, b.moves, p[i].score) != 3)
				continue;
			if (p[i].score > 0 ? wins >= m : losses >= m)
				continue;
			*(p[i].score > 0 ? &wins : &losses) += 1;
			for (int threads = 1; threads <= 2; threads++) {
				struct search_limits lim;
				struct search_result r;
				search_limits_default(&lim);
				lim.mode = SEARCH_DEPTH;
				lim.depth = 8;
				lim.threads = threads;
				search_run(s, &b, &lim, &r);
				check_that(
				    r.kind == SCORE_EXACT &&
				        r.score == p[i].score,
				    "\"%s\" depth 8, %d threads: kind %d score "
				    "%d, expected proven %d",
				    p[i].moves, threads, r.kind, r.score,
				    p[i].score);
				check_true(!r.partial);
				check_true(board_can_play(&b, r.move));
				if (p[i].score > 0)
					check_that(
					    check_move_value(ref, &b, r.move) ==
					        p[i].score,
					    "\"%s\": move %d does not win in 3",
					    p[i].moves, r.move + 1);
			}
		}
		free(p);
	}
	check_that(wins > 0 && losses > 0, "no win or loss in 3 found");
	search_free(s);
	search_free(ref);
}
END_TEST

/* Proof within the budget (search_limits' prove_cells): positions of the
 * Pons sets with few empty cells, searched as level strong does, get
 * Pons' score, exact, and a move that keeps it (the solver's value of the
 * move, on a search of its own); on one and two threads.  The test
 * gives the proof a minute, so that it does not depend on the machine's
 * speed: the strong level's share is a fraction of a second. */
START_TEST(test_prove_in_budget)
{
	static const char *const sets[] = {"Test_L2_R2", "Test_L2_R1",
	                                   "Test_L3_R1"};
	struct search *s = search_new(TEST_TT_MB, NULL, 0);
	struct search *ref = search_new(TEST_TT_MB, NULL, 0);
	int m = check_scaled(6, 2);

	for (size_t k = 0; k < 3; k++) {
		struct pons_pos *p;
		int n = check_pons_load(sets[k], &p);
		for (int i = 0, done = 0; i < n && done < m; i++) {
			board_t b;
			check_parse_ok(&b, 7, 6, p[i].moves);
			if (42 - b.moves > PROVE_MAX_CELLS)
				continue;
			done++;
			for (int threads = 1; threads <= 2; threads++) {
				struct search_limits lim;
				struct search_result r;
				search_limits_default(&lim);
				level_limits(&levels[LEVEL_STRONG], &lim);
				lim.threads = threads;
				lim.time_limit = lim.prove_time = 60;
				search_run(s, &b, &lim, &r);
				check_that(
				    r.kind == SCORE_EXACT &&
				        r.score == p[i].score && !r.partial,
				    "\"%s\" strong, %d threads: kind %d score "
				    "%d%s, expected proven %d",
				    p[i].moves, threads, r.kind, r.score,
				    r.partial ? " partial" : "", p[i].score);
				check_that(check_move_value(ref, &b, r.move) ==
				               p[i].score,
				           "\"%s\": move %d does not keep %d",
				           p[i].moves, r.move + 1, p[i].score);
			}
		}
		free(p);
	}
	search_free(s);
	search_free(ref);
}
END_TEST

/* A proof that does not finish still tells what it proved
 * (search_result's proof_lo and proof_col): an exact search for a move,
 * stopped by a node limit (one thread: the same nodes in every run), on
 * drawn positions of 9 stones whose solve takes millions of nodes.  The
 * column it names must reach the score it names (the solver's value of
 * the column, on a search of its own), and somewhere between the limits
 * it names a column that keeps the draw before the solve is done: the
 * witness that a depth-limited search's move falls back on. */
START_TEST(test_proof_witness)
{
	/* 114444422, 774444466: drawn, the probe at 0 costs most of the
	 * solve (both from games against Fairy-Stockfish, where a heuristic
	 * move lost the draw). */
	static const char *const pos[] = {"114444422", "774444466"};
	static const uint64_t limits[] = {200000, 2000000, 6000000, 12000000,
	                                  18000000};
	struct search *s = search_new(TEST_TT_MB, NULL, 0);
	struct search *ref = search_new(TEST_TT_MB, NULL, 0);
	int draws = 0, named = 0;

	for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++) {
		board_t b;
		check_parse_ok(&b, 7, 6, pos[i]);
		for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
			struct search_limits lim;
			struct search_result r;
			search_limits_default(&lim);
			lim.mode = SEARCH_EXACT;
			lim.analyze = true;
			lim.move_only = true;
			lim.node_limit = limits[k];
			search_clear(s);
			search_run(s, &b, &lim, &r);
			if (!r.partial) {
				check_that(r.kind == SCORE_EXACT &&
				               r.score == 0,
				           "%s: solved as %d", pos[i], r.score);
				continue;
			}
			check_true(r.move < 0 || r.kind != SCORE_EXACT);
			if (r.proof_col < 0)
				continue;
			named++;
			check_that(board_can_play(&b, r.proof_col),
			           "%s: proof column %d", pos[i], r.proof_col);
			int v = check_move_value(ref, &b, r.proof_col);
			check_that(
			    v >= r.proof_lo,
			    "%s, %llu nodes: column %d proven to reach %d, "
			    "its value is %d",
			    pos[i], (unsigned long long)limits[k],
			    r.proof_col + 1, r.proof_lo, v);
			draws += r.proof_lo >= 0;
		}
	}
	check_that(named > 0 && draws > 0,
	           "no stopped proof named a column (%d), or none a draw (%d)",
	           named, draws);
	search_free(s);
	search_free(ref);
}
END_TEST

/* A position with more empty cells than PROVE_MAX_CELLS is not proven:
 * the strong level's search of an early position (no book) stays
 * heuristic; and perfect play's bound: an exact search for a move that
 * cannot prove the empty board within its bound (a tenth of a second
 * here, the solve takes minutes) still names a legal move, heuristic and
 * partial. */
START_TEST(test_prove_too_big)
{
	struct search *s = search_new(TEST_TT_MB, NULL, 0);
	struct search_limits lim;
	struct search_result r;
	board_t b;

	check_parse_ok(&b, 7, 6, "4453");
	search_limits_default(&lim);
	level_limits(&levels[LEVEL_STRONG], &lim);
	lim.time_limit = 0.05; /* the depth search's time: any will do */
	lim.prove_time = 60;
	search_run(s, &b, &lim, &r);
	check_that(r.kind == SCORE_HEURISTIC && board_can_play(&b, r.move),
	           "4453 strong: kind %d move %d", r.kind, r.move);

	check_parse_ok(&b, 7, 6, "");
	search_limits_default(&lim);
	level_limits(&levels[LEVEL_PERFECT], &lim);
	check_true(lim.exact_bound == PERFECT_BOUND_S);
	lim.exact_bound = 0.1;
	search_run(s, &b, &lim, &r);
	check_that(r.kind == SCORE_HEURISTIC && r.partial &&
	               board_can_play(&b, r.move),
	           "empty board, bounded perfect play: kind %d partial %d "
	           "move %d",
	           r.kind, r.partial, r.move);
	search_free(s);
}
END_TEST

/* A stop belongs to its token, not to the search: a search stopped
 * (its token requested before it starts) does not cut the next search on
 * the same table short, whose token is not requested. */
START_TEST(test_stop_idle)
{
	struct exact x;
	struct search_stop stopped;

	exact_begin(&x, 7, 6, "2252576253462244111563365343671351441");
	search_stop_init(&stopped, NULL);
	search_stop_request(&stopped);
	struct search_limits lim = x.lim;
	lim.stop = &stopped;
	search_run(x.s, &x.b, &lim, &x.r);
	search_run(x.s, &x.b, &x.lim, &x.r);
	check_that(!x.r.partial && x.r.kind == SCORE_EXACT,
	           "a stop of the search before cut the next one short");
	search_free(x.s);
}
END_TEST

/* ---- the samples against their sources --------------------------------- */

/* FNV-1a string set, enough for 67,557 lines. */
struct strset {
	char **slot;
	size_t n;
};

static uint64_t
fnv(const char *s)
{
	uint64_t h = 1469598103934665603ULL;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static void
strset_load(struct strset *set, const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512];

	check_that(f != NULL, "cannot open %s", path);
	set->n = 1 << 18;
	set->slot = xcalloc(set->n, sizeof *set->slot);
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\r\n")] = '\0';
		size_t i = fnv(line) & (set->n - 1);
		while (set->slot[i] != NULL)
			i = (i + 1) & (set->n - 1);
		set->slot[i] = xstrdup(line);
	}
	fclose(f);
}

static bool
strset_has(const struct strset *set, const char *s)
{
	for (size_t i = fnv(s) & (set->n - 1); set->slot[i] != NULL;
	     i = (i + 1) & (set->n - 1))
		if (strcmp(set->slot[i], s) == 0)
			return true;
	return false;
}

static void
strset_free(struct strset *set)
{
	for (size_t i = 0; i < set->n; i++)
		free(set->slot[i]);
	free(set->slot);
}

/* Every sample line is a line of the full data.  In the "full-data" case,
 * tagged CHECK_TAG_APART: tests/long-data.sh runs it when the full data is
 * there and is skipped (77) when it is not. */
START_TEST(test_samples_match_source)
{
	const char *dir = check_full_data_dir();
	char path[4096], line[512];

	if (dir == NULL)
		ck_abort_msg("full data not found ($DROPFOUR_DATA, configure "
		             "--with-testdata): run tests/long-data.sh");
	for (int k = 0; k < NPONS; k++) {
		struct strset set;
		struct pons_pos *p;
		int n = check_pons_load(pons_sets[k].name, &p);
		snprintf(path, sizeof path, "%s/pons-testsets/%s", dir,
		         pons_sets[k].name);
		strset_load(&set, path);
		for (int i = 0; i < n; i++) {
			snprintf(line, sizeof line, "%s %d", p[i].moves,
			         p[i].score);
			check_that(strset_has(&set, line),
			           "sample line \"%s\" is not in %s", line,
			           path);
		}
		strset_free(&set);
		free(p);
	}
	struct strset set;
	snprintf(path, sizeof path, "%s/uci-connect4/connect-4.data", dir);
	strset_load(&set, path);
	FILE *f = check_data_open("uci-sample.txt");
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\r\n")] = '\0';
		check_that(strset_has(&set, line),
		           "UCI sample line not in %s: %s", path, line);
	}
	fclose(f);
	strset_free(&set);
}
END_TEST

Suite *
solver_suite(void)
{
	const struct check_test tests[] = {
	    CHECK_CASE("pons", CHECK_TIMEOUT_LONG),
	    CHECK_LOOP(test_pons_exact, NPONS),
	    CHECK_LOOP(test_pons_weak, 4),
	    CHECK_TEST(test_pons_result),
	    CHECK_TEST(test_analyze),
	    CHECK_LOOP(test_analyze_move, 2),

	    CHECK_CASE("uci", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_uci_orders),
	    CHECK_TEST(test_uci_weak),

	    CHECK_CASE("brute", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_brute_vs_pons),
	    CHECK_LOOP(test_brute_random,
	               (int)(sizeof brute_boards / sizeof brute_boards[0])),
	    CHECK_TEST(test_small_empty),
	    CHECK_TEST(test_sizes_one_search),
	    CHECK_TEST(test_finished),
	    CHECK_TEST(test_nodes_repeat),

	    CHECK_CASE("misc", CHECK_TIMEOUT_SHORT),
	    CHECK_TEST(test_score_words),
	    CHECK_TEST(test_depth_proves),
	    CHECK_TEST(test_prove_in_budget),
	    CHECK_TEST(test_proof_witness),
	    CHECK_TEST(test_prove_too_big),
	    CHECK_TEST(test_iteration_fits),
	    CHECK_TEST(test_stop_idle),

	    {.tcase = "full-data",
	     .timeout = CHECK_TIMEOUT_LONG,
	     .tags = CHECK_TAG_APART},
	    CHECK_TEST(test_samples_match_source),
	};

	return check_suite("solver", tests, sizeof tests / sizeof tests[0]);
}
