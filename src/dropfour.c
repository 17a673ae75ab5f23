/* dropfour.c -- main(): parse options, pick the mode, run it. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/bench.h"
#include "cli/book-cli.h"
#include "cli/engine-cli.h"
#include "cli/options.h"
#include "cli/prefs.h"
#include "cli/output.h"
#include "cli/review-cli.h"
#include "search/search.h"
#include "cli/selfplay.h"
#include "cli/solve.h"
#include "cli/statespace-main.h"
#include "cli/text.h"
#include "cli/tour-cli.h"
#include "ui/ui.h"
#include "core/util.h"

/* The curses game needs a real terminal on both ends. */
static bool
terminal_usable(void)
{
	const char *term = getenv("TERM");
	return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && term != NULL &&
	       term[0] != '\0' && strcmp(term, "dumb") != 0;
}

/*
 * OpenMP threads that spin while idle steal the CPU from the UI and the
 * engine thread between searches (a search of a few nodes took 17 ms
 * instead of microseconds on a busy 2-core machine).  The interactive modes
 * want idle threads to sleep at once; the OpenMP runtime reads its wait
 * policy from the environment before main(), so set it and start again.
 */
static void
prefer_passive_wait(char **argv)
{
#ifdef _OPENMP
	if (getenv("OMP_WAIT_POLICY") != NULL)
		return;
	setenv("OMP_WAIT_POLICY", "passive", 1);
	execv("/proc/self/exe", argv);
	/* No /proc: carry on with the default policy. */
#else
	(void)argv;
#endif
}

static int
run(struct options *o)
{
	switch (o->mode) {
	case MODE_SOLVE:
		return solve_main(o);
	case MODE_SELFPLAY:
		return selfplay_main(o);
	case MODE_BENCH:
		return bench_main(o);
	case MODE_BOOK:
		return book_main(o);
	case MODE_TEXT:
		return text_main(o);
	case MODE_REVIEW:
		return review_main(o);
	case MODE_STATESPACE:
		return statespace_main(o);
	case MODE_TOUR:
		/* knight's tours: the live screen wants a terminal */
		if (!o->tour_watch)
			return tour_main(o);
		if (!terminal_usable()) {
			cli_error("tour --watch needs a terminal");
			return CLI_EXIT_USAGE;
		}
		return ui_tour_main(o);
	case MODE_ENGINE:
		return engine_cli_main(o);
	case MODE_PLAY:
		break;
	}
	if (!terminal_usable()) {
		cli_error("not a terminal (or TERM is dumb): "
		          "playing in plain text");
		return text_main(o);
	}
	int status = ui_main(o);
	return status == UI_NO_CURSES ? text_main(o) : status;
}

/*
 * The memory a run needs is weighed once, here, before any table exists:
 * a table larger than the memory available, or a small ulimit -v, ends the
 * run at start with a sentence saying so, never with the kernel's
 * out-of-memory killer (or a failed allocation) in the middle of a game.
 * The game's T key may raise the thread count up to
 * options_game_max_threads(), so its stacks are counted from the start.
 */
static bool
memory_fits(const struct options *o)
{
	char why[256];
	int threads = o->threads;

	if (o->mode == MODE_PLAY)
		threads = options_game_max_threads(o);
	if (search_memory_error(o->tt_mb, threads, why, sizeof why) == NULL)
		return true;
	cli_error("%s", why);
	return false;
}

int
main(int argc, char **argv)
{
	struct options o;
	char **saved = xmalloc(sizeof *saved * (size_t)(argc + 1));

	memcpy(saved, argv, sizeof *saved * (size_t)(argc + 1));
	output_init("dropfour");
	setlocale(LC_ALL, "");
	int parsed = options_parse(&o, argc, argv);
	if (parsed != 0) {
		free(saved);
		if (parsed == 2)
			options_usage(stdout, o.mode, ui_keys_usage);
		return parsed < 0 ? 2 : EXIT_SUCCESS;
	}
	/* The games remember their settings (cli/prefs.h); the command
	 * line wins over them. */
	struct prefs prefs;
	if (o.mode == MODE_PLAY || o.mode == MODE_TEXT) {
		char err[4300];
		if (prefs_load(&prefs, err, sizeof err) != 0)
			cli_warn("%s", err);
		prefs_apply(&prefs, &o);
		o.prefs = &prefs;
	}
	if (!memory_fits(&o)) {
		free(saved);
		return CLI_EXIT_USAGE;
	}
	if (o.mode == MODE_PLAY || o.mode == MODE_TEXT ||
	    o.mode == MODE_SELFPLAY)
		prefer_passive_wait(saved);
	free(saved);
	/* The opening book, for every mode that plays or solves (the
	 * benchmarks measure the solver alone). */
	if (o.mode != MODE_BENCH && o.mode != MODE_BOOK &&
	    o.mode != MODE_STATESPACE && o.mode != MODE_TOUR && book_attach(&o))
		return CLI_EXIT_FAILURE;
	int status = run(&o);
	book_detach(&o);
	return status;
}
