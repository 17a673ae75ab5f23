/* mpi-book.c -- `dropfour-mpi book build`: the deepest level of a book searched
 * across the ranks, journaled by rank 0. */
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
#include "book/book.h"
#include "cli/book-cli.h"
#include "cli/output.h"
#include "search/search.h"
#include "core/util.h"
#include "mpi/dropfour-mpi.h"

/* ---- book build: the deepest level across the ranks -------------------- */

/* Most positions in one batch: a batch is also the most a killed rank
 * loses, and rank 0 journals every returned batch at once. */
#define BOOK_BATCH_MAX 64

/* A worker's batch: threads take positions by an atomic index. */
struct batch {
	const uint64_t *keys;
	int8_t *scores;
	size_t n;
	atomic_size_t next;
};

static bool
batch_claim(void *ctx, uint64_t *key)
{
	struct batch *b = ctx;
	size_t i = atomic_fetch_add(&b->next, 1);
	if (i >= b->n)
		return false;
	*key = b->keys[i];
	return true;
}

static void
batch_done(void *ctx, uint64_t key, int score, int tid)
{
	struct batch *b = ctx;
	(void)tid;
	/* Batches are in ascending key order. */
	size_t lo = (size_t)util_lower_bound(b->keys, b->n, key);
	b->scores[lo] = (int8_t)score;
}

static void
book_worker(const struct options *o)
{
	char err[256];
	struct book_solver *sv =
	    book_solver_new(o->threads, o->tt_mb, err, sizeof err);
	if (sv == NULL) {
		cli_error("%s", err);
		MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_FAILURE);
	}
	uint64_t keys[BOOK_BATCH_MAX];
	int8_t scores[BOOK_BATCH_MAX];
	unsigned char out[BOOK_BATCH_MAX * BOOK_ENTRY_SIZE];

	MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_READY, MPI_COMM_WORLD);
	for (;;) {
		MPI_Status st;
		int count = 0;
		MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
		if (st.MPI_TAG != TAG_BOOK_BATCH) {
			MPI_Recv(NULL, 0, MPI_BYTE, 0, st.MPI_TAG,
			         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			break;
		}
		MPI_Get_count(&st, MPI_UINT64_T, &count);
		if (count < 1 || count > BOOK_BATCH_MAX)
			MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_PROTOCOL);
		MPI_Recv(keys, count, MPI_UINT64_T, 0, TAG_BOOK_BATCH,
		         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		struct batch b = {keys, scores, (size_t)count, 0};
		struct book_work work = {batch_claim, batch_done, &b};
		book_solver_run(sv, o->width, o->height, &work, NULL);
		for (int i = 0; i < count; i++)
			book_entry_encode(out + i * BOOK_ENTRY_SIZE, keys[i],
			                  scores[i]);
		MPI_Send(out, count * BOOK_ENTRY_SIZE, MPI_BYTE, 0,
		         TAG_BOOK_RESULT, MPI_COMM_WORLD);
	}
	book_solver_free(sv);
}

/* Rank 0: hand out batches on demand, journal every returned one, write
 * the book at the end (the same bytes as one process).  SIGINT, SIGTERM
 * or SIGHUP (mpirun passes Ctrl-C on as SIGTERM to every rank) stop the
 * build as they stop one process: the journal holds every batch returned,
 * and the message says so at once, before mpirun ends the job; the
 * workers are then answered with a stop as they come back, their batches
 * journaled too.  A second signal ends the job there. */
static int
book_coordinator(const struct options *o, const struct mpi_world *w)
{
	enum book_build_status status;
	int stopped = 0, nworkers = w->size - 1;
	/* Under mpirun rank 0's stderr is a pipe (and its stdout a pty,
	 * whatever mpirun's own are): progress with --progress. */
	struct book_build_params p;
	book_cli_params(o, &p);
	struct book_build *bb =
	    book_build_open(&p, "rank", 1, nworkers, &status);
	if (bb == NULL) {
		mpi_release_workers(w);
		return book_cli_status(status);
	}
	size_t min = o->threads < 1 ? 1 : (size_t)o->threads;
	if (min > BOOK_BATCH_MAX)
		min = BOOK_BATCH_MAX;
	struct util_stop_saved saved;
	struct search_stop stop;
	search_stop_init(&stop, NULL);
	util_stop_signals_begin(&saved, &stop);
	bool stopping = false; /* a signal came, the build's end said */
	enum book_build_status stop_status = BOOK_BUILD_OK;
	while (stopped < nworkers) {
		MPI_Status st;
		uint64_t keys[BOOK_BATCH_MAX];
		int8_t scores[BOOK_BATCH_MAX];
		unsigned char in[BOOK_BATCH_MAX * BOOK_ENTRY_SIZE];
		int count = 0;

		if (!mpi_wait_message_or_stop(&st, &stop)) {
			if (stopping) /* a second signal */
				MPI_Abort(MPI_COMM_WORLD, cli_stopped_status());
			stopping = true;
			stop_status = book_build_finish(bb);
			fflush(stderr);
			if (stop_status ==
			    BOOK_BUILD_OK) /* everything was in */
				stop_status = BOOK_BUILD_STOPPED;
			search_stop_clear(&stop);
			continue;
		}
		if (st.MPI_TAG == TAG_BOOK_RESULT) {
			MPI_Get_count(&st, MPI_BYTE, &count);
			if (count < 0 || count > (int)sizeof in ||
			    count % BOOK_ENTRY_SIZE != 0)
				MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_PROTOCOL);
			MPI_Recv(in, count, MPI_BYTE, st.MPI_SOURCE,
			         TAG_BOOK_RESULT, MPI_COMM_WORLD,
			         MPI_STATUS_IGNORE);
			int n = count / BOOK_ENTRY_SIZE;
			for (int i = 0; i < n; i++)
				book_entry_decode(in + i * BOOK_ENTRY_SIZE,
				                  &keys[i], &scores[i]);
			book_build_record(bb, keys, scores, (size_t)n,
			                  st.MPI_SOURCE - 1);
			if (book_build_flush(bb) != 0)
				MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_FAILURE);
		} else {
			MPI_Recv(NULL, 0, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG,
			         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		}
		size_t n = stopping
		               ? 0
		               : book_build_claim(bb, keys, min, BOOK_BATCH_MAX,
		                                  (size_t)nworkers);
		if (n > 0) {
			MPI_Send(keys, (int)n, MPI_UINT64_T, st.MPI_SOURCE,
			         TAG_BOOK_BATCH, MPI_COMM_WORLD);
		} else {
			MPI_Send(NULL, 0, MPI_BYTE, st.MPI_SOURCE, TAG_STOP,
			         MPI_COMM_WORLD);
			stopped++;
		}
		if (!stopping)
			book_build_progress(bb);
	}
	util_stop_signals_end(&saved);
	status = stopping ? stop_status : book_build_finish(bb);
	book_build_free(bb);
	return book_cli_status(status);
}

int
mpi_book_run(const struct options *o, struct cli_session *session,
             const struct mpi_world *w)
{
	(void)session; /* loads nothing */
	if (o->argc != 1 || strcmp(o->argv[0], "build") != 0) {
		if (w->rank == 0)
			cli_error("book %s: dropfour-mpi runs only "
			          "'book build'%s",
			          o->argc > 0 ? o->argv[0] : "",
			          o->argc > 0 && strcmp(o->argv[0], "info") == 0
			              ? " (use dropfour book info FILE)"
			              : "");
		return CLI_EXIT_USAGE;
	}
	/* The book's path, before any work (rank 0 looks, all learn). */
	int bad = w->rank == 0 ? output_file_check("-o", o->output) : 0;
	MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (bad != 0)
		return CLI_EXIT_USAGE;
	if (w->size == 1) {
		struct book_build_params p;
		book_cli_params(o, &p);
		return book_cli_build(&p);
	}
	if (w->rank == 0)
		return book_coordinator(o, w);
	book_worker(o);
	return 0;
}
