/* check_game.c -- the game record: play, undo, redo, states, notation, and
 * save / load round trips including files that must be refused. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/board.h"
#include "brute.h"
#include "check_suites.h"
#include "core/game.h"

static void
assert_moves(const struct game *g, const char *want)
{
	char buf[BOARD_MAX_CELLS + 1];
	game_moves_string(g, buf, sizeof buf);
	ck_assert_str_eq(buf, want);
	ck_assert_int_eq(g->nmoves, (int)strlen(want));
	board_t b;
	ck_assert_int_eq(board_parse(&b, g->w, g->h, want, (size_t)-1, NULL),
	                 BOARD_OK);
	check_true(b.current == g->board.current && b.mask == g->board.mask);
	ck_assert_int_eq(b.moves, g->board.moves);
}

static void
play_string(struct game *g, const char *moves)
{
	for (const char *p = moves; *p; p++)
		check_that(game_play(g, *p - '1') == BOARD_OK,
		           "move %c of %s refused", *p, moves);
}

START_TEST(test_play_undo_redo)
{
	struct game g;

	memset(&g, 0, sizeof g);
	game_init(&g, 7, 6);
	ck_assert_int_eq(g.state, GAME_ON);
	ck_assert_int_eq(game_to_move(&g), 1);
	check_true(!game_undo(&g));
	check_true(!game_redo(&g));
	assert_moves(&g, "");

	play_string(&g, "4453");
	assert_moves(&g, "4453");
	ck_assert_int_eq(game_to_move(&g), 1);
	check_true(game_undo(&g));
	ck_assert_int_eq(game_to_move(&g), 2);
	check_true(game_undo(&g));
	assert_moves(&g, "44");
	check_true(game_redo(&g));
	assert_moves(&g, "445");
	check_true(game_redo(&g));
	assert_moves(&g, "4453");
	check_true(!game_redo(&g));
	/* Undo to the start and redo everything. */
	while (game_undo(&g))
		;
	assert_moves(&g, "");
	while (game_redo(&g))
		;
	assert_moves(&g, "4453");
	/* A new move clears the redo list. */
	check_true(game_undo(&g));
	check_true(game_undo(&g));
	ck_assert_int_eq(game_play(&g, 0), BOARD_OK);
	assert_moves(&g, "441");
	check_true(!game_redo(&g));
}
END_TEST

START_TEST(test_play_errors)
{
	struct game g, before;

	memset(&g, 0, sizeof g);
	game_init(&g, 5, 4);
	play_string(&g, "3333");
	check_true(game_undo(&g));
	check_true(game_redo(&g));
	check_true(game_undo(&g));
	before = g;
	const int bad[] = {-1, 5, 99};
	for (size_t i = 0; i < 3; i++) {
		ck_assert_int_eq(game_play(&g, bad[i]), BOARD_ERR_RANGE);
		check_true(memcmp(&g, &before, sizeof g) == 0);
	}
	check_true(game_redo(&g));
	before = g;
	ck_assert_int_eq(game_play(&g, 2), BOARD_ERR_FULL);
	check_true(memcmp(&g, &before, sizeof g) == 0);
	assert_moves(&g, "3333");
}
END_TEST

START_TEST(test_states)
{
	struct game g;
	board_t b;

	memset(&g, 0, sizeof g);
	game_init(&g, 7, 6);
	play_string(&g, "1122334");
	ck_assert_int_eq(g.state, GAME_WIN1);
	check_true(board_parse(&b, 7, 6, "1122334", (size_t)-1, NULL) ==
	           BOARD_OK);
	check_true(g.four == board_four_cells(board_stones(&b, 1), 6));
	ck_assert_int_eq(__builtin_popcountll(g.four), 4);
	ck_assert_int_eq(game_play(&g, 5), BOARD_ERR_OVER);
	check_true(game_undo(&g));
	ck_assert_int_eq(g.state, GAME_ON);
	check_true(g.four == 0);
	check_true(game_redo(&g));
	ck_assert_int_eq(g.state, GAME_WIN1);

	game_init(&g, 7, 6);
	play_string(&g, "71122334");
	ck_assert_int_eq(g.state, GAME_WIN2);
	ck_assert_int_eq(__builtin_popcountll(g.four), 4);

	/* A draw on 4x4: columns filled so that no four appears. */
	game_init(&g, 4, 4);
	play_string(&g, "1234123421433412");
	ck_assert_int_eq(g.state, GAME_DRAW);
	check_true(g.four == 0);
	ck_assert_int_eq(game_play(&g, 0), BOARD_ERR_FULL);
	check_true(game_undo(&g));
	ck_assert_int_eq(g.state, GAME_ON);

	ck_assert_str_ne(game_state_string(GAME_ON),
	                 game_state_string(GAME_WIN1));
	ck_assert_str_ne(game_state_string(GAME_WIN1),
	                 game_state_string(GAME_WIN2));
	ck_assert_str_ne(game_state_string(GAME_DRAW),
	                 game_state_string(GAME_ON));
}
END_TEST

START_TEST(test_players)
{
	struct game g;

	memset(&g, 0, sizeof g);
	g.player[0] = PLAYER_AI;
	g.player[1] = PLAYER_HUMAN;
	game_init(&g, 7, 6);
	ck_assert_int_eq(game_current_player(&g), PLAYER_AI);
	play_string(&g, "4");
	ck_assert_int_eq(game_current_player(&g), PLAYER_HUMAN);
	ck_assert_int_eq(game_set_moves(&g, "44", NULL), BOARD_OK);
	ck_assert_int_eq(game_current_player(&g), PLAYER_AI);
}
END_TEST

START_TEST(test_set_moves)
{
	struct game g, before;
	size_t at = 99;

	memset(&g, 0, sizeof g);
	game_init(&g, 7, 6);
	play_string(&g, "44");
	check_true(game_undo(&g));
	before = g;
	ck_assert_int_eq(game_set_moves(&g, "44x", &at), BOARD_ERR_CHAR);
	ck_assert_uint_eq(at, 2);
	check_true(memcmp(&g, &before, sizeof g) == 0);
	/* Column 10 ('a') is not on a 7-wide board. */
	ck_assert_int_eq(game_set_moves(&g, "44a", &at), BOARD_ERR_RANGE);
	ck_assert_uint_eq(at, 2);
	check_true(memcmp(&g, &before, sizeof g) == 0);
	ck_assert_int_eq(game_set_moves(&g, "1111111", &at), BOARD_ERR_FULL);
	ck_assert_uint_eq(at, 6);
	check_true(memcmp(&g, &before, sizeof g) == 0);
	ck_assert_int_eq(game_set_moves(&g, "12121212", &at), BOARD_ERR_OVER);
	ck_assert_uint_eq(at, 7);
	ck_assert_int_eq(game_set_moves(&g, "48", &at), BOARD_ERR_RANGE);
	ck_assert_uint_eq(at, 1);
	check_true(memcmp(&g, &before, sizeof g) == 0);

	ck_assert_int_eq(game_set_moves(&g, "1212121", &at), BOARD_OK);
	ck_assert_int_eq(g.state, GAME_WIN1);
	check_true(!game_redo(&g));
	ck_assert_int_eq(game_set_moves(&g, "", &at), BOARD_OK);
	assert_moves(&g, "");
	ck_assert_int_eq(g.state, GAME_ON);
}
END_TEST

static char tmpdir[256];

static int
count_files(void)
{
	DIR *d = opendir(tmpdir);
	struct dirent *e;
	int n = 0;

	check_true(d != NULL);
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void
read_file(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	check_true(f != NULL);
	size_t n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

START_TEST(test_save_load)
{
	static const struct {
		int w, h;
		const char *moves;
	} games[] = {
	    {7, 6, "4453"},    {7, 6, ""},
	    {5, 4, "12345"},   {8, 7, "8811"},
	    {7, 6, "1122334"}, {4, 4, "1234123421433412"},
	    {9, 6, "999"},     {4, 15, "1111111111"},
	};
	char path[512], text[512], want[512];

	check_tmpdir(tmpdir, sizeof tmpdir);
	snprintf(path, sizeof path, "%s/game.txt", tmpdir);
	for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
		struct game g, l;
		char err[256] = "";
		memset(&g, 0, sizeof g);
		memset(&l, 0, sizeof l);
		game_init(&g, games[i].w, games[i].h);
		ck_assert_int_eq(game_set_moves(&g, games[i].moves, NULL),
		                 BOARD_OK);
		ck_assert_int_eq(game_save(&g, path), 0);
		ck_assert_int_eq(count_files(), 1); /* no temporary left */
		read_file(path, text, sizeof text);
		snprintf(want, sizeof want,
		         "dropfour-game 1\nsize %dx%d\nplayers human human\n"
		         "moves %s\n",
		         games[i].w, games[i].h, games[i].moves);
		ck_assert_str_eq(text, want);
		game_init(&l, 7, 6);
		check_that(game_load(&l, path, err, sizeof err) == 0,
		           "load %s: %s", games[i].moves, err);
		ck_assert_int_eq(l.w, games[i].w);
		ck_assert_int_eq(l.h, games[i].h);
		ck_assert_int_eq(l.state, g.state);
		check_true(l.four == g.four);
		assert_moves(&l, games[i].moves);
		/* Saving over an existing file replaces it. */
		ck_assert_int_eq(game_save(&l, path), 0);
		read_file(path, text, sizeof text);
		ck_assert_str_eq(text, want);
	}
	/* A bare move string is a 7x6 game. */
	struct game l;
	char err[256] = "";
	memset(&l, 0, sizeof l);
	game_init(&l, 7, 6);
	check_write_file(path, "4453\n");
	check_that(game_load(&l, path, err, sizeof err) == 0, "%s", err);
	assert_moves(&l, "4453");
	ck_assert_int_eq(l.w, 7);
	ck_assert_int_eq(l.h, 6);
	/* Saving into a directory that does not exist fails cleanly. */
	snprintf(path, sizeof path, "%s/no/such/dir/game.txt", tmpdir);
	errno = 0;
	ck_assert_int_eq(game_save(&l, path), -1);
	ck_assert_int_ne(errno, 0);
	check_rm_tree(tmpdir);
}
END_TEST

START_TEST(test_load_bad)
{
	static const char *const bad[] = {
	    "hello world\n",
	    "dropfour-game 1\nsize 3x3\nmoves 1\n",
	    "dropfour-game 1\nsize 17x4\nmoves 1\n",
	    "dropfour-game 1\nsize 16x8\nmoves 1\n",
	    "dropfour-game 1\nsize 10x6\nmoves 1x\n",
	    "dropfour-game 1\nsize 7x6\nmoves 44a\n",
	    "dropfour-game 1\nsize 7x6\nmoves 4458\n",
	    "dropfour-game 1\nsize 7x6\nmoves 1111111\n",
	    "dropfour-game 1\nsize 7x6\nmoves 121212124\n",
	    "dropfour-game 1\nsize 4x4\nmoves 11111\n",
	    "dropfour-game 1\nsize 4x4\nmoves 5\n",
	    "4458\n",
	    "\x01\x02\x03\xff\n",
	    "",
	};
	char path[512];
	struct game g, before;

	check_tmpdir(tmpdir, sizeof tmpdir);
	snprintf(path, sizeof path, "%s/bad.txt", tmpdir);
	memset(&g, 0, sizeof g);
	game_init(&g, 7, 6);
	play_string(&g, "445");
	check_true(game_undo(&g));
	before = g;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char err[256] = "";
		check_write_file(path, bad[i]);
		check_that(game_load(&g, path, err, sizeof err) == -1,
		           "bad file %zu accepted", i);
		check_that(err[0] != '\0', "bad file %zu: no message", i);
		check_that(memcmp(&g, &before, sizeof g) == 0,
		           "bad file %zu changed the game", i);
	}
	/* A line too long for any board. */
	char longline[4096];
	memset(longline, '1', sizeof longline - 2);
	longline[sizeof longline - 2] = '\n';
	longline[sizeof longline - 1] = '\0';
	check_write_file(path, longline);
	char err[256] = "";
	ck_assert_int_eq(game_load(&g, path, err, sizeof err), -1);
	check_true(memcmp(&g, &before, sizeof g) == 0);
	check_that(strstr(err, ":1: line longer than 511 characters") != NULL,
	           "long line: %s", err);
	/* A comment over 511 characters is refused as too long, not cut in
	 * two with the rest read as moves. */
	longline[0] = '#';
	memset(longline + 1, 'x', 600);
	longline[601] = '\n';
	strcpy(longline + 602, "moves 44\n");
	check_write_file(path, longline);
	ck_assert_int_eq(game_load(&g, path, err, sizeof err), -1);
	check_that(strstr(err, ":1: line longer than 511") != NULL, "%s", err);
	/* 511 characters are fine. */
	memset(longline + 1, 'x', 510);
	strcpy(longline + 511, "\nsize 7x6\nmoves 44\n");
	check_write_file(path, longline);
	check_that(game_load(&g, path, err, sizeof err) == 0, "%s", err);
	g = before;
	/* A bad move is named by its line and its 1-based character, as
	 * --position and solve name theirs. */
	check_write_file(path, "dropfour-game 1\nsize 7x6\nmoves 44a\n");
	ck_assert_int_eq(game_load(&g, path, err, sizeof err), -1);
	check_that(strstr(err, ":3: bad move at character 3 ('a')") != NULL,
	           "bad move: %s", err);
	/* A file that does not exist. */
	snprintf(path, sizeof path, "%s/missing.txt", tmpdir);
	err[0] = '\0';
	ck_assert_int_eq(game_load(&g, path, err, sizeof err), -1);
	check_true(err[0] != '\0');
	check_true(memcmp(&g, &before, sizeof g) == 0);
	check_rm_tree(tmpdir);
}
END_TEST

Suite *
game_suite(void)
{
	Suite *s = suite_create("game");
	TCase *tc;

	tc = tcase_create("record");
	tcase_set_timeout(tc, CHECK_TIMEOUT_SHORT);
	tcase_add_test(tc, test_play_undo_redo);
	tcase_add_test(tc, test_play_errors);
	tcase_add_test(tc, test_states);
	tcase_add_test(tc, test_players);
	tcase_add_test(tc, test_set_moves);
	suite_add_tcase(s, tc);

	tc = tcase_create("files");
	tcase_set_timeout(tc, CHECK_TIMEOUT_SHORT);
	tcase_add_test(tc, test_save_load);
	tcase_add_test(tc, test_load_bad);
	suite_add_tcase(s, tc);
	return s;
}
