/* dropfour-mpi.c -- dropfour across processes and machines, on Open MPI.
 *
 *   mpirun -n K dropfour-mpi MODE [OPTION]... [ARG]...
 *
 * Rank 0 coordinates: it reads the input, hands out work on demand, takes
 * the results back and writes everything the user sees.  Ranks 1..K-1 do
 * the work, each with its own OpenMP threads (--threads) and tables.  With
 * one rank there is no one to hand work to, and rank 0 runs the mode as
 * `dropfour MODE` would.
 *
 * Only src/mpi includes mpi.h: the engine is libdropfour.a, the command
 * line libdropfour-cli.a, as for dropfour.  Messages carry plain data
 * (positions, batches of keys, results as fixed-size integer records), never
 * pointers; every rank runs the same binary, so records go as bytes.
 *
 * Modes are rows of mpi_modes[] (a name, a usage line, a function run on
 * every rank, in its own file mpi-MODE.c).  To add one: write `int
 * mpi_NAME_run(const struct options *, struct cli_session *,
 * const struct mpi_world *)`, declare
 * it in mpi.h, add a row, and make options_parse() know the mode word
 * (src/cli/options.c, modes[]).
 *
 * Rank 0 waits for messages with MPI_Iprobe and short sleeps rather than a
 * blocking receive: Open MPI's blocking calls spin, and rank 0 usually
 * shares a machine (often a core) with workers.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/board.h"
#include "core/util.h"
#include "cli/book-cli.h"
#include "cli/output.h"
#include "mpi/dropfour-mpi.h"

/* ---- the modes -------------------------------------------------------- */

static const struct mpi_mode {
	const char *name;
	const char *usage;
	const char *about; /* the mode under MPI, for MODE --help */
	int (*run)(const struct options *o, struct cli_session *session,
	           const struct mpi_world *w);
} mpi_modes[] = {
    {
        .name = "solve",
        .usage = "solve [OPTION]... [FILE]\n"
                 "      positions, one per line, solved across the ranks; "
                 "output in input\n      order, as dropfour solve",
        .about = "Under MPI: rank 0 reads the positions and hands whole "
                 "positions to the\n"
                 "ranks free for one (a position's search may itself be spread "
                 "across the\n"
                 "ranks), each rank searching with its own --threads and "
                 "tables; rank 0\n"
                 "writes the results in input order, as dropfour solve.\n",
        .run = mpi_solve_run,
    },
    {
        .name = "statespace",
        .usage = "statespace [-W W] [-H H] [OPTION]...\n"
                 "      every position of a small board, counted and "
                 "solved; each rank owns\n      parts of every level; "
                 "the table of dropfour statespace",
        .about = "Under MPI: every position of the small board, level by "
                 "level; each rank\n"
                 "owns parts of every level, the ranks exchange the positions "
                 "they find\n"
                 "with their owners, and rank 0 writes the table of dropfour "
                 "statespace.\n",
        .run = mpi_statespace_run,
    },
    {
        .name = "book",
        .usage = "book build [-W W] [-H H] --ply N [--threads T] [-o "
                 "FILE]\n"
                 "      an opening book, as dropfour book build: rank 0 "
                 "hands out batches,\n      keeps the journal and writes "
                 "the book (the same bytes)",
        .about = "Under MPI: the book's deepest level is searched across the "
                 "ranks in\n"
                 "batches that rank 0 hands out; rank 0 keeps the journal and "
                 "writes the\n"
                 "book, the same bytes as dropfour book build.\n",
        .run = mpi_book_run,
    },
    {
        .name = "play",
        .usage = "play [--text] [--depth D | --perfect] [OPTION]...\n"
                 "      the game on rank 0 (curses on mpirun's terminal, "
                 "else --text), the AI's\n      every search one search "
                 "across the ranks, a row per rank on the panel",
        .about = "Under MPI: the game on rank 0, every other rank a worker "
                 "until the game\n"
                 "ends.  Typed in an interactive shell, every rank on mpirun's "
                 "terminal\n"
                 "joins the shell's job: rank 0 draws the curses game on the "
                 "terminal and\n"
                 "reads the keys mpirun forwards; Ctrl-Z suspends the whole "
                 "job, fg\n"
                 "resumes it.  With --text (or no terminal) the text game "
                 "reads moves on\n"
                 "standard input.  Each of the AI's searches is one search "
                 "across the\n"
                 "ranks, to the depth of --depth (default 12) at every level "
                 "(the levels'\n"
                 "time budgets and noise are one process's); the panel's rows "
                 "are the\n"
                 "ranks.\n",
        .run = mpi_play_run,
    },
    /* tour */
    {
        .name = "tour",
        .usage = "tour [-W W] [-H H] [--from SQUARE|all] [--closed] "
                 "[OPTION]...\n"
                 "      knight's tours: rank 0 hands out prefixes of 8 "
                 "squares on demand and\n      adds up the counts; the "
                 "report of dropfour tour",
        .about = "Under MPI: rank 0 hands out prefixes of 8 squares on demand, "
                 "each rank\n"
                 "counts the tours below its prefixes with its own threads, "
                 "and rank 0 adds\n"
                 "up the counts: the report of dropfour tour.\n",
        .run = mpi_tour_run,
    },
};
#define NMODES ((int)(sizeof mpi_modes / sizeof mpi_modes[0]))

static void
usage(FILE *f)
{
	fputs("Usage: mpirun -n K dropfour-mpi MODE [OPTION]... [ARG]...\n"
	      "\n"
	      "dropfour across processes (Open MPI): rank 0 hands out work "
	      "and writes\nthe results, every other rank works with its own "
	      "--threads.\n\nModes:\n",
	      f);
	for (int i = 0; i < NMODES; i++)
		fprintf(f, "  dropfour-mpi %s\n", mpi_modes[i].usage);
	fputs("\nThe options are dropfour's (see dropfour --help and "
	      "dropfour(6)).\n"
	      "Report bugs to: " PACKAGE_BUGREPORT "\n",
	      f);
}

int
main(int argc, char **argv)
{
	struct mpi_world w;
	struct options o;
	const struct mpi_mode *mode = NULL;
	int provided, status;

	/* One thread at a time calls MPI: the main thread, or during the
	 * curses game the engine's thread that runs its searches
	 * (mpi-play.c); OpenMP threads only search. */
	MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
	MPI_Comm_size(MPI_COMM_WORLD, &w.size);
	output_init("dropfour-mpi");
	/* The locale of the environment, as dropfour's: the game draws in
	 * Unicode where it allows (mpirun passes the environment it was
	 * started in to the local ranks). */
	setlocale(LC_ALL, "");
	mpi_stdout_direct(&w);

	for (int i = 0; argc > 1 && i < NMODES; i++)
		if (strcmp(argv[1], mpi_modes[i].name) == 0)
			mode = &mpi_modes[i];
	if (mode == NULL) {
		bool help = argc > 1 && (strcmp(argv[1], "--help") == 0 ||
		                         strcmp(argv[1], "-h") == 0);
		bool version = argc > 1 && (strcmp(argv[1], "--version") == 0 ||
		                            strcmp(argv[1], "-V") == 0);
		if (w.rank == 0 && version) {
			printf("dropfour-mpi (%s)\n", PACKAGE_STRING);
		} else if (w.rank == 0) {
			if (!help && argc > 1)
				cli_error("unknown mode '%s'", argv[1]);
			else if (!help)
				cli_error("no mode given");
			usage(help ? stdout : stderr);
		}
		help = help || version;
		MPI_Finalize();
		return help ? CLI_EXIT_OK : CLI_EXIT_USAGE;
	}
	if (mpi_parse_options(&w, &o, argc, argv) != 0) {
		options_free(&o);
		MPI_Finalize();
		return CLI_EXIT_USAGE;
	}
	if (o.action != OPTIONS_RUN) {
		if (w.rank == 0 && o.action == OPTIONS_HELP) {
			printf("Usage: mpirun -n K dropfour-mpi %s\n\n%s\n"
			       "dropfour's options of the mode follow (see "
			       "dropfour(6) and dropfour-mpi(1)).\n\n",
			       mode->usage, mode->about);
			options_usage(stdout, o.mode, NULL);
		} else if (w.rank == 0)
			options_version(stdout);
		options_free(&o);
		MPI_Finalize();
		return CLI_EXIT_OK;
	}
	/* --trace records one process's threads (dropfour): not here. */
	if (o.trace != NULL) {
		if (w.rank == 0)
			cli_error("--trace: dropfour-mpi records no trace (use "
			          "dropfour)");
		options_free(&o);
		MPI_Finalize();
		return CLI_EXIT_USAGE;
	}
	/* The boards of dropfour-mpi are those of the 64-bit search (its
	 * messages carry 64-bit keys). */
	if (strcmp(mode->name, "tour") != 0 &&
	    !board_is_small(o.width, o.height)) {
		if (w.rank == 0)
			cli_error("%dx%d: dropfour-mpi takes boards "
			          "of at most 64 bits (width * (height + 1) <= "
			          "64)",
			          o.width, o.height);
		MPI_Finalize();
		return CLI_EXIT_USAGE;
	}
	/* The opening book for solving (every rank loads its own copy). */
	struct cli_session session = {NULL, NULL, NULL};
	if ((strcmp(mode->name, "solve") == 0 ||
	     strcmp(mode->name, "play") == 0) &&
	    book_cli_attach(&o, &session) != 0) {
		MPI_Finalize();
		return CLI_EXIT_FAILURE;
	}
	status = mode->run(&o, &session, &w);
	book_cli_detach(&session);
	options_free(&o);
	MPI_Finalize();
	return status;
}
