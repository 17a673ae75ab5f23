/* fuzz-options.c -- the command line, options_parse().
 *
 * Input: the arguments after argv[0], separated by NUL bytes (at most
 * 64).  Promises held: the answer is 0 (go on), 1 (--version printed),
 * 2 (--help asked for) or -1 (an error was printed); on 0 every setting is
 * within the range that the modes rely on (a board size that fits, unless
 * the options say it is a knight's-tour board,
 * thread counts, depths, table size, games), the positional arguments are
 * the tail of
 * the argument vector, and the search limits can be made from them.  A
 * second parse in the same process (getopt keeps state between calls)
 * gives the same answer.  Run with -close_fd_mask=3 to hide the messages.
 */
#include "config.h"

#include <string.h>

#include "fuzz.h"
#include "cli/options.h"
#include "search/policy/level.h"
#include "search/node/stats.h"

#define MAX_ARGS 64

/* argv from the input: every NUL ends an argument.  The strings are
 * copies of exactly their size, so a read past one is seen. */
static int
make_argv(const uint8_t *data, size_t size, char **argv)
{
	int argc = 0;
	size_t start = 0;

	argv[argc++] = strdup("dropfour");
	for (size_t i = 0; i <= size && argc < MAX_ARGS; i++) {
		if (i < size && data[i] != '\0')
			continue;
		char *a = malloc(i - start + 1);
		fuzz_require(a != NULL);
		memcpy(a, data + start, i - start);
		a[i - start] = '\0';
		argv[argc++] = a;
		start = i + 1;
	}
	argv[argc] = NULL;
	return argc;
}

static int
parse(const uint8_t *data, size_t size, struct options *o)
{
	char *argv[MAX_ARGS + 1], *orig[MAX_ARGS + 1];
	int argc = make_argv(data, size, argv);

	memcpy(orig, argv, sizeof argv);
	int r = options_parse(o, argc, argv);
	fuzz_require(r == 0 || r == -1);
	/* The caller's argv stays as it was. */
	for (int i = 0; i <= argc; i++)
		fuzz_require(argv[i] == orig[i]);
	if (r == 0 && o->action == OPTIONS_RUN) {
		/* A knight's-tour board is the tour code's to check. */
		fuzz_require(o->tour.board ||
		             board_size_error(o->width, o->height) == NULL);
		/* The default is the number of cores, which may pass 64. */
		fuzz_require(o->threads >= 1);
		fuzz_require(o->nthread_list == 0 ||
		             o->threads <= STATS_MAX_THREADS);
		fuzz_require(o->nthread_list >= 0 &&
		             o->nthread_list <= OPTIONS_MAX_THREAD_LIST);
		for (int i = 0; i < o->nthread_list; i++)
			fuzz_require(o->thread_list[i] >= 1 &&
			             o->thread_list[i] <= o->threads);
		fuzz_require(o->depth >= 1 && o->depth <= SEARCH_MAX_DEPTH);
		fuzz_require(o->tt_mb >= 1);
		fuzz_require(o->games >= 1 && o->bench.repeat >= 1);
		fuzz_require(o->time_limit >= 0);
		fuzz_require(o->split >= 0 && o->split < SPLIT_NSCHEMES);
		fuzz_require(o->game.play >= PLAY_HUMAN_AI &&
		             o->game.play <= PLAY_HUMAN_HUMAN);
		fuzz_require(!(o->solve.weak && o->solve.analyze));
		fuzz_require(o->argc >= 0 && o->argc < argc);
		fuzz_require(o->argv[o->argc] == NULL);
		for (int i = 0; i < o->argc; i++)
			fuzz_require(o->argv[i] != NULL);
		if (o->mode == MODE_PLAY || o->mode == MODE_TEXT ||
		    o->mode == MODE_SELFPLAY)
			fuzz_require(o->argc == 0);
		struct search_limits lim;
		options_limits(o, NULL, &lim);
		/* A level sets its own depth (to the end of the game). */
		fuzz_require(lim.threads == o->threads &&
		             (o->level[0] >= 0 ? lim.level != NULL
		                               : lim.depth == o->depth));
		fuzz_require(o->level[0] >= -1 && o->level[0] < LEVEL_COUNT &&
		             o->level[1] >= -1 && o->level[1] < LEVEL_COUNT);
		options_solve_limits(o, NULL, &lim);
	}
	for (int i = 0; i < argc; i++)
		free(orig[i]);
	options_free(o);
	return r;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct options a, b;

	int r = parse(data, size, &a);
	fuzz_require(parse(data, size, &b) == r);
	if (r == 0) {
		/* The pointers into argv differ between the two parses (a
		 * new string option of struct options belongs here too). */
		a.game.position = b.game.position = NULL;
		a.game.load = b.game.load = NULL;
		a.bench.csv = b.bench.csv = NULL;
		a.book = b.book = NULL;
		a.output = b.output = NULL;
		a.trace = b.trace = NULL;
		a.statespace.tmpdir = b.statespace.tmpdir = NULL;
		a.statespace.state_dir = b.statespace.state_dir = NULL;
		a.tour.from = b.tour.from = NULL;
		a.argv = b.argv = NULL;
		a.argv_copy = b.argv_copy = NULL;
		fuzz_require(memcmp(&a, &b, sizeof a) == 0);
	}
	return 0;
}
