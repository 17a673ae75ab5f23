/* mpi-tour.c -- `dropfour-mpi tour`: knight's tours counted below prefixes
 * handed out on demand. */
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
#include "cli/tour-cli.h"
#include "tour/tour.h"
#include "core/util.h"
#include "mpi/dropfour-mpi.h"

/* ---- tour: knight's tours below prefixes handed out on demand --------- */

/*
 * Every rank builds the same plan and expands it to the same list of
 * prefixes (TOUR_MPI_LEN squares), so work is named by index: rank 0 sends
 * {first, count}, a worker counts those prefixes with its OpenMP threads
 * (tour_count(): one call) and sends back {first, count, nodes, then one
 * count per prefix}.  Rank 0 adds the counts up per first move.
 */
#define TOUR_MPI_LEN   8  /* squares in a handed-out prefix */
#define TOUR_MPI_BATCH 16 /* prefixes per message */

struct tour_work {
	struct tour_plan plan;
	struct tour_prefix *pre; /* the handed-out prefixes */
	int *from;               /* the plan prefix each is under */
	int n;
};

static void
tour_work_make(struct tour_work *t)
{
	const struct tour_plan *p = &t->plan;
	t->pre = NULL;
	t->from = NULL;
	t->n = 0;
	for (int i = 0; i < p->n; i++) {
		struct tour_prefix *x;
		int m = tour_expand(&p->b, &p->pre[i], TOUR_MPI_LEN,
		                    p->par.closed, &x);
		t->pre = xrealloc(t->pre, (size_t)(t->n + m) * sizeof *t->pre);
		t->from =
		    xrealloc(t->from, (size_t)(t->n + m) * sizeof *t->from);
		if (m > 0) /* x is NULL when nothing is left below */
			memcpy(t->pre + t->n, x, (size_t)m * sizeof *x);
		for (int j = 0; j < m; j++)
			t->from[t->n + j] = i;
		t->n += m;
		free(x);
	}
}

static void
tour_worker(struct tour_work *t)
{
	struct tour_params par = t->plan.par;
	uint64_t counts[TOUR_MPI_BATCH];
	int64_t res[3 + TOUR_MPI_BATCH];
	MPI_Status st;

	/* Tasks a few moves below the handed-out prefixes. */
	if (par.split_depth < TOUR_MPI_LEN + 2)
		par.split_depth = TOUR_MPI_LEN + 2;
	par.list = NULL;
	par.list_max = 0;
	MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_READY, MPI_COMM_WORLD);
	for (;;) {
		int64_t job[2];
		struct tour_result r;
		MPI_Recv(job, 2, MPI_INT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD,
		         &st);
		if (st.MPI_TAG == TAG_STOP)
			break;
		if (job[0] < 0 || job[1] < 1 || job[1] > TOUR_MPI_BATCH ||
		    job[0] + job[1] > t->n)
			MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_PROTOCOL);
		tour_count(&t->plan.b, t->pre + job[0], (int)job[1], &par, NULL,
		           counts, &r);
		res[0] = job[0];
		res[1] = job[1];
		res[2] = (int64_t)r.nodes;
		for (int i = 0; i < job[1]; i++)
			res[3 + i] = (int64_t)counts[i];
		MPI_Send(res, 3 + (int)job[1], MPI_INT64_T, 0, TAG_TOUR_RESULT,
		         MPI_COMM_WORLD);
	}
}

static int
tour_coordinator(struct tour_work *t, const struct mpi_world *w)
{
	const struct tour_plan *p = &t->plan;
	uint64_t *counts = xcalloc((size_t)p->n, sizeof *counts);
	uint64_t *rank_nodes = xcalloc((size_t)w->size, sizeof *rank_nodes);
	uint64_t *rank_tours = xcalloc((size_t)w->size, sizeof *rank_tours);
	uint64_t nodes = 0;
	int64_t next = 0;
	int stopped = 0;
	double t0 = MPI_Wtime();
	char desc[160];

	tour_cli_plan_describe(p, desc, sizeof desc);
	printf("# dropfour-mpi tour: %s, %d worker ranks, %d prefixes of %d "
	       "squares\n",
	       desc, w->size - 1, t->n, TOUR_MPI_LEN);
	fflush(stdout);
	while (stopped < w->size - 1) {
		MPI_Status st;
		int64_t res[3 + TOUR_MPI_BATCH];
		mpi_wait_message(&st);
		if (st.MPI_TAG == TAG_TOUR_RESULT) {
			MPI_Recv(res, 3 + TOUR_MPI_BATCH, MPI_INT64_T,
			         st.MPI_SOURCE, TAG_TOUR_RESULT, MPI_COMM_WORLD,
			         MPI_STATUS_IGNORE);
			if (res[0] < 0 || res[1] < 1 ||
			    res[1] > TOUR_MPI_BATCH || res[0] + res[1] > t->n)
				MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_PROTOCOL);
			nodes += (uint64_t)res[2];
			rank_nodes[st.MPI_SOURCE] += (uint64_t)res[2];
			for (int i = 0; i < res[1]; i++) {
				counts[t->from[res[0] + i]] +=
				    (uint64_t)res[3 + i];
				rank_tours[st.MPI_SOURCE] +=
				    (uint64_t)res[3 + i];
			}
		} else {
			MPI_Recv(NULL, 0, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG,
			         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		}
		/* Every message asks for the next batch. */
		if (next < t->n) {
			int64_t job[2] = {next, t->n - next < TOUR_MPI_BATCH
			                            ? t->n - next
			                            : TOUR_MPI_BATCH};
			MPI_Send(job, 2, MPI_INT64_T, st.MPI_SOURCE,
			         TAG_TOUR_WORK, MPI_COMM_WORLD);
			next += job[1];
		} else {
			MPI_Send(NULL, 0, MPI_BYTE, st.MPI_SOURCE, TAG_STOP,
			         MPI_COMM_WORLD);
			stopped++;
		}
	}
	tour_cli_report_moves(p, counts);
	printf("%6s %16s %16s%s\n", "rank", "nodes", "tours",
	       p->symmetric ? " (one start per orbit)" : "");
	for (int r = 1; r < w->size; r++)
		printf("%6d %16llu %16llu\n", r,
		       (unsigned long long)rank_nodes[r],
		       (unsigned long long)rank_tours[r]);
	tour_cli_report_total(p, counts, nodes, MPI_Wtime() - t0);
	free(counts);
	free(rank_nodes);
	free(rank_tours);
	return 0;
}

int
mpi_tour_run(const struct options *o, struct cli_session *session,
             const struct mpi_world *w)
{
	struct tour_work t;
	int status;

	if (o->tour.watch || o->tour.list)
		return mpi_usage(w, "tour counts only (no --watch or --list)");
	if (w->size == 1)
		return tour_cli_main(o, session);
	/* Every rank checks the options alike; rank 0 says what is wrong. */
	struct quiet q;
	mpi_quiet_begin(w, &q);
	status = tour_cli_plan_make(o, 4, 7, false, &t.plan);
	mpi_quiet_end(&q);
	if (status != 0)
		return CLI_EXIT_USAGE;
	tour_work_make(&t);
	if (w->rank == 0)
		status = tour_coordinator(&t, w);
	else
		tour_worker(&t);
	free(t.pre);
	free(t.from);
	tour_cli_plan_free(&t.plan);
	return status;
}
