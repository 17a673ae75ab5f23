/* mpi-dist.c -- one search across the ranks: search/dist.h's transport
 * over MPI.  Rank 0's main thread is the master and its engine worker 0;
 * every other rank serves tasks on its own engine (its own table and
 * OpenMP threads).  Messages: TAG_DIST_TASK (a struct dist_task), its
 * answer TAG_DIST_RESULT (a struct dist_result), and TAG_DIST_CANCEL; a
 * cancelled task is answered too, marked stopped, so that rank 0 knows
 * the worker is free.  docs/distributed-search.md. */
#include "config.h"

#include <mpi.h>
#include <string.h>
#include <time.h>

#include "cli/output.h"
#include "core/util.h"
#include "mpi/dropfour-mpi.h"
#include "search/dist.h"

static void
nap(void)
{
	struct timespec ts = {0, 1000000}; /* 1 ms */
	nanosleep(&ts, NULL);
}

static void
md_start(void *ctx, int w, const struct dist_task *t)
{
	struct mpi_dist *d = ctx;
	if (w == 0)
		dist_worker_start(d->local, t);
	else
		MPI_Send(t, sizeof *t, MPI_BYTE, w, TAG_DIST_TASK,
		         MPI_COMM_WORLD);
}

static bool
md_next(void *ctx, int wait_ms, int *w, struct dist_result *r)
{
	struct mpi_dist *d = ctx;
	double until = util_now_s() + wait_ms / 1000.0;
	for (;;) {
		if (dist_worker_poll(d->local, r) ||
		    dist_worker_progress(d->local, r)) {
			*w = 0;
			return true;
		}
		int flag = 0;
		MPI_Status st;
		MPI_Iprobe(MPI_ANY_SOURCE, TAG_DIST_RESULT, MPI_COMM_WORLD,
		           &flag, &st);
		if (flag) {
			MPI_Recv(r, sizeof *r, MPI_BYTE, st.MPI_SOURCE,
			         TAG_DIST_RESULT, MPI_COMM_WORLD,
			         MPI_STATUS_IGNORE);
			*w = st.MPI_SOURCE;
			return true;
		}
		if (util_now_s() >= until)
			return false;
		nap();
	}
}

static void
md_cancel(void *ctx, int w)
{
	struct mpi_dist *d = ctx;
	if (w == 0)
		dist_worker_cancel(d->local);
	else
		MPI_Send(NULL, 0, MPI_BYTE, w, TAG_DIST_CANCEL, MPI_COMM_WORLD);
}

void
mpi_dist_init(struct mpi_dist *d, struct dist_transport *t,
              struct dist_worker *local, const struct mpi_world *w)
{
	d->t = t;
	d->local = local;
	d->size = w->size;
	*t = (struct dist_transport){w->size, d, md_start, md_next, md_cancel};
}

bool
mpi_dist_take(struct dist_worker *wk, size_t tt_mb, const MPI_Status *probed)
{
	struct dist_task t;
	struct dist_result r;
	if (probed->MPI_TAG == TAG_DIST_CANCEL) {
		/* For a task whose answer was on its way. */
		MPI_Recv(NULL, 0, MPI_BYTE, 0, TAG_DIST_CANCEL, MPI_COMM_WORLD,
		         MPI_STATUS_IGNORE);
		return true;
	}
	if (probed->MPI_TAG != TAG_DIST_TASK)
		return false;
	if (wk->e == NULL)
		wk->e = output_engine_new(tt_mb);
	MPI_Recv(&t, sizeof t, MPI_BYTE, 0, TAG_DIST_TASK, MPI_COMM_WORLD,
	         MPI_STATUS_IGNORE);
	dist_worker_start(wk, &t);
	while (!dist_worker_poll(wk, &r)) {
		struct dist_result pr;
		if (dist_worker_progress(wk, &pr))
			MPI_Send(&pr, sizeof pr, MPI_BYTE, 0, TAG_DIST_RESULT,
			         MPI_COMM_WORLD);
		int flag = 0;
		MPI_Iprobe(0, TAG_DIST_CANCEL, MPI_COMM_WORLD, &flag,
		           MPI_STATUS_IGNORE);
		if (flag) {
			MPI_Recv(NULL, 0, MPI_BYTE, 0, TAG_DIST_CANCEL,
			         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			dist_worker_cancel(wk);
		}
		nap();
	}
	MPI_Send(&r, sizeof r, MPI_BYTE, 0, TAG_DIST_RESULT, MPI_COMM_WORLD);
	return true;
}
