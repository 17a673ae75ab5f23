/* check_suites.h -- the Check suites of tests/check_dropfour and the few
 * helpers they share (defined in check_main.c). */
#ifndef DROPFOUR_CHECK_SUITES_H
#define DROPFOUR_CHECK_SUITES_H

#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "brute.h"
#include "core/board.h"
#include "search/search.h"

Suite *board_suite(void);
Suite *solver_suite(void);
Suite *split_suite(void);
Suite *game_suite(void);
Suite *eval_suite(void);
Suite *fuzz_suite(void);
Suite *book_suite(void);
/* statespace */
Suite *statespace_suite(void);
Suite *tour_suite(void);
Suite *review_suite(void);
Suite *wide_suite(void);
Suite *dist_suite(void);

/* Like ck_assert_msg() and ck_assert(), but quiet while they hold: Check's
 * own macros send a checkpoint to the parent for every passing assertion,
 * one system call each, which dominates the hot loops of these tests. */
#define check_that(cond, ...)                                                  \
	do {                                                                   \
		if (!(cond))                                                   \
			ck_abort_msg(__VA_ARGS__);                             \
	} while (0)
#define check_true(cond) check_that(cond, "Assertion '%s' failed", #cond)

/* DROPFOUR_TEST_SCALE (default 1): multiplies the sample sizes of the slow
 * tests; the sanitizer runs use a fraction. */
double check_scale(void);
/* n scaled, at least `min` (and never more than n * 4). */
int check_scaled(int n, int min);

/* Open a file of the in-tree samples (tests/data, via SRCDATA_DIR); aborts
 * the test with a clear message when it is missing. */
FILE *check_data_open(const char *name);
/* Directory of the full data sets ($DROPFOUR_DATA, else configure's
 * --with-testdata), or NULL when neither exists. */
const char *check_full_data_dir(void);

/* Write `text` to the file at path (created or truncated), failing the test
 * on an error. */
void check_write_file(const char *path, const char *text);

/* Parse a move string onto an empty w x h board, failing the test on error. */
void check_parse_ok(board_t *b, int w, int h, const char *moves);
/* Exact value of playing `col` for the side to move (one thread). */
int check_move_value(struct search *s, const board_t *b, int col);

/* Seeded pseudo-random numbers (splitmix64): tests are reproducible. */
uint64_t check_rand(uint64_t *state);
/* Uniform in 0..n-1. */
int check_rand_below(uint64_t *state, int n);

/* Random games, played on tests/brute.c's board (not the engine's), each
 * stone drawn uniformly among the columns allowed:
 *   CHECK_GAME_ANY      every playable column; the game ends with a four
 *                       or a full board (or after n stones);
 *   CHECK_GAME_NO_FOUR  only the columns whose stone makes no four; the
 *                       game ends early when there is none.
 * At most n stones on w x h.  The game goes to g, its columns (0-based) to
 * cols and its move string (NUL-terminated) to moves, each when not NULL.
 * Returns the number of stones. */
enum check_game { CHECK_GAME_ANY, CHECK_GAME_NO_FOUR };
int check_random_game(int w, int h, int n, uint64_t *rng, enum check_game kind,
                      struct brute *g, int *cols, char *moves);

/* A new scratch folder for the test, under $TMPDIR (or /tmp): its path in
 * dir (size len); the test fails if it cannot be made.  check_rm_tree()
 * removes it and everything in it (no symbolic link is followed). */
void check_tmpdir(char *dir, size_t len);
void check_rm_tree(const char *dir);
/* The entries of folder `dir` besides "." and "..", or -1 when it
 * cannot be opened (a missing folder is not an empty one). */
int check_dir_entries(const char *dir);

/* Room for element n of the array v of elements of `size` bytes, *cap of
 * them allocated: v itself, or v grown (to 256 elements at first, then
 * twice as many; xrealloc()). */
void *check_grow(void *v, int n, int *cap, size_t size);

/* A row of a suite's table of tests: a test case (tcase, its timeout in
 * seconds, 0 for Check's default, and its tags or NULL), or a test of the
 * case above it, plain or a loop test over 0..end-1 (a NULL test is left
 * out).  A case gets made when its first test comes. */
struct check_test {
	const char *tcase;
	int timeout;
	const char *tags;
	const TTest *test;
	bool loop;
	int end;
};
#define CHECK_CASE(name, secs)                                                 \
	((struct check_test){.tcase = (name), .timeout = (secs)})
#define CHECK_TEST(fn) ((struct check_test){.test = (fn)})
#define CHECK_LOOP(fn, n)                                                      \
	((struct check_test){.test = (fn), .loop = true, .end = (n)})

/* The suite `name` with the n tests of table t. */
Suite *check_suite(const char *name, const struct check_test *t, size_t n);

/* One line of tests/data/pons-sample.txt. */
struct pons_pos {
	char set[16];   /* "Test_L2_R1" */
	char moves[64]; /* 1-based notation, "" for the empty board */
	int score;
};

/* Every sample position whose set name starts with `prefix`, in file order.
 * Returns the count; *out is xmalloc'ed (free it). */
int check_pons_load(const char *prefix, struct pons_pos **out);

/* Timeout for a test case, in seconds, multiplied by CK_TIMEOUT_MULTIPLIER
 * by Check itself. */
#define CHECK_TIMEOUT_SHORT 30
#define CHECK_TIMEOUT_LONG  300

/* The Check tag of the test cases that tests/check_dropfour leaves out
 * unless CK_RUN_CASE, CK_INCLUDE_TAGS or CK_EXCLUDE_TAGS is set: those that
 * need what a plain `make check` may lack (the full data, time).  Each
 * has a shell test of its own that runs it, or is skipped (exit 77) and
 * reported so by automake: tests/long-data.sh ("full-data"),
 * tests/long-statespace.sh ("statespace-long"). */
#define CHECK_TAG_APART "apart"

#endif
