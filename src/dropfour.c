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
#include "cli/completion.h"
#include "cli/engine-cli.h"
#include "cli/options.h"
#include "cli/prefs.h"
#include "cli/output.h"
#include "cli/review-cli.h"
#include "search/search.h"
#include "cli/selfplay.h"
#include "cli/solve.h"
#include "cli/session.h"
#include "cli/statespace-cli.h"
#include "cli/text.h"
#include "cli/tour-cli.h"
#include "cli/trace-file.h"
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
 * engine thread between searches.  The interactive modes want idle
 * threads to sleep at once; the OpenMP runtime reads its wait policy from
 * the environment before main(), so set it and start again, before
 * anything is loaded or said (see docs/parallel-search.md).
 */
static void
prefer_passive_wait(char **argv)
{
#if defined(_OPENMP) && defined(HAVE_PROC_SELF_EXE)
	if (getenv("OMP_WAIT_POLICY") != NULL)
		return;
	setenv("OMP_WAIT_POLICY", "passive", 1);
	execv("/proc/self/exe", argv);
	/* It failed: carry on with the default policy. */
#else
	(void)argv;
#endif
}

/* The curses game, or the text game where there is no terminal. */
static int
play_main(const struct options *o, struct cli_session *session)
{
	if (!terminal_usable()) {
		cli_note("not a terminal (or TERM is dumb): playing in plain "
		         "text");
		return text_main(o, session);
	}
	int status = ui_main(o, session);
	return status == UI_NO_CURSES ? text_main(o, session) : status;
}

/* Knight's tours: the live screen wants a terminal. */
static int
tour_mode_main(const struct options *o, struct cli_session *session)
{
	if (!o->tour.watch)
		return tour_cli_main(o, session);
	if (!terminal_usable()) {
		cli_error("tour --watch needs a terminal");
		return CLI_EXIT_USAGE;
	}
	return ui_tour_main(o, session);
}

/* What each mode runs, and what it loads first. */
static const struct mode_run {
	int (*run)(const struct options *o, struct cli_session *session);
	bool book;       /* the opening book (the benchmarks time the solver) */
	bool prefs;      /* the games' settings file */
	bool quiet_idle; /* interactive: idle OpenMP threads sleep */
} mode_runs[] = {
    [MODE_PLAY] = {play_main, true, true, true},
    [MODE_TEXT] = {text_main, true, true, true},
    [MODE_SOLVE] = {solve_main, true, false, false},
    [MODE_SELFPLAY] = {selfplay_main, true, false, true},
    [MODE_BENCH] = {bench_main, false, false, false},
    [MODE_BOOK] = {book_cli_main, false, false, false},
    [MODE_STATESPACE] = {statespace_cli_main, false, false, false},
    [MODE_TOUR] = {tour_mode_main, false, false, false},
    [MODE_ENGINE] = {engine_cli_main, true, false, true},
    [MODE_REVIEW] = {review_cli_main, true, false, false},
};

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

/* Parse, print --help or --version, check the memory: -1 to go on, else
 * the exit status. */
static int
start(struct options *o, int argc, char **argv)
{
	/* hidden: the shell completion, made from the option table */
	if (argc == 3 && strcmp(argv[1], "--completion") == 0) {
		if (completion_print(stdout, argv[2]) != 0)
			return CLI_EXIT_USAGE;
		return output_flush() ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
	}
	if (options_parse(o, argc, argv) != 0)
		return CLI_EXIT_USAGE;
	if (o->action == OPTIONS_HELP) {
		options_usage(stdout, o->mode, ui_keys_usage);
		return CLI_EXIT_OK;
	}
	if (o->action == OPTIONS_VERSION) {
		options_version(stdout);
		return CLI_EXIT_OK;
	}
	if (o->dist_table_given || o->dist_machines > 0 || o->dist_upper >= 0) {
		cli_error("--dist-table, --dist-machines and --dist-upper are "
		          "dropfour-mpi's (one search over the ranks)");
		cli_try_help(NULL);
		return CLI_EXIT_USAGE;
	}
	if (!memory_fits(o))
		return CLI_EXIT_USAGE;
	return -1;
}

int
main(int argc, char **argv)
{
	struct options o;
	struct cli_session session = {NULL, NULL, NULL};
	struct prefs prefs;

	output_init("dropfour");
	setlocale(LC_ALL, "");
	int status = start(&o, argc, argv);
	if (status >= 0) {
		options_free(&o);
		return status;
	}
	const struct mode_run *m = &mode_runs[o.mode];
	/* Restarted (once) before anything is loaded, so that nothing is
	 * said twice. */
	if (m->quiet_idle)
		prefer_passive_wait(argv);
	/* The games remember their settings (cli/prefs.h); the command
	 * line wins over them. */
	if (m->prefs) {
		char err[4300];
		if (prefs_load(&prefs, err, sizeof err) != 0)
			cli_warn("%s", err);
		prefs_apply(&prefs, &o);
		session.prefs = &prefs;
	}
	if (m->book && book_cli_attach(&o, &session) != 0) {
		options_free(&o);
		return CLI_EXIT_FAILURE;
	}
	/* --trace: bench speedup on positions only; the file is checked
	 * before any work and closed once no search runs. */
	if (o.trace != NULL && o.mode == MODE_BENCH &&
	    (o.argc < 1 || strcmp(o.argv[0], "speedup") != 0 || o.bench.tour ||
	     o.bench.game)) {
		cli_error("--trace applies to bench speedup on positions (not "
		          "--tour or --game)");
		status = CLI_EXIT_USAGE;
	} else if (o.trace != NULL &&
	           (output_file_check("--trace", o.trace) != 0 ||
	            trace_file_open(o.trace) != 0)) {
		status = CLI_EXIT_USAGE;
	} else {
		status = m->run(&o, &session);
		if (trace_file_close() != 0 && status == CLI_EXIT_OK)
			status = CLI_EXIT_FAILURE;
	}
	book_cli_detach(&session);
	options_free(&o);
	return status;
}
