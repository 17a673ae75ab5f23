/* book-cli.c -- the opening book at the command line: `dropfour book build`
 * and `dropfour book info`, and finding the book that solve, selfplay and
 * the game use (--book, DROPFOUR_BOOK, the shipped one).  The build itself
 * is book-build.c's. */
#include "config.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "book/book.h"
#include "cli/book-cli.h"
#include "cli/data.h"
#include "cli/output.h"
#include "cli/progress.h"
#include "core/board.h"
#include "core/stop.h"
#include "core/util.h"

/* ---- finding the book -----------------------------------------------------
 */

int
book_cli_attach(const struct options *o, struct cli_session *session)
{
	char err[512];
	const char *env = getenv("DROPFOUR_BOOK");
	const char *path = o->book;
	bool named = true;

	session->book = NULL;
	if (o->no_book)
		return 0;
	if (path == NULL && env != NULL && env[0] != '\0')
		path = env;
	if (path == NULL) {
		/* The shipped book, from the package data. */
		static char buf[4096];
		named = false;
		if (o->width != BOARD_DEFAULT_WIDTH ||
		    o->height != BOARD_DEFAULT_HEIGHT)
			return 0;
		if (!data_find(BOOK_DEFAULT_NAME, buf, sizeof buf)) {
			char where[1024];
			data_describe(where, sizeof where);
			cli_note("no opening book %s (%s): searches start "
			         "from scratch (--book FILE names one)",
			         BOOK_DEFAULT_NAME, where);
			return 0;
		}
		path = buf;
	}
	struct book *bk = book_open(path, err, sizeof err);
	if (bk == NULL) {
		cli_error("%s%s", err,
		          named ? "" : " (the shipped book: not used)");
		return named ? -1 : 0;
	}
	if ((book_width(bk) != o->width || book_height(bk) != o->height) &&
	    o->book == NULL) {
		/* $DROPFOUR_BOOK serves its own board size; another size
		 * plays without it (a note where a book would be used) */
		if (o->mode == MODE_SOLVE || o->mode == MODE_SELFPLAY ||
		    o->mode == MODE_ENGINE || o->perfect)
			cli_note("DROPFOUR_BOOK %s holds %dx%d "
			         "positions: not used on the %dx%d board",
			         path, book_width(bk), book_height(bk),
			         o->width, o->height);
		book_free(bk);
		return 0;
	}
	if (book_width(bk) != o->width || book_height(bk) != o->height) {
		cli_error("%s: a book of %dx%d positions, but the board "
		          "is %dx%d",
		          path, book_width(bk), book_height(bk), o->width,
		          o->height);
		book_free(bk);
		return -1;
	}
	session->book = bk;
	return 0;
}

void
book_cli_detach(struct cli_session *session)
{
	book_free((struct book *)session->book);
	session->book = NULL;
}

/* The build's report (book-build.h), drawn here: messages on stderr after
 * the program's name, the progress line redrawn in place on stderr, the
 * summary on stdout. */
static void
build_message(void *ctx, const char *text)
{
	cli_progress_clear(ctx);
	cli_error("%s", text);
}

static void
build_progress(void *ctx, const char *line)
{
	struct cli_progress *pr = ctx;
	if (line != NULL)
		cli_progress_show(pr, "%s", line);
	else
		cli_progress_clear(pr);
}

static void
build_summary(void *ctx, const char *text)
{
	(void)ctx;
	printf("%s\n", text);
}

/* The build's one progress line (a build runs once in a process). */
static struct cli_progress build_line;
static const struct book_report build_report = {build_message, build_progress,
                                                build_summary, &build_line};

int
book_cli_status(enum book_build_status st)
{
	switch (st) {
	case BOOK_BUILD_OK:
		return CLI_EXIT_OK;
	case BOOK_BUILD_BAD_PARAMS:
		return CLI_EXIT_USAGE;
	case BOOK_BUILD_STOPPED:
		return cli_stopped_status();
	case BOOK_BUILD_FAILED:
		break;
	}
	return CLI_EXIT_FAILURE;
}

void
book_cli_params(const struct options *o, struct book_build_params *p)
{
	p->width = o->width;
	p->height = o->height;
	p->ply = o->book_build.ply;
	p->output = o->output;
	/* The progress line: in place on a terminal, or with --progress
	 * (dropfour-mpi's rank 0, whose stderr is a pipe to mpirun); else a
	 * whole line now and then (progress.h). */
	cli_progress_begin(&build_line);
	if (o->book_build.progress)
		build_line.tty = true;
	p->progress = true;
	p->threads = o->threads;
	p->tt_mb = o->tt_mb;
	p->report = &build_report;
	p->tmpdir = getenv("TMPDIR");
}

/* ---- `dropfour book` ------------------------------------------------------
 */

static int
book_build_cmd(const struct options *o, int argc, char **argv)
{
	(void)argv;
	if (argc != 0) {
		cli_error("book build: unexpected argument "
		          "'%s'",
		          argv[0]);
		return CLI_EXIT_USAGE;
	}
	if (output_file_check("-o", o->output) != 0)
		return CLI_EXIT_USAGE;
	struct book_build_params p;
	book_cli_params(o, &p);
	return book_cli_build(&p);
}

int
book_cli_build(struct book_build_params *p)
{
	struct search_stop stop;
	struct util_stop_saved saved;
	search_stop_init(&stop, NULL);
	p->stop = &stop;
	util_stop_signals_begin(&saved, &stop);
	enum book_build_status st = book_build_run(p);
	util_stop_signals_end(&saved);
	p->stop = NULL;
	return book_cli_status(st);
}

/* `dropfour book info FILE`: check the whole file, print its header. */
static int
book_info(const struct options *o, int argc, char **argv)
{
	char err[512];
	(void)o;
	if (argc != 1) {
		cli_error("book info takes one FILE");
		return CLI_EXIT_USAGE;
	}
	struct book *bk = book_open(argv[0], err, sizeof err);
	if (bk == NULL) {
		cli_error("%s", err);
		return CLI_EXIT_FAILURE;
	}
	printf("%s: dropfour book, format %d, %dx%d board, positions up to "
	       "%d stones\n%" PRIu64 " entries, checksum %016" PRIx64 " (ok)\n",
	       argv[0], BOOK_VERSION, book_width(bk), book_height(bk),
	       book_ply(bk), book_count(bk), book_checksum(bk));
	book_free(bk);
	return 0;
}

static const struct {
	const char *name;
	int (*run)(const struct options *o, int argc, char **argv);
} book_commands[] = {
    {"build", book_build_cmd},
    {"info", book_info},
};

int
book_cli_main(const struct options *o, struct cli_session *session)
{
	(void)session; /* the benchmarks and the builds load nothing */
	for (size_t i = 0;
	     o->argc > 0 && i < sizeof book_commands / sizeof book_commands[0];
	     i++)
		if (strcmp(o->argv[0], book_commands[i].name) == 0)
			return book_commands[i].run(o, o->argc - 1,
			                            o->argv + 1);
	if (o->argc > 0)
		cli_error("unknown book command '%s' (build or info)",
		          o->argv[0]);
	else
		cli_error("missing book command: book build or book "
		          "info");
	cli_try_help("book");
	return CLI_EXIT_USAGE;
}
