/* check_fuzz.c -- suite "fuzz": one test for every problem that fuzzing,
 * the soak runs and the fault tests found, holding the fixed
 * behaviour.  The inputs that crashed a fuzz target are also replayed as
 * they are by tests/fuzz-replay.sh (tests/fuzz/regress/).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_suites.h"
#include "core/game.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "core/util.h"

/* fuzz-options, tests/fuzz/regress/options/getopt-stale-nextchar: an
 * option parse that stopped inside a cluster of short options ("-Xp":
 * X unknown) left getopt pointing into the old argument vector, and the
 * next parse in the same process read it (a use after free when that
 * vector was freed; here it still holds "p", which turned perfect play
 * on).  options_parse() now starts getopt afresh every time. */
START_TEST(test_options_parse_twice)
{
	static char a0[] = "dropfour", a1[] = "-Xp", b1[] = "--text";
	char *first[] = {a0, a1, NULL};
	char *second[] = {a0, b1, NULL};
	struct options o;

	ck_assert_int_eq(options_parse(&o, 2, first), -1);
	options_free(&o);
	ck_assert_int_eq(options_parse(&o, 2, second), 0);
	options_free(&o);
	ck_assert(!o.perfect);
	ck_assert_int_eq(o.mode, MODE_TEXT);
	/* And a cluster that was fine, then one that is not. */
	static char c1[] = "-pd3", d1[] = "-d", d2[] = "5";
	char *third[] = {a0, c1, NULL};
	char *fourth[] = {a0, d1, d2, NULL};
	ck_assert_int_eq(options_parse(&o, 2, third), 0);
	options_free(&o);
	ck_assert(!o.perfect && o.depth == 3);
	ck_assert_int_eq(options_parse(&o, 3, fourth), 0);
	options_free(&o);
	ck_assert(!o.perfect && o.depth == 5);
	options_free(&o);
}
END_TEST

/* fuzz-options, tests/fuzz/regress/options/tour-prefix-board: "--to",
 * getopt's unique prefix of --tour, made `bench` take -W 1 unchecked (the
 * tour code checks tour boards later), and the harness found a parse that
 * answered 0 with a board no Connect Four mode can use.  The options now
 * say when the board is a tour board; every other mode still refuses it. */
START_TEST(test_options_tour_board)
{
	static char a0[] = "dropfour", a1[] = "bench", a2[] = "--to",
	            a3[] = "-W", a4[] = "1", a5[] = "speedup";
	char *tour[] = {a0, a1, a2, a3, a4, a5, NULL};
	char *plain[] = {a0, a1, a3, a4, a5, NULL};
	struct options o;

	ck_assert_int_eq(options_parse(&o, 6, tour), 0);
	options_free(&o);
	ck_assert(o.bench.tour && o.tour.board && o.width == 1);
	ck_assert_int_eq(options_parse(&o, 5, plain), -1);
	options_free(&o);
	ck_assert_int_eq(options_parse(&o, 2, (char *[]){a0, a1, NULL}), 0);
	options_free(&o);
	ck_assert(!o.tour.board);
	options_free(&o);
}
END_TEST

/* Fault tests: saving to a device renamed a file over it (as root, over
 * /dev/full).  A FIFO with no reader stands for the device here: the save
 * fails with the reason and the FIFO stays a FIFO. */
START_TEST(test_save_to_fifo)
{
	char dir[256], path[300];
	struct game g;
	struct stat st;

	check_tmpdir(dir, sizeof dir);
	snprintf(path, sizeof path, "%s/fifo", dir);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	memset(&g, 0, sizeof g);
	game_init(&g, 7, 6);
	ck_assert_int_eq(game_play(&g, 3), BOARD_OK);
	errno = 0;
	ck_assert_int_eq(game_save(&g, path), -1);
	ck_assert_int_eq(errno, ENXIO);
	ck_assert_int_eq(lstat(path, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
	/* A directory is refused as one. */
	errno = 0;
	ck_assert_int_eq(game_save(&g, dir), -1);
	ck_assert_int_eq(errno, EISDIR);
	check_rm_tree(dir);
}
END_TEST

/* A save through a symbolic link replaces the file it names and keeps the
 * link; a replaced file keeps its mode. */
START_TEST(test_save_through_link)
{
	char dir[256], file[300], link[300], err[256];
	struct game g, back;
	struct stat st;

	check_tmpdir(dir, sizeof dir);
	snprintf(file, sizeof file, "%s/game.txt", dir);
	snprintf(link, sizeof link, "%s/link.txt", dir);
	close(open(file, O_WRONLY | O_CREAT, 0640));
	ck_assert_int_eq(chmod(file, 0640), 0);
	ck_assert_int_eq(symlink("game.txt", link), 0);
	memset(&g, 0, sizeof g);
	game_init(&g, 5, 4);
	ck_assert_int_eq(game_set_moves(&g, "3322", NULL), BOARD_OK);
	ck_assert_int_eq(game_save(&g, link), 0);
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	ck_assert_int_eq(stat(file, &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0640);
	memset(&back, 0, sizeof back);
	game_init(&back, 7, 6);
	ck_assert_int_eq(game_load(&back, file, err, sizeof err), 0);
	ck_assert_int_eq(back.w, 5);
	ck_assert_int_eq(back.nmoves, 4);
	check_rm_tree(dir);
}
END_TEST

/* fuzz-load, tests/fuzz/regress/load/players-two-humans-and-a-word: a
 * save whose players line ends in a third word ("players human  human 1")
 * was loaded as two human players, the word ignored; and the target still
 * promised the players it loaded into, from before save files named them.
 * A players line is now exactly two words, each human or ai: anything
 * more refuses the file (the game left as it was, the line named); a good
 * line sets the players, and a file without one keeps the game's. */
START_TEST(test_load_players_line)
{
	static const char *const refused[] = {
	    "players human  human 1", "players human ai x\n",
	    "players human\n",        "players human robot\n",
	    "players ai human\t#\n",
	};
	char dir[256], path[300], err[256];
	struct game g, before;

	check_tmpdir(dir, sizeof dir);
	snprintf(path, sizeof path, "%s/game.txt", dir);
	memset(&g, 0, sizeof g);
	g.player[0] = g.player[1] = PLAYER_AI;
	game_init(&g, 7, 6);
	ck_assert_int_eq(game_play(&g, 3), BOARD_OK);
	before = g;
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		check_write_file(path, refused[i]);
		err[0] = '\0';
		check_that(game_load(&g, path, err, sizeof err) == -1,
		           "accepted: %s", refused[i]);
		check_that(strstr(err, ":1: players must be two of human and "
		                       "ai") != NULL,
		           "%s: %s", refused[i], err);
		check_true(memcmp(&g, &before, sizeof g) == 0);
	}
	/* Two words, spaces around them: loaded, and the players set. */
	check_write_file(path, "players  human ai \nmoves 44\n");
	ck_assert_int_eq(game_load(&g, path, err, sizeof err), 0);
	ck_assert_int_eq(g.player[0], PLAYER_HUMAN);
	ck_assert_int_eq(g.player[1], PLAYER_AI);
	ck_assert(g.players_loaded);
	ck_assert_int_eq(g.nmoves, 2);
	/* No players line: the players the game had. */
	check_write_file(path, "moves 4\n");
	g.player[0] = g.player[1] = PLAYER_AI;
	ck_assert_int_eq(game_load(&g, path, err, sizeof err), 0);
	ck_assert(!g.players_loaded);
	ck_assert(g.player[0] == PLAYER_AI && g.player[1] == PLAYER_AI);
	check_rm_tree(dir);
}
END_TEST

/* Memory (fault tests): the start-up check names the option to change,
 * and lets through what fits. */
START_TEST(test_memory_check)
{
	char why[256];

	ck_assert_ptr_null(search_memory_error(1, 1, why, sizeof why));
	ck_assert_ptr_nonnull(
	    search_memory_error((size_t)1 << 30, 1, why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "--tt-mb"));
}
END_TEST

/* The long modes' progress line: off a terminal every line is whole,
 * ended by a newline, with no carriage return or escape; on one it is
 * redrawn in place and erased at the end. */
static void
progress_text(bool tty, char *buf, size_t len)
{
	FILE *f = tmpfile();
	struct cli_progress p;

	ck_assert_ptr_nonnull(f);
	cli_progress_begin_on(&p, f, tty, 0);
	cli_progress_show(&p, "ply %d of %d", 1, 42);
	cli_progress_show(&p, "ply %d of %d", 2, 42);
	cli_progress_clear(&p);
	rewind(f);
	size_t n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

START_TEST(test_progress_line_ends)
{
	char buf[256];

	progress_text(false, buf, sizeof buf);
	ck_assert_str_eq(buf, "ply 1 of 42\nply 2 of 42\n");
	progress_text(true, buf, sizeof buf);
	ck_assert_str_eq(buf, "\rply 1 of 42\033[K\rply 2 of 42\033[K"
	                      "\r\033[K");
}
END_TEST

Suite *
fuzz_suite(void)
{
	const struct check_test tests[] = {
	    CHECK_CASE("regressions", 0),
	    CHECK_TEST(test_options_parse_twice),
	    CHECK_TEST(test_options_tour_board),
	    CHECK_TEST(test_save_to_fifo),
	    CHECK_TEST(test_save_through_link),
	    CHECK_TEST(test_load_players_line),
	    CHECK_TEST(test_memory_check),
	    CHECK_TEST(test_progress_line_ends),
	};

	return check_suite("fuzz", tests, sizeof tests / sizeof tests[0]);
}
