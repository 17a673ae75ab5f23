/* mpi-common.c -- rank 0's message helpers and quiet option parsing for every
 * mode of dropfour-mpi. */
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
#include "core/util.h"
#include "mpi/dropfour-mpi.h"

/* ---- message helpers ------------------------------------------------- */

/* Rank 0: wait for the next message from any rank, sleeping between
 * polls instead of spinning. */
void
mpi_wait_message(MPI_Status *st)
{
	mpi_wait_message_or_stop(st, NULL);
}

bool
mpi_wait_message_or_stop(MPI_Status *st, atomic_bool *stop)
{
	int flag = 0;
	for (;;) {
		MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag,
		           st);
		if (flag)
			return true;
		if (stop != NULL && atomic_load(stop))
			return false;
		struct timespec ts = {0, 200000}; /* 0.2 ms */
		nanosleep(&ts, NULL);
	}
}

/* Rank 0, when a run ends early: answer every worker's first request
 * with a stop. */
void
mpi_release_workers(const struct mpi_world *w)
{
	for (int r = 1; r < w->size; r++) {
		MPI_Recv(NULL, 0, MPI_BYTE, r, TAG_READY, MPI_COMM_WORLD,
		         MPI_STATUS_IGNORE);
		MPI_Send(NULL, 0, MPI_BYTE, r, TAG_STOP, MPI_COMM_WORLD);
	}
}

int
mpi_usage(const struct mpi_world *w, const char *msg)
{
	if (w->rank == 0)
		cli_error("%s", msg);
	return CLI_EXIT_USAGE;
}

void
mpi_quiet_begin(const struct mpi_world *w, struct quiet *q)
{
	q->out = q->err = q->devnull = -1;
	if (w->rank != 0 && (q->devnull = open("/dev/null", O_WRONLY)) >= 0) {
		fflush(stdout);
		fflush(stderr);
		q->out = dup(STDOUT_FILENO);
		q->err = dup(STDERR_FILENO);
		dup2(q->devnull, STDOUT_FILENO);
		dup2(q->devnull, STDERR_FILENO);
	}
}

void
mpi_quiet_end(struct quiet *q)
{
	if (q->devnull >= 0) {
		fflush(stdout);
		fflush(stderr);
		dup2(q->out, STDOUT_FILENO);
		dup2(q->err, STDERR_FILENO);
		close(q->out);
		close(q->err);
		close(q->devnull);
	}
}

int
mpi_parse_options(const struct mpi_world *w, struct options *o, int argc,
                  char **argv)
{
	struct quiet q;
	mpi_quiet_begin(w, &q);
	int r = options_parse(o, argc, argv);
	mpi_quiet_end(&q);
	return r;
}
