/* mpi-statespace.c -- `dropfour-mpi statespace`: every position of a small
 * board, each rank owning parts of every level. */
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

#include "cli/statespace-cli.h"
#include "core/util.h"
#include "mpi/dropfour-mpi.h"

/* ---- statespace: every position of a small board, over the ranks ------ */

/* statespace_comm over MPI_COMM_WORLD: word counts with MPI_Alltoall, the
 * words with MPI_Alltoallv (MPI counts are int: a larger exchange is
 * refused, and the run fails cleanly on every rank). */
static bool
ss_exchange(void *ctx, const uint64_t *send, const uint64_t *counts,
            uint64_t **recv, uint64_t *rcounts)
{
	const struct mpi_world *w = ctx;
	int *sc = xmalloc(4 * sizeof *sc * (size_t)w->size);
	int *sd = sc + w->size, *rcnt = sd + w->size, *rd = rcnt + w->size;
	uint64_t at = 0, rat = 0;
	int ok = 1;

	MPI_Alltoall(counts, 1, MPI_UINT64_T, rcounts, 1, MPI_UINT64_T,
	             MPI_COMM_WORLD);
	for (int r = 0; r < w->size; r++) {
		if (at + counts[r] > INT_MAX || rat + rcounts[r] > INT_MAX)
			ok = 0;
		sc[r] = (int)counts[r];
		sd[r] = (int)at;
		rcnt[r] = (int)rcounts[r];
		rd[r] = (int)rat;
		at += counts[r];
		rat += rcounts[r];
	}
	MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	*recv = NULL;
	if (ok) {
		*recv = xmalloc((rat + 1) * sizeof **recv);
		MPI_Alltoallv(send, sc, sd, MPI_UINT64_T, *recv, rcnt, rd,
		              MPI_UINT64_T, MPI_COMM_WORLD);
	}
	free(sc);
	return ok;
}

static void
ss_sum(void *ctx, uint64_t *v, int n)
{
	(void)ctx;
	MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_UINT64_T, MPI_SUM,
	              MPI_COMM_WORLD);
}

int
mpi_statespace_run(const struct options *o, struct cli_session *session,
                   const struct mpi_world *w)
{
	(void)session; /* loads nothing */
	struct statespace_comm comm = {
	    .rank = w->rank,
	    .size = w->size,
	    .ctx = (void *)w,
	    .exchange = ss_exchange,
	    .sum = ss_sum,
	};
	return statespace_cli_run_ranks(o, &comm);
}
