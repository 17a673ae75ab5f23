/* check_eval.c -- the averaged-outcome evaluation (src/search/node/average.c)
 * on hand-made positions, and iterative deepening under a time limit.
 *
 * Positions are on the 7x6 board in move-string notation (1-based columns
 * from the empty board); X moves first.  Values are for the side to move.
 * The serial average_value() uses no OpenMP; the tests that search in
 * parallel run in Check's forked children only.
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search/node/average.h"
#include "search/node/choose.h"
#include "core/board.h"
#include "core/util.h"
#include "check_suites.h"
#include "search/search.h"

static board_t
eval_board(const char *moves)
{
	board_t b;
	size_t at = 0;

	ck_assert_msg(board_parse(&b, 7, 6, moves, (size_t)-1, &at) == BOARD_OK,
	              "bad test position %s (at %zu)", moves, at);
	return b;
}

static double
eval_value(const char *moves, int depth)
{
	board_t b = eval_board(moves);
	uint64_t nodes = 0;
	double v = average_value(&b, depth, &nodes);

	ck_assert_uint_gt(nodes, 0);
	return v;
}

static void
eval_limits(struct search_limits *lim, int depth, int threads)
{
	search_limits_default(lim);
	lim->mode = SEARCH_AVERAGE;
	lim->depth = depth;
	lim->threads = threads;
}

/* The averaged-outcome search through search_run(), on a fresh table. */
static void
eval_search(const board_t *b, const struct search_limits *lim,
            struct search_result *r)
{
	struct search *s = search_new(1, NULL, 0);
	search_run(s, b, lim, r);
	search_free(s);
}

/* The position after moves (7x6, eval_board()) searched by eval_search()
 * to `depth` plies on `threads` threads (eval_limits(), left in lim);
 * returns the position. */
static board_t
eval_run(const char *moves, int depth, int threads, struct search_limits *lim,
         struct search_result *r)
{
	board_t b = eval_board(moves);

	eval_limits(lim, depth, threads);
	eval_search(&b, lim, r);
	return b;
}

/* "4433": X has the two bottom cells of columns 3 and 4, O the two above.
 * X to move plays 2 (or 5) and has three in a row with both ends open: O
 * can block only one.  Two plies see it: after X's 5, every O reply leaves
 * X a winning drop, so the O state is lost (-1) and X's state is won (1).
 * One ply sees nothing: no X move lets O win at once, so all children are
 * 0. */
START_TEST(test_forced_win)
{
	ck_assert(eval_value("4433", 2) == 1.0);
	ck_assert(eval_value("4433", 4) == 1.0);
	ck_assert(eval_value("4433", 1) == 0.0);
	/* A drop that wins at once is won at any depth. */
	ck_assert(eval_value("112233", 0) == 1.0);
}
END_TEST

/* "44335": the same, after X's 5: O faces threats at 2 and 6 and every
 * move leaves X a winning drop, so all children are won for X: -1. */
START_TEST(test_forced_loss)
{
	ck_assert(eval_value("44335", 1) == -1.0);
	ck_assert(eval_value("44335", 3) == -1.0);
	ck_assert(eval_value("44335", 0) == 0.0);
}
END_TEST

/* Known fractions, computed by hand (and checked against a separate
 * brute-force script of the same definition).
 *
 * "11223": X holds 1, 2, 3 of the bottom row, O sits on 1 and 2.  O to
 * move must block at 4.  Depth 1: the six other O moves each leave X a
 * winning drop (the child is won for X, so -1 for O); the block leaves a
 * quiet position, 0 at the horizon.  Average (0 - 6) / 7 = -6/7.  Depth 2
 * adds, after the block, X's seven replies: none of them lets O win at
 * once and X has no drop that wins, so that child stays 0: still -6/7.
 *
 * "1727": X holds 1 and 2 of the bottom row, O has two stones in column
 * 7.  X to move, depth 2.  X's drops at 3 and at 4 each make one threat
 * (at 4, resp. 3): O's block then leaves a quiet 0 and O's six other moves
 * leave X a win (-1 for O), so that O state is -6/7 and the X move is
 * worth 6/7.  X's other five drops (1, 2, 5, 6, 7) make no threat and let
 * O make none it could use at once: 0.  Average (6/7 + 6/7 + 5 * 0) / 7 =
 * 12/49.  (Depth 1 sees none of it: 0.) */
START_TEST(test_fraction)
{
	ck_assert_double_eq_tol(eval_value("11223", 1), -6.0 / 7.0, 1e-12);
	ck_assert_double_eq_tol(eval_value("11223", 2), -6.0 / 7.0, 1e-12);
	ck_assert_double_eq_tol(eval_value("1727", 2), 12.0 / 49.0, 1e-12);
	ck_assert(eval_value("1727", 1) == 0.0);
}
END_TEST

/* The full board is a draw: 0, with no children. */
START_TEST(test_full_board)
{
	board_t b;
	/* A 4x4 board filled without a four. */
	ck_assert(board_parse(&b, 4, 4, "4321311144234232", (size_t)-1, NULL) ==
	          BOARD_OK);
	ck_assert(board_is_full(&b));
	ck_assert(average_value(&b, 5, NULL) == 0.0);
}
END_TEST

/* The parallel search picks the winning plan and scores it 100. */
START_TEST(test_search_win)
{
	struct search_limits lim;
	struct search_result r;

	eval_run("4433", 4, 2, &lim, &r);
	ck_assert_msg(r.move == 1 || r.move == 4, "move %d", r.move);
	ck_assert_int_eq(r.score, 100);
	ck_assert_int_eq(r.col_score[1], 100);
	ck_assert_int_eq(r.col_score[4], 100);
	ck_assert_int_eq(r.depth, 4);
	ck_assert(!r.partial);
	ck_assert_uint_gt(r.nodes, 0);
}
END_TEST

/* A move that loses is avoided, scored -100; the block is taken. */
START_TEST(test_search_avoids_loss)
{
	struct search_limits lim;
	struct search_result r;
	board_t b = eval_run("11223", 3, 2, &lim, &r);

	ck_assert_int_eq(r.move, 3);
	for (int c = 0; c < 7; c++)
		if (c != 3)
			ck_assert_int_eq(r.col_score[c], -100);
	/* The same with a tie-break seed: still the only move. */
	lim.seed = 12345;
	eval_search(&b, &lim, &r);
	ck_assert_int_eq(r.move, 3);
}
END_TEST

/* The parallel values are the serial ones, for any thread count. */
START_TEST(test_search_matches_serial)
{
	struct search_limits lim;
	struct search_result r;

	for (int threads = 1; threads <= 3; threads++) {
		board_t b = eval_run("1727", 5, threads, &lim, &r);
		for (int c = 0; c < 7; c++) {
			board_t child = b;
			board_play(&child, c);
			double q = -average_value(&child, 4, NULL);
			ck_assert_int_eq(r.col_score[c], (int)lround(q * 100));
		}
	}
}
END_TEST

/* Stopped before anything finished: still a move, one that does not lose
 * at once, marked partial. */
START_TEST(test_search_stopped)
{
	struct search_limits lim;
	struct search_result r;
	struct search_stop stop;
	board_t b = eval_board("11223");

	search_stop_init(&stop, NULL);
	search_stop_request(&stop);
	eval_limits(&lim, 20, 2);
	lim.stop = &stop;
	eval_search(&b, &lim, &r);
	ck_assert_int_eq(r.move, 3);
	ck_assert(r.partial);
	ck_assert_int_eq(r.depth, 0);
}
END_TEST

/* Under a time limit the search returns a move from a finished iteration
 * and says which.  No timing is asserted (timings are for benchmarks). */
static void
eval_timed(enum search_mode mode)
{
	struct search *s = search_new(16, NULL, 0);
	struct search_limits lim;
	struct search_result r;
	board_t b;

	board_init(&b, 7, 6);
	search_limits_default(&lim);
	lim.mode = mode;
	lim.depth = 40;
	lim.threads = 2;
	lim.time_limit = 0.2;
	search_run(s, &b, &lim, &r);
	ck_assert_msg(r.move >= 0 && r.move < 7, "move %d", r.move);
	ck_assert_msg(board_can_play(&b, r.move), "move %d", r.move);
	ck_assert_msg(r.depth >= 1, "finished iteration %d", r.depth);
	ck_assert_int_le(r.depth, 40);
	search_free(s);
}

START_TEST(test_time_limit_depth)
{
	eval_timed(SEARCH_DEPTH);
}
END_TEST

START_TEST(test_time_limit_average)
{
	eval_timed(SEARCH_AVERAGE);
}
END_TEST

/* search_run() with SEARCH_AVERAGE reaches average_root(), also on a
 * search that keeps its table. */
START_TEST(test_search_run_average)
{
	struct search *s = search_new(16, NULL, 0);
	struct search_limits lim;
	struct search_result r;
	board_t b = eval_board("11223");

	eval_limits(&lim, 3, 2);
	search_run(s, &b, &lim, &r);
	ck_assert_int_eq(r.move, 3);
	ck_assert_int_eq(r.col_score[0], -100);
	ck_assert_int_eq(r.depth, 3);
	search_free(s);
}
END_TEST

/* choose_column(), the one rule for picking a move: the highest value,
 * centre first among equals (board_centre_order()), a seeded pick among
 * the equal best. */
START_TEST(test_choose)
{
	board_t b;
	double v[BOARD_MAX_WIDTH] = {0};
	bool ok[BOARD_MAX_WIDTH];

	for (int w = BOARD_MIN_SIZE; w <= BOARD_MAX_WIDTH; w++) {
		board_init(&b, w, 4);
		for (int c = 0; c < w; c++)
			ok[c] = true;
		ck_assert_int_eq(choose_column(&b, v, ok, 0),
		                 board_centre_order(w)[0]);
		ok[board_centre_order(w)[0]] = false;
		ck_assert_int_eq(choose_column(&b, v, ok, 0),
		                 board_centre_order(w)[1]);
	}
	board_init(&b, 7, 6);
	for (int c = 0; c < 7; c++)
		ok[c] = true;
	v[0] = 0.5;
	v[6] = 0.5 + 1e-14; /* equal within CHOOSE_EPS */
	ck_assert_int_eq(choose_column(&b, v, ok, 0), 0);
	v[6] = 0.6;
	ck_assert_int_eq(choose_column(&b, v, ok, 0), 6);
	/* Seeded: one of the equal best, the same one every time. */
	v[0] = 0.6;
	int first = choose_column(&b, v, ok, 99);
	ck_assert(first == 0 || first == 6);
	ck_assert_int_eq(choose_column(&b, v, ok, 99), first);
	bool both[2] = {false, false};
	for (uint64_t seed = 1; seed <= 64; seed++)
		both[choose_column(&b, v, ok, seed) == 6] = true;
	ck_assert(both[0] && both[1]);
	for (int c = 0; c < 7; c++)
		ok[c] = false;
	ck_assert_int_eq(choose_column(&b, v, ok, 0), -1);
}
END_TEST

/* choose_best_column() ranks a proven win above any heuristic value and a
 * proven loss below it (the TUI's fallback move once compared raw
 * numbers across kinds). */
START_TEST(test_best_column)
{
	board_t b;
	struct search_result r;

	board_init(&b, 7, 6);
	memset(&r, 0, sizeof r);
	r.ncols = 7;
	ck_assert_int_eq(choose_best_column(&b, &r, 0), -1);
	r.col_kind[0] = SCORE_HEURISTIC;
	r.col_score[0] = 300;
	r.col_kind[5] = SCORE_EXACT;
	r.col_score[5] = 1;
	ck_assert_int_eq(choose_best_column(&b, &r, 0), 5);
	r.col_score[5] = -1;
	ck_assert_int_eq(choose_best_column(&b, &r, 0), 0);
	r.col_kind[3] = SCORE_HEURISTIC;
	r.col_score[3] = 300;
	ck_assert_int_eq(choose_best_column(&b, &r, 0), 3);
}
END_TEST

/* Equal qualities on an even width: the averaged-outcome search takes the
 * column the rest of the program calls the centre (6 wide: column 3,
 * 1-based; it once took column 4). */
START_TEST(test_average_centre)
{
	struct search_limits lim;
	struct search_result r;
	board_t b;

	board_init(&b, 6, 5);
	eval_limits(&lim, 1, 1);
	eval_search(&b, &lim, &r);
	for (int c = 0; c < 6; c++)
		ck_assert_int_eq(r.col_score[c], 0);
	ck_assert_int_eq(r.move, board_centre_order(6)[0]);
	ck_assert_int_eq(r.move, 2);
}
END_TEST

/* The clock across a suspension (the game's Ctrl-Z / fg): it stands
 * still from util_clock_stopping() until util_clock_continued(), so a
 * thread that runs on before the SIGCONT handler has run counts none of
 * the stopped time, and afterwards it goes on from where it stood.  (It
 * used to run on until the handler: a search thread's busy span then held
 * the stopped time, longer than the search's own elapsed.) */
START_TEST(test_clock_suspended)
{
	const struct timespec nap = {0, 30 * 1000000L};
	util_clock_stopping();
	uint64_t a = util_now_ns();
	nanosleep(&nap, NULL); /* "stopped", and a thread running on */
	uint64_t b = util_now_ns();
	ck_assert_uint_eq(b, a);
	util_clock_continued();
	uint64_t c = util_now_ns();
	ck_assert_uint_ge(c, a);
	ck_assert_uint_lt(c - a, 25 * 1000000ULL); /* the 30 ms left out */
	nanosleep(&nap, NULL);
	uint64_t d = util_now_ns();
	ck_assert_uint_ge(d - c, 30 * 1000000ULL); /* running again */
	util_clock_continued(); /* a second continuation changes nothing */
	ck_assert_uint_ge(util_now_ns(), d);
}
END_TEST

Suite *
eval_suite(void)
{
	const struct check_test tests[] = {
	    CHECK_CASE("average", 0),
	    CHECK_TEST(test_forced_win),
	    CHECK_TEST(test_forced_loss),
	    CHECK_TEST(test_fraction),
	    CHECK_TEST(test_full_board),

	    CHECK_CASE("search", CHECK_TIMEOUT_SHORT),
	    CHECK_TEST(test_search_win),
	    CHECK_TEST(test_search_avoids_loss),
	    CHECK_TEST(test_search_matches_serial),
	    CHECK_TEST(test_search_stopped),
	    CHECK_TEST(test_search_run_average),
	    CHECK_TEST(test_choose),
	    CHECK_TEST(test_best_column),
	    CHECK_TEST(test_average_centre),
	    CHECK_TEST(test_time_limit_depth),
	    CHECK_TEST(test_time_limit_average),
	    CHECK_TEST(test_clock_suspended),
	};

	return check_suite("eval", tests, sizeof tests / sizeof tests[0]);
}
