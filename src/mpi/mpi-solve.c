/* mpi-solve.c -- `dropfour-mpi solve`: positions of a file solved across the
 * ranks, printed in input order. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "core/board.h"
#include "cli/solve.h"
#include "search/dist/dist.h"
#include "search/engine/engine.h"
#include "search/search.h"
#include "core/util.h"
#include "mpi/dropfour-mpi.h"

/* ---- solve: batch solving of a position file -------------------------- */

/* A position to solve: its line number (0-based, the output order) and the
 * line itself up to the first blank. */
struct solve_job {
	int64_t index;
	char moves[BOARD_MAX_CELLS + 2];
};

/* index, score, nodes, microseconds, then every column's score (analyze;
 * SOLVE_NO_SCORE for a full column). */
#define SOLVE_RESULT_LEN (4 + BOARD_MAX_WIDTH)
#define SOLVE_NO_SCORE   INT64_MIN

/* A worker rank: whole positions (TAG_SOLVE_JOB) on its search, or the
 * tasks of one position's search across the ranks (TAG_DIST_TASK) on its
 * engine; each made when first needed. */
static void
solve_worker(const struct options *o, const struct book *book,
             const struct mpi_table *mt)
{
	struct search_limits lim;
	struct search *s = NULL;
	struct dist_worker wk;
	struct solve_job job;
	MPI_Status st;

	options_solve_limits(o, book, &lim);
	memset(&wk, 0, sizeof wk);
	wk.threads = o->threads;
	wk.book = lim.book;
	mpi_table_give(mt, &wk);
	MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_READY, MPI_COMM_WORLD);
	for (;;) {
		MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
		if (mpi_dist_take(&wk, o->tt_mb, &st))
			continue;
		MPI_Recv(&job, sizeof job, MPI_BYTE, 0, st.MPI_TAG,
		         MPI_COMM_WORLD, &st);
		if (st.MPI_TAG == TAG_STOP)
			break;
		if (s == NULL)
			s = output_search_new(o->tt_mb);
		int64_t res[SOLVE_RESULT_LEN];
		struct search_result r;
		board_t b;
		char err[128];
		job.moves[sizeof job.moves - 1] = '\0';
		/* Rank 0 parsed the line already: it cannot fail here. */
		if (solve_parse_line(job.moves, o->width, o->height, &b, err,
		                     sizeof err) != 0)
			MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_PROTOCOL);
		search_run(s, &b, &lim, &r);
		res[0] = job.index;
		res[1] = r.score;
		res[2] = (int64_t)r.nodes;
		res[3] = (int64_t)(r.seconds * 1e6 + 0.5);
		for (int c = 0; c < BOARD_MAX_WIDTH; c++)
			res[4 + c] = c < b.w && r.col_kind[c] != SCORE_NONE
			                 ? r.col_score[c]
			                 : SOLVE_NO_SCORE;
		MPI_Send(res, SOLVE_RESULT_LEN, MPI_INT64_T, 0,
		         TAG_SOLVE_RESULT, MPI_COMM_WORLD);
	}
	if (s != NULL)
		search_free(s);
	if (wk.e != NULL)
		engine_free(wk.e);
}

/* The input's lines, and which of them are positions to solve. */
struct solve_input {
	char **line;
	bool *valid;
	int64_t n;
};

static int
read_input(const struct options *o, struct solve_input *in)
{
	FILE *f = stdin;
	const char *name = "stdin";
	char *line = NULL;
	size_t cap = 0, alloc = 0;
	int status = 0;

	if (o->argc == 1 && strcmp(o->argv[0], "-") != 0) {
		name = o->argv[0];
		if ((f = fopen(name, "r")) == NULL) {
			cli_error("%s: %s", name, strerror(errno));
			return -1;
		}
	}
	memset(in, 0, sizeof *in);
	ssize_t got;
	for (errno = 0; (got = util_getline(&line, &cap, f)) != -1; errno = 0) {
		board_t b;
		char err[160];
		if ((size_t)in->n == alloc) {
			alloc = alloc ? 2 * alloc : 256;
			in->line = xrealloc(in->line, alloc * sizeof *in->line);
			in->valid =
			    xrealloc(in->valid, alloc * sizeof *in->valid);
		}
		in->line[in->n] = xstrdup(line);
		in->valid[in->n] =
		    solve_parse_input(line, (size_t)got, o->width, o->height,
		                      &b, err, sizeof err) == 0;
		if (!in->valid[in->n]) {
			cli_error("%s:%lld:%s", name, (long long)in->n + 1,
			          err);
			status = CLI_EXIT_FAILURE;
		}
		in->n++;
	}
	if (solve_end_input(f, name, line) != 0)
		status = CLI_EXIT_FAILURE;
	return status;
}

static void
print_result(const struct options *o, const char *line, const int64_t *res)
{
	struct search_result r;
	memset(&r, 0, sizeof r);
	r.score = (int)res[1];
	r.nodes = (uint64_t)res[2];
	r.seconds = (double)res[3] / 1e6;
	for (int c = 0; c < BOARD_MAX_WIDTH; c++) {
		r.col_kind[c] =
		    res[4 + c] == SOLVE_NO_SCORE ? SCORE_NONE : SCORE_EXACT;
		r.col_score[c] =
		    res[4 + c] == SOLVE_NO_SCORE ? 0 : (int)res[4 + c];
	}
	solve_print(line, o->width, o->solve.analyze, &r);
}

/* Rank 0, for an input of one position: one search across every rank
 * (dist.h), rank 0 the master and a worker too; its line printed as a
 * batch prints it, and on standard error what each rank did.  SIGINT,
 * SIGTERM or SIGHUP stop it through its token: every rank's task is
 * cancelled, the line is printed partial with the bound known so far
 * (">=S", "<=S" or "?") and the status is 128 + the signal's number;
 * else 0. */
static int
solve_one(const struct options *o, const struct book *book,
          const struct mpi_world *w, const struct mpi_table *mt,
          const char *line)
{
	board_t b;
	char err[160];
	struct search_limits lim;
	struct dist_worker local;
	struct dist_transport t;
	struct mpi_dist d;
	struct search_result r;
	struct dist_stats st;

	if (solve_parse_line(line, o->width, o->height, &b, err, sizeof err) !=
	    0)
		MPI_Abort(MPI_COMM_WORLD,
		          CLI_EXIT_PROTOCOL); /* read_input() checked it */
	options_solve_limits(o, book, &lim);
	memset(&local, 0, sizeof local);
	mpi_table_give(mt, &local);
	local.e = output_engine_new(mpi_table_engine_mb(&local, o->tt_mb));
	local.threads = o->threads;
	local.book = lim.book;
	mpi_dist_init(&d, &t, &local, w, mt);
	struct search_stop stop;
	struct util_stop_saved saved;
	search_stop_init(&stop, NULL);
	lim.stop = &stop;
	util_stop_signals_begin(&saved, &stop);
	dist_search(&t, &b, &lim, NULL, &r, &st);
	util_stop_signals_end(&saved);
	mpi_dist_free(&d);
	engine_free(local.e);
	if (r.partial) {
		solve_print(line, o->width, o->solve.analyze, &r);
		cli_note("one search over %d ranks stopped by a signal after "
		         "%.2f s: the score is the bound known so far",
		         st.nworkers, r.seconds);
		return cli_stopped_status();
	}

	int64_t res[SOLVE_RESULT_LEN];
	res[0] = 0;
	res[1] = r.score;
	res[2] = (int64_t)r.nodes;
	res[3] = (int64_t)(r.seconds * 1e6 + 0.5);
	for (int c = 0; c < BOARD_MAX_WIDTH; c++)
		res[4 + c] = c < b.w && r.col_kind[c] == SCORE_EXACT
		                 ? r.col_score[c]
		                 : SOLVE_NO_SCORE;
	print_result(o, line, res);
	char per[1024];
	size_t n = 0;
	for (int k = 0; k < st.nworkers && n < sizeof per; k++)
		n += (size_t)snprintf(
		    per + n, sizeof per - n, "%s%llu/%u", k ? " " : "",
		    (unsigned long long)st.nodes[k], st.tasks[k]);
	cli_note("one search over %d ranks: frontier %d plies, %d tasks, %d "
	         "handed out, %d cut; nodes/tasks per rank: %s",
	         st.nworkers, st.frontier, st.ntasks, st.handed, st.cut, per);
	char traffic[512];
	dist_stats_traffic(&st, t.tables, traffic, sizeof traffic);
	cli_note("the network: %s", traffic);
	return 0;
}

/* Rank 0: hand out the valid lines one at a time to whichever worker asks,
 * print the results in input order as they complete.  A single position
 * is one search across the ranks instead (solve_one()). */
static int
solve_coordinator(const struct options *o, const struct book *book,
                  const struct mpi_world *w, const struct mpi_table *mt)
{
	struct solve_input in;
	int status = read_input(o, &in);
	if (status < 0) {
		mpi_release_workers(w);
		return CLI_EXIT_FAILURE;
	}
	int64_t nvalid = 0, one = -1;
	for (int64_t i = 0; i < in.n; i++)
		if (in.valid[i]) {
			nvalid++;
			one = i;
		}
	if (nvalid == 1) {
		int st1 = solve_one(o, book, w, mt, in.line[one]);
		if (st1 != 0)
			status = st1;
		in.valid[one] = false; /* done: nothing to hand out */
	}
	int64_t(*res)[SOLVE_RESULT_LEN] =
	    xcalloc((size_t)in.n + 1, sizeof *res);
	bool *have = xcalloc((size_t)in.n + 1, sizeof *have);
	int64_t next_job = 0, next_print = 0;
	int stopped = 0;

	while (stopped < w->size - 1) {
		MPI_Status st;
		int64_t buf[SOLVE_RESULT_LEN];
		mpi_wait_message(&st);
		if (st.MPI_TAG == TAG_DIST_ENTRIES) {
			/* A table's entries after its search: no request. */
			static struct dist_entries late;
			MPI_Recv(&late, sizeof late, MPI_BYTE, st.MPI_SOURCE,
			         st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			continue;
		}
		if (st.MPI_TAG == TAG_SOLVE_RESULT) {
			MPI_Recv(buf, SOLVE_RESULT_LEN, MPI_INT64_T,
			         st.MPI_SOURCE, TAG_SOLVE_RESULT,
			         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			if (buf[0] < 0 || buf[0] >= in.n)
				MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_PROTOCOL);
			memcpy(res[buf[0]], buf, sizeof buf);
			have[buf[0]] = true;
		} else {
			MPI_Recv(NULL, 0, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG,
			         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		}
		/* Every message asks for the next job. */
		while (next_job < in.n && !in.valid[next_job])
			next_job++;
		if (next_job < in.n) {
			struct solve_job job;
			memset(&job, 0, sizeof job);
			job.index = next_job;
			size_t len = strcspn(in.line[next_job], " \t\r\n");
			if (len >= sizeof job.moves)
				len = sizeof job.moves - 1;
			memcpy(job.moves, in.line[next_job], len);
			MPI_Send(&job, sizeof job, MPI_BYTE, st.MPI_SOURCE,
			         TAG_SOLVE_JOB, MPI_COMM_WORLD);
			next_job++;
		} else {
			MPI_Send(NULL, 0, MPI_BYTE, st.MPI_SOURCE, TAG_STOP,
			         MPI_COMM_WORLD);
			stopped++;
		}
		for (; next_print < in.n &&
		       (have[next_print] || !in.valid[next_print]);
		     next_print++)
			if (in.valid[next_print])
				print_result(o, in.line[next_print],
				             res[next_print]);
	}
	for (int64_t i = 0; i < in.n; i++)
		free(in.line[i]);
	free(in.line);
	free(in.valid);
	free(res);
	free(have);
	return status;
}

int
mpi_solve_run(const struct options *o, struct cli_session *session,
              const struct mpi_world *w)
{
	if (o->argc > 1)
		return mpi_usage(w, "solve takes at most one FILE");
	if (w->size > 1 && (o->time_limit > 0 || o->node_limit > 0 || o->json))
		return mpi_usage(w, "solve: --time, --nodes and --json are "
		                    "dropfour solve's (one rank)");
	if (w->size == 1)
		return solve_main(o, session);
	struct mpi_table mt;
	mpi_table_open(w, o->tt_mb, !o->dist_table_own, o->dist_machines,
	               o->dist_upper < 0 ? DIST_UPPER_CELLS : o->dist_upper,
	               &mt);
	int status = CLI_EXIT_OK;
	if (w->rank == 0)
		status = solve_coordinator(o, session->book, w, &mt);
	else
		solve_worker(o, session->book, &mt);
	mpi_table_close(&mt);
	return status;
}
