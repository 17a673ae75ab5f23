/* check_main.c -- the one Check runner of `make check`, and the helpers the
 * suites share (sample files, scaling, seeded random numbers).
 *
 * Fork mode and OpenMP: Check runs every test in a forked child (CK_FORK,
 * the default) so that a crash or a timeout fails one test, not the run.
 * libgomp's thread pool does not survive fork(), so this parent process
 * must never enter an OpenMP region: the suite builders below only register
 * tests, and the suites use no unchecked fixtures.  Every child starts with
 * a fresh runtime.  CK_FORK=no runs everything in one process (for gdb or
 * valgrind), which is also safe; Check's per-test timeouts then do nothing.
 *
 * Output: Check's summary and, by default, one line per test (CK_VERBOSE;
 * set CK_VERBOSITY to change it) go to stdout, which automake's harness
 * keeps in the test's log.  CK_RUN_SUITE and CK_RUN_CASE pick a suite or a
 * test case: `make check` runs every suite as a test of its own
 * (tests/check-suite.sh sets CK_RUN_SUITE; its log is
 * tests/suite/NAME.log), so that `make -j` runs them side by side.
 * `check_dropfour --list` prints the names of the suites.
 *
 * Cases tagged CHECK_TAG_APART (check_suites.h) run only when CK_RUN_CASE,
 * CK_INCLUDE_TAGS or CK_EXCLUDE_TAGS is set: their shell tests
 * (tests/long-*.sh) run them by name, or report them skipped.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check_suites.h"
#include "core/util.h"

double
check_scale(void)
{
	const char *s = getenv("DROPFOUR_TEST_SCALE");
	char *end;
	double v;

	if (s == NULL || *s == '\0')
		return 1.0;
	v = strtod(s, &end);
	if (end == s || v <= 0.0)
		return 1.0;
	return v;
}

int
check_scaled(int n, int min)
{
	double scale = check_scale();
	int v;

	if (scale > 4.0)
		scale = 4.0;
	v = (int)(n * scale + 0.5);
	return v < min ? min : v;
}

FILE *
check_data_open(const char *name)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", SRCDATA_DIR, name);
	f = fopen(path, "r");
	if (f == NULL)
		ck_abort_msg("cannot open the test sample %s: %s", path,
		             strerror(errno));
	return f;
}

static bool
is_dir(const char *path)
{
	struct stat st;
	return path != NULL && *path != '\0' && stat(path, &st) == 0 &&
	       S_ISDIR(st.st_mode);
}

const char *
check_full_data_dir(void)
{
	const char *env = getenv("DROPFOUR_DATA");

	if (is_dir(env))
		return env;
	if (is_dir(TESTDATA_DIR))
		return TESTDATA_DIR;
	return NULL;
}

uint64_t
check_rand(uint64_t *state)
{
	return util_rand(state);
}

int
check_rand_below(uint64_t *state, int n)
{
	return (int)(check_rand(state) % (uint64_t)n);
}

int
check_random_game(int w, int h, int n, uint64_t *rng, enum check_game kind,
                  struct brute *g, int *cols, char *moves)
{
	struct brute own;
	int k = 0;

	if (g == NULL)
		g = &own;
	brute_init(g, w, h);
	while (k < n) {
		int allowed[BRUTE_MAX_W], na = 0;
		for (int c = 0; c < w; c++)
			if (brute_can_play(g, c) &&
			    (kind == CHECK_GAME_ANY ||
			     !brute_wins_with(g, c, brute_to_move(g))))
				allowed[na++] = c;
		if (na == 0)
			break;
		int c = allowed[check_rand_below(rng, na)];
		if (cols != NULL)
			cols[k] = c;
		if (moves != NULL)
			moves[k] = brute_col_char(c);
		k++;
		if (brute_play(g, c))
			break;
	}
	if (moves != NULL)
		moves[k] = '\0';
	return k;
}

void *
check_grow(void *v, int n, int *cap, size_t size)
{
	if (n < *cap)
		return v;
	*cap = *cap ? 2 * *cap : 256;
	return xrealloc(v, (size_t)*cap * size);
}

Suite *
check_suite(const char *name, const struct check_test *t, size_t n)
{
	Suite *s = suite_create(name);
	const struct check_test *c = NULL; /* the case row above */
	TCase *tc = NULL;

	for (size_t i = 0; i < n; i++) {
		if (t[i].tcase != NULL) {
			c = &t[i];
			tc = NULL;
			continue;
		}
		if (t[i].test == NULL)
			continue;
		if (tc == NULL) {
			tc = tcase_create(c->tcase);
			if (c->timeout > 0)
				tcase_set_timeout(tc, c->timeout);
			if (c->tags != NULL)
				tcase_set_tags(tc, c->tags);
			suite_add_tcase(s, tc);
		}
		if (t[i].loop)
			tcase_add_loop_test(tc, t[i].test, 0, t[i].end);
		else
			tcase_add_test(tc, t[i].test);
	}
	return s;
}

int
check_pons_load(const char *prefix, struct pons_pos **out)
{
	FILE *f = check_data_open("pons-sample.txt");
	struct pons_pos *v = NULL;
	int n = 0, cap = 0, lineno = 0;
	char line[256];

	while (fgets(line, sizeof line, f) != NULL) {
		struct pons_pos p;
		lineno++;
		if (sscanf(line, "%15s %63s %d", p.set, p.moves, &p.score) != 3)
			ck_abort_msg("pons-sample.txt:%d: malformed line",
			             lineno);
		if (strncmp(p.set, prefix, strlen(prefix)) != 0)
			continue;
		if (strcmp(p.moves, "-") == 0)
			p.moves[0] = '\0';
		v = check_grow(v, n, &cap, sizeof *v);
		v[n++] = p;
	}
	fclose(f);
	*out = v;
	return n;
}

/* Every suite, by the name its suite_create() gives it.  `make check` runs
 * each as a test of its own (tests/suite/NAME.ck, tests/check-suite.sh);
 * tests/suites.sh holds that list to this one (check_dropfour --list). */
static const struct {
	const char *name;
	Suite *(*make)(void);
} suites[] = {
    {"board", board_suite}, {"game", game_suite},
    {"eval", eval_suite},   {"solver", solver_suite},
    {"split", split_suite}, {"fuzz", fuzz_suite},
    {"book", book_suite},   {"statespace", statespace_suite},
    {"tour", tour_suite},   {"review", review_suite},
    {"wide", wide_suite},   {"dist", dist_suite},
};

int
check_dir_entries(const char *dir)
{
	DIR *d = opendir(dir);
	if (d == NULL)
		return -1;
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL)
		n +=
		    strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

int
main(int argc, char **argv)
{
	SRunner *sr = NULL;
	int failed;

	if (argc == 2 && strcmp(argv[1], "--list") == 0) {
		for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++)
			printf("%s\n", suites[i].name);
		return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
	}
	if (argc != 1) {
		fprintf(stderr, "usage: %s [--list]\n", argv[0]);
		return EXIT_FAILURE;
	}
	/* Building suites only registers tests: no OpenMP here. */
	for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++) {
		if (sr == NULL)
			sr = srunner_create(suites[i].make());
		else
			srunner_add_suite(sr, suites[i].make());
	}

	printf("dropfour tests: samples in %s, full data in %s, scale %g\n",
	       SRCDATA_DIR,
	       check_full_data_dir() ? check_full_data_dir() : "(none)",
	       check_scale());
	fflush(stdout);
	/* NULL: Check reads CK_RUN_SUITE, CK_RUN_CASE and the tag variables;
	 * with none of the last three set, the cases apart are left out. */
	srunner_run_tagged(sr, NULL, NULL, NULL,
	                   getenv("CK_RUN_CASE") || getenv("CK_INCLUDE_TAGS") ||
	                           getenv("CK_EXCLUDE_TAGS")
	                       ? NULL
	                       : CHECK_TAG_APART,
	                   getenv("CK_VERBOSITY") ? CK_ENV : CK_VERBOSE);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

void
check_tmpdir(char *dir, size_t len)
{
	const char *base = getenv("TMPDIR");
	snprintf(dir, len, "%s/dropfour-check-XXXXXX",
	         base != NULL && *base != '\0' ? base : "/tmp");
	check_that(mkdtemp(dir) != NULL, "mkdtemp %s: %s", dir,
	           strerror(errno));
}

static int
rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP)
		rmdir(path);
	else
		unlink(path);
	return 0;
}

void
check_rm_tree(const char *dir)
{
	nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

void
check_write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	check_that(f != NULL, "%s: cannot write", path);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

void
check_parse_ok(board_t *b, int w, int h, const char *moves)
{
	size_t err = 0;
	enum board_err e = board_parse(b, w, h, moves, (size_t)-1, &err);
	check_that(e == BOARD_OK, "\"%s\": %s at index %zu", moves,
	           board_err_string(e), err);
}

int
check_move_value(struct search *s, const board_t *b, int col)
{
	board_t nb = *b;
	if (board_is_winning_move(b, col))
		return board_max_score(b);
	board_play(&nb, col);
	if (board_is_full(&nb))
		return 0;
	return -search_solve(s, &nb, false, NULL);
}
