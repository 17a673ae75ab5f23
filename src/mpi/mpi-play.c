/* mpi-play.c -- `dropfour-mpi play`: the text game on rank 0, the AI's
 * every move one search across the ranks (search/dist.h over
 * mpi/mpi-dist.c), every other rank a worker until the game ends. */
#include "config.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/output.h"
#include "cli/text.h"
#include "mpi/dropfour-mpi.h"
#include "search/dist.h"
#include "search/engine.h"

struct play {
	const struct options *o;
	struct dist_transport t;
	struct mpi_dist d;
	struct dist_worker local;
};

/* The AI's search across the ranks.  A level's time budget and noise are
 * one process's: across the ranks a level searches the depth of --depth
 * (default 12) and plays the best move. */
static int
play_search(void *ctx, const board_t *b, const struct search_limits *lim,
            struct search_result *r)
{
	struct play *p = ctx;
	struct search_limits l = *lim;
	struct dist_stats st;
	if (l.level != NULL && l.mode == SEARCH_DEPTH)
		l.depth = p->o->depth;
	l.level = NULL;
	l.time_limit = 0;
	if (dist_search(&p->t, b, &l, NULL, NULL, r, &st) != 0)
		return -1;
	printf("  across %d ranks (frontier %d plies, %d tasks handed out, %d "
	       "cut), nodes/tasks per rank:",
	       st.nworkers, st.frontier, st.handed, st.cut);
	for (int k = 0; k < st.nworkers; k++)
		printf(" %llu/%u", (unsigned long long)st.nodes[k],
		       st.tasks[k]);
	printf("\n");
	return 0;
}

/* A worker rank: tasks until rank 0 says the game is over. */
static void
play_worker(const struct options *o, const struct cli_session *session)
{
	struct dist_worker wk;
	struct search_limits lim;
	options_limits(o, session->book, &lim);
	memset(&wk, 0, sizeof wk);
	wk.threads = o->threads;
	wk.book = lim.book;
	for (;;) {
		MPI_Status st;
		MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
		if (mpi_dist_take(&wk, o->tt_mb, &st))
			continue;
		MPI_Recv(NULL, 0, MPI_BYTE, 0, st.MPI_TAG, MPI_COMM_WORLD,
		         MPI_STATUS_IGNORE);
		if (st.MPI_TAG == TAG_STOP)
			break;
	}
	if (wk.e != NULL)
		engine_free(wk.e);
}

int
mpi_play_run(const struct options *o, struct cli_session *session,
             const struct mpi_world *w)
{
	if (w->size == 1)
		return text_main(o, session);
	if (w->rank != 0) {
		play_worker(o, session);
		return CLI_EXIT_OK;
	}
	struct play p;
	struct search_limits lim;
	memset(&p, 0, sizeof p);
	p.o = o;
	options_limits(o, session->book, &lim);
	p.local.e = output_engine_new(o->tt_mb);
	p.local.threads = o->threads;
	p.local.book = lim.book;
	mpi_dist_init(&p.d, &p.t, &p.local, w);
	int status = text_play(o, session, play_search, &p);
	for (int r = 1; r < w->size; r++)
		MPI_Send(NULL, 0, MPI_BYTE, r, TAG_STOP, MPI_COMM_WORLD);
	engine_free(p.local.e);
	return status;
}
