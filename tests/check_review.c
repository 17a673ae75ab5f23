/* check_review.c -- the review of a game (search/engine/review.c).
 *
 * Known answers that this code did not compute: tests/brute.c's plain
 * minimax (no table, no pruning, no bitboards) scores every position of
 * random whole games on small boards and every column of each, and the
 * review must give the same BEFORE, AFTER and BEST on every ply.  The rest
 * pins the API: the progress callback, the stop token, illegal moves and
 * the classification of a move's change.
 */
#include "config.h"

#include <stdatomic.h>
#include <string.h>

#include "check_suites.h"
#include "brute.h"
#include "search/engine/review.h"

#define REVIEW_TT_MB 16

/* The expected review of ply i + 1 by brute force: every column of the
 * position before it, each a win now, a full board or minus the child's
 * minimax score. */
static void
brute_ply(int w, int h, const int *moves, int i, struct review_ply *want)
{
	struct brute g;
	int val[BRUTE_MAX_W] = {0};
	int best = -1000;

	brute_init(&g, w, h);
	for (int k = 0; k < i; k++)
		brute_play(&g, moves[k]);
	for (int c = 0; c < w; c++) {
		if (!brute_can_play(&g, c))
			continue;
		if (brute_wins_with(&g, c, brute_to_move(&g)))
			val[c] = (w * h + 1 - g.moves) / 2;
		else if (g.moves + 1 == w * h)
			val[c] = 0;
		else {
			brute_play(&g, c);
			val[c] = -brute_score(&g, NULL);
			brute_undo(&g, c);
		}
		if (val[c] > best)
			best = val[c];
	}
	memset(want, 0, sizeof *want);
	want->before = best;
	want->after = val[moves[i]];
	for (int c = 0; c < w; c++)
		if (brute_can_play(&g, c) && val[c] == best)
			want->best |= (uint16_t)(1u << c);
}

static const struct {
	int w, h;
	int from;  /* plies before this one are not brute-forced (time) */
	int games; /* before DROPFOUR_TEST_SCALE */
} boards[] = {
    {4, 4, 2, 10},
    {5, 4, 7, 12},
    {4, 5, 6, 8},
};

static int progress_calls, progress_last;

static void
count_progress(void *arg, int done, int total, const struct review_ply *p)
{
	(void)arg;
	(void)total;
	ck_assert_int_eq(done, progress_calls + 1);
	ck_assert(p->done);
	progress_calls++;
	progress_last = p->ply;
}

/* Every ply of random games against the brute force, on one and two
 * threads. */
START_TEST(test_review_brute)
{
	int w = boards[_i].w, h = boards[_i].h;
	int n = check_scaled(boards[_i].games, 3);
	uint64_t rng = 0x5e71e3 + (uint64_t)_i;
	struct search *s = search_new(REVIEW_TT_MB, NULL, 0);
	struct review_params p;

	review_params_default(&p);
	p.progress = count_progress;
	for (int k = 0; k < n; k++) {
		int moves[BOARD_MAX_CELLS];
		struct review_ply got[BOARD_MAX_CELLS], want;
		/* A whole game: until a four or a full board. */
		int len = check_random_game(w, h, w * h, &rng, CHECK_GAME_ANY,
		                            NULL, moves, NULL);

		p.limits.threads = 1 + (k & 1);
		progress_calls = 0;
		check_true(review_run(s, w, h, moves, len, &p, got) ==
		           REVIEW_OK);
		ck_assert_int_eq(progress_calls, len);
		ck_assert_int_eq(progress_last, 1); /* the last to the first */
		for (int i = 0; i < len; i++) {
			check_that(got[i].done && got[i].ply == i + 1 &&
			               got[i].col == moves[i],
			           "%dx%d game %d ply %d: not filled in", w, h,
			           k, i + 1);
			if (i < boards[_i].from)
				continue;
			brute_ply(w, h, moves, i, &want);
			check_that(
			    got[i].before == want.before &&
			        got[i].after == want.after &&
			        got[i].best == want.best,
			    "%dx%d game %d ply %d (column %d): review %d "
			    "%d best 0x%x, brute force %d %d best 0x%x",
			    w, h, k, i + 1, moves[i] + 1, got[i].before,
			    got[i].after, got[i].best, want.before, want.after,
			    want.best);
			check_true(got[i].change ==
			           review_classify(want.before, want.after));
			/* After a move, the next ply's BEFORE is its AFTER
			 * from the other side. */
			if (i + 1 < len)
				check_true(got[i + 1].before == -got[i].after);
			else
				check_true(got[i].ends);
		}
	}
	search_free(s);
}
END_TEST

/* The stop token, requested before the review or from the progress callback,
 * ends it with REVIEW_STOPPED; illegal moves search nothing. */
static void
stop_now(void *arg, int done, int total, const struct review_ply *p)
{
	(void)done;
	(void)total;
	(void)p;
	search_stop_request(arg);
}

START_TEST(test_review_stop)
{
	static const int game[] = {3, 3, 3, 3, 4, 5, 1, 2, 2, 2, 2, 1};
	const int n = (int)(sizeof game / sizeof game[0]);
	struct search *s = search_new(REVIEW_TT_MB, NULL, 0);
	struct review_params p;
	struct review_ply out[BOARD_MAX_CELLS];
	struct search_stop stop;

	review_params_default(&p);
	search_stop_init(&stop, NULL);
	search_stop_request(&stop);
	p.limits.stop = &stop;
	ck_assert_int_eq(review_run(s, 7, 6, game, n, &p, out), REVIEW_STOPPED);
	for (int i = 0; i < n; i++)
		ck_assert(!out[i].done);

	search_stop_clear(&stop);
	p.progress = stop_now;
	p.arg = &stop;
	ck_assert_int_eq(review_run(s, 7, 6, game, n, &p, out), REVIEW_STOPPED);
	ck_assert(out[n - 1].done);
	ck_assert(!out[n - 2].done);

	/* 4 in column 4 ... a fifth, sixth, then a seventh stone */
	static const int full[] = {3, 3, 3, 3, 3, 3, 3};
	int bad = -1;
	ck_assert_int_eq(review_check(7, 6, full, 7, &bad), BOARD_ERR_FULL);
	ck_assert_int_eq(bad, 6);
	static const int range[] = {3, 7};
	ck_assert_int_eq(review_check(7, 6, range, 2, &bad), BOARD_ERR_RANGE);
	ck_assert_int_eq(bad, 1);
	static const int over[] = {0, 1, 0, 1, 0, 1, 0, 1};
	ck_assert_int_eq(review_check(7, 6, over, 8, &bad), BOARD_ERR_OVER);
	ck_assert_int_eq(bad, 7);
	p.progress = NULL;
	ck_assert_int_eq(review_run(s, 7, 6, over, 8, &p, out),
	                 REVIEW_BAD_MOVES);
	search_free(s);
}
END_TEST

START_TEST(test_review_classify)
{
	ck_assert_int_eq(review_classify(3, 3), REVIEW_KEPT);
	ck_assert_int_eq(review_classify(0, 0), REVIEW_KEPT);
	ck_assert_int_eq(review_classify(-4, -4), REVIEW_KEPT);
	ck_assert_int_eq(review_classify(3, 0), REVIEW_WIN_TO_DRAW);
	ck_assert_int_eq(review_classify(3, -2), REVIEW_WIN_TO_LOSS);
	ck_assert_int_eq(review_classify(0, -2), REVIEW_DRAW_TO_LOSS);
	ck_assert_int_eq(review_classify(5, 2), REVIEW_SLOWER_WIN);
	ck_assert_int_eq(review_classify(-2, -5), REVIEW_FASTER_LOSS);
	ck_assert_str_eq(review_change_word(REVIEW_WIN_TO_DRAW), "win-to-draw");
	ck_assert_str_eq(review_change_word(REVIEW_KEPT), "kept");
}
END_TEST

Suite *
review_suite(void)
{
	const struct check_test tests[] = {
	    CHECK_CASE("review", CHECK_TIMEOUT_LONG),
	    CHECK_LOOP(test_review_brute,
	               (int)(sizeof boards / sizeof boards[0])),
	    CHECK_TEST(test_review_stop),
	    CHECK_TEST(test_review_classify),
	};

	return check_suite("review", tests, sizeof tests / sizeof tests[0]);
}
