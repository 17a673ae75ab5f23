/* statespace-cli.c -- `dropfour statespace`: run both passes over a small
 * board, print the per-ply table, optionally write the solved table. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "core/score.h"
#include "search/search.h"
#include "statespace/statespace-book.h"
#include "cli/statespace-cli.h"
#include "cli/progress.h"
#include "core/util.h"

struct progress {
	struct cli_progress line;
	int last;
};

static void
show_progress(void *arg, enum statespace_phase phase, int ply,
              const struct statespace_ply *row)
{
	struct progress *pr = arg;
	char n[32];

	cli_progress_show(&pr->line, "%s pass: ply %d of %d, %s positions",
	                  phase == STATESPACE_FORWARD ? "forward" : "backward",
	                  ply, pr->last,
	                  util_si(n, sizeof n, (double)row->positions));
}

static void
show_note(void *arg, const char *msg)
{
	struct progress *pr = arg;
	cli_progress_clear(&pr->line);
	cli_error("statespace: %s", msg);
}

static double
rate(uint64_t n, double s)
{
	return s > 0 ? (double)n / s : 0;
}

void
statespace_cli_print_table(FILE *f, const struct statespace *ss)
{
	int w = statespace_width(ss), h = statespace_height(ss);
	struct statespace_ply sum;
	char a[32], b[32];

	fprintf(f, "%4s %14s %14s %14s %14s %14s %9s %9s\n", "ply", "positions",
	        "terminal", "won", "drawn", "lost", "forward", "backward");
	for (int ply = 0; ply <= w * h; ply++) {
		const struct statespace_ply *r = statespace_row(ss, ply);
		fprintf(
		    f, "%4d %14llu %14llu %14llu %14llu %14llu %8.3fs %8.3fs\n",
		    ply, (unsigned long long)r->positions,
		    (unsigned long long)r->terminal, (unsigned long long)r->won,
		    (unsigned long long)r->drawn, (unsigned long long)r->lost,
		    r->forward_s, r->backward_s);
	}
	statespace_totals(ss, &sum);
	fprintf(f,
	        "forward pass %.3f s, %s positions/s; backward pass %.3f s, "
	        "%s positions/s\n",
	        sum.forward_s,
	        util_si(a, sizeof a, rate(sum.positions, sum.forward_s)),
	        sum.backward_s,
	        util_si(b, sizeof b, rate(sum.positions, sum.backward_s)));
}

void
statespace_cli_print_result(FILE *f, const struct statespace *ss)
{
	int w = statespace_width(ss), h = statespace_height(ss);
	struct statespace_ply sum;
	char words[64];

	statespace_totals(ss, &sum);
	board_t empty;
	int score = 0;
	board_init(&empty, w, h);
	statespace_lookup(ss, &empty, &score);
	score_words(&empty, SCORE_EXACT, score, words, sizeof words);
	fprintf(f, "empty %dx%d board: %d, %s for the first player\n", w, h,
	        score, words);
	fprintf(f,
	        "total %llu positions, %llu won, %llu drawn, %llu lost by "
	        "the side to move\n",
	        (unsigned long long)sum.positions, (unsigned long long)sum.won,
	        (unsigned long long)sum.drawn, (unsigned long long)sum.lost);
}

/* -o FILE: the solved table as a book (statespace-book.c). */
static int
write_book(const struct options *o, const struct statespace *ss)
{
	char err[600];
	uint64_t n = 0;
	double t0 = util_now_s();

	if (o->output == NULL)
		return 0;
	if (statespace_write_book(ss, o->output, &n, err, sizeof err) != 0) {
		cli_error("statespace: %s", err);
		return CLI_EXIT_FAILURE;
	}
	printf("book %s: %llu positions whose game is not over (one of each "
	       "mirror pair), %.3f s\n",
	       o->output, (unsigned long long)n, util_now_s() - t0);
	return 0;
}

/* Whether the run fits: every level is kept, in memory up to the budget
 * and in files under the temporary folder past it (each rank holding its
 * share).  0, or -1 after saying what it needs and what there is (rank 0
 * speaks; every rank learns the answer). */
static int
check_room(const struct statespace_limits *lim, bool speak, int ranks)
{
	bool exact;
	double positions =
	    statespace_positions_estimate(lim->w, lim->h, &exact);
	double need = positions * STATESPACE_BYTES_PER_POSITION / ranks;
	const char *dir = lim->tmpdir;
	if (dir == NULL)
		dir = getenv("TMPDIR");
	if (dir == NULL || dir[0] == '\0')
		dir = "/tmp";
	uint64_t avail = util_mem_available();
	uint64_t mem = avail != 0 && avail < lim->memory_bytes
	                   ? avail
	                   : (uint64_t)lim->memory_bytes;
	struct statvfs vfs;
	uint64_t disk =
	    statvfs(dir, &vfs) == 0 ? (uint64_t)vfs.f_bavail * vfs.f_frsize : 0;
	uint64_t bad = need > (double)mem + (double)disk;
	if (lim->comm != NULL)
		lim->comm->sum(lim->comm->ctx, &bad, 1);
	if (bad == 0)
		return 0;
	if (speak) {
		char p[32], n[32], m[32], d[32];
		cli_error("statespace %dx%d: %s%s positions, %sB of levels "
		          "(%d bytes a position%s), but this machine has %sB "
		          "of memory for them (--memory-mb) and %sB free "
		          "under %s (--tmpdir)%s",
		          lim->w, lim->h, exact ? "" : "at most about ",
		          util_si(p, sizeof p, positions),
		          util_si(n, sizeof n, need),
		          STATESPACE_BYTES_PER_POSITION,
		          ranks > 1 ? ", each rank its share" : "",
		          util_si(m, sizeof m, (double)mem),
		          util_si(d, sizeof d, (double)disk), dir,
		          lim->w * lim->h >= 42
		              ? ": beyond one machine; dropfour-mpi statespace "
		                "spreads the levels over many (see "
		                "docs/statespace.md, \"Bigger boards\")"
		              : "; give a smaller board, or spread it over "
		                "machines with dropfour-mpi statespace");
	}
	return -1;
}

/* The run's arguments: 0, or -1 after rank 0 says what is wrong. */
static int
check_args(const struct options *o, const struct statespace_comm *comm,
           bool speak, int ranks)
{
	const char *why = statespace_size_error(o->width, o->height);

	if (o->argc > 0)
		why = "unexpected argument";
	else if (o->output != NULL && ranks > 1)
		why = "-o needs a single process";
	else if (speak && output_file_check("-o", o->output) != 0)
		return -1;
	else if (o->statespace.state_dir != NULL && comm != NULL)
		why = "--state needs a single process (dropfour statespace)";
	if (why != NULL) {
		if (speak)
			cli_error("statespace %dx%d: %s%s%s", o->width,
			          o->height, why, o->argc ? " " : "",
			          o->argc ? o->argv[0] : "");
		return -1;
	}
	return 0;
}

/* The run's first line (rank 0's); returns 1 if standard output is lost,
 * else 0. */
static uint64_t
print_head(const struct options *o, const struct statespace_limits *lim,
           int ranks)
{
	char mem[32];

	printf("statespace %dx%d: ", o->width, o->height);
	if (ranks > 1)
		printf("%d ranks of ", ranks);
	printf("%d thread%s, memory for levels %s, files under %s\n",
	       o->threads, o->threads == 1 ? "" : "s",
	       util_si(mem, sizeof mem, (double)lim->memory_bytes),
	       o->statespace.tmpdir ? o->statespace.tmpdir
	       : getenv("TMPDIR")   ? getenv("TMPDIR")
	                            : "/tmp");
	return !output_flush();
}

/* After the run: the memory it took, summed over the ranks, then (rank 0)
 * the table, the book with -o and the result.  Returns the exit status. */
static int
report(const struct options *o, const struct statespace_comm *comm, bool speak,
       int ranks, const struct statespace *ss)
{
	char mem[32], disk[32], rss[32];
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	uint64_t m[3] = {(uint64_t)ru.ru_maxrss * 1024,
	                 statespace_peak_memory(ss), statespace_disk_bytes(ss)};
	if (comm)
		comm->sum(comm->ctx, m, 3);
	int status = 0;
	if (speak) {
		statespace_cli_print_table(stdout, ss);
		printf("peak memory %sB%s (levels: in memory at most %sB, in "
		       "files %sB)\n",
		       util_si(rss, sizeof rss, (double)m[0]),
		       ranks > 1 ? " over all ranks" : "",
		       util_si(mem, sizeof mem, (double)m[1]),
		       util_si(disk, sizeof disk, (double)m[2]));
		status = write_book(o, ss);
		statespace_cli_print_result(stdout, ss);
	}
	return status;
}

int
statespace_cli_run_ranks(const struct options *o,
                         const struct statespace_comm *comm)
{
	struct statespace_limits lim = {
	    .w = o->width,
	    .h = o->height,
	    .threads = o->threads,
	    .memory_bytes = o->statespace.memory_mb
	                        ? o->statespace.memory_mb << 20
	                        : statespace_default_memory(),
	    .tmpdir =
	        o->statespace.tmpdir ? o->statespace.tmpdir : getenv("TMPDIR"),
	    .comm = comm,
	    .state_dir = o->statespace.state_dir,
	    .keep_state = o->statespace.keep_state,
	    .note = show_note,
	};
	bool speak = comm == NULL || comm->rank == 0;
	int ranks = comm ? comm->size : 1;
	struct progress pr = {.last = o->width * o->height};
	cli_progress_begin(&pr.line);
	struct util_stop_saved saved;
	struct search_stop stop;
	char err[300];

	if (check_args(o, comm, speak, ranks) != 0)
		return CLI_EXIT_USAGE;
	if (check_room(&lim, speak, ranks) != 0)
		return CLI_EXIT_FAILURE;
	lim.note_arg = &pr;
	if (speak) {
		lim.progress = show_progress;
		lim.progress_arg = &pr;
	}
	search_stop_init(&stop, NULL);
	lim.stop = &stop;
	util_stop_signals_begin(&saved, &stop);

	uint64_t out_failed = speak ? print_head(o, &lim, ranks) : 0;
	/* Standard output lost: no run (every rank learns it). */
	if (comm != NULL)
		comm->sum(comm->ctx, &out_failed, 1);
	if (out_failed != 0) {
		util_stop_signals_end(&saved);
		return CLI_EXIT_FAILURE;
	}
	struct statespace *ss = statespace_run(&lim, err, sizeof err);
	cli_progress_clear(&pr.line);
	int status;
	if (ss == NULL) {
		if (speak || strncmp(err, "stopped", 7) != 0)
			cli_error(
			    "statespace: %s%s", err,
			    strcmp(err, "stopped") == 0 && comm == NULL
			        ? " (with --state DIR a stopped run can be "
			          "resumed)"
			        : "");
		status = search_stop_requested(&stop) ? cli_stopped_status()
		                                      : CLI_EXIT_FAILURE;
	} else {
		status = report(o, comm, speak, ranks, ss);
		if (status == 0 && statespace_state_remove(ss) != 0) {
			cli_error("statespace: removing %s: %s",
			          o->statespace.state_dir, strerror(errno));
			status = CLI_EXIT_FAILURE;
		}
		statespace_free(ss);
	}
	/* (The token is this frame's: no handler may outlive it.) */
	util_stop_signals_end(&saved);
	return status;
}

int
statespace_cli_main(const struct options *o, struct cli_session *session)
{
	(void)session; /* loads nothing */
	return statespace_cli_run_ranks(o, NULL);
}
