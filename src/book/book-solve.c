/* book-solve.c -- the search of a book build's deepest level: the
 * solvers (one search and table per OpenMP thread, also the workers of
 * dropfour-mpi's ranks) and the build in one process, whose keeper thread
 * flushes the journal and draws the progress line while the threads
 * search (book-build.c has the shape of the build). */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "book/book-build-int.h"
#include "book/book.h"
#include "search/search.h"
#include "core/util.h"

struct book_solver {
	int threads;
	struct search **s;
};

struct book_solver *
book_solver_new(int threads, size_t tt_mb, char *err, size_t errlen)
{
	struct book_solver *sv = xcalloc(1, sizeof *sv);
	size_t mb = tt_mb / (size_t)(threads < 1 ? 1 : threads);
	sv->threads = threads < 1 ? 1 : threads;
	sv->s = xcalloc((size_t)sv->threads, sizeof *sv->s);
	for (int i = 0; i < sv->threads; i++) {
		sv->s[i] = search_new(mb < 16 ? 16 : mb, err, errlen);
		if (sv->s[i] == NULL) {
			book_solver_free(sv);
			return NULL;
		}
	}
	return sv;
}

void
book_solver_free(struct book_solver *sv)
{
	if (sv == NULL)
		return;
	for (int i = 0; i < sv->threads; i++)
		search_free(sv->s[i]);
	free(sv->s);
	free(sv);
}

static void
solve_loop(struct book_solver *sv, int tid, int w, int h,
           const struct book_work *work, const struct search_stop *stop)
{
	struct search_limits lim;
	search_limits_default(&lim);
	lim.mode = SEARCH_EXACT;
	lim.threads = 1;
	lim.stop = stop;
	uint64_t key;
	while (!search_stop_requested(stop) && work->claim(work->ctx, &key)) {
		board_t b;
		struct search_result r;
		book_key_board(w, h, key, &b);
		search_run(sv->s[tid], &b, &lim, &r);
		if (r.partial || search_stop_requested(stop))
			break;
		work->done(work->ctx, key, r.score, tid);
	}
}

void
book_solver_run(struct book_solver *sv, int w, int h,
                const struct book_work *work, const struct search_stop *stop)
{
#ifdef _OPENMP
#pragma omp parallel num_threads(sv->threads)
	solve_loop(sv, omp_get_thread_num(), w, h, work, stop);
#else
	solve_loop(sv, 0, w, h, work, stop);
#endif
}

/* ---- one process -----------------------------------------------------------
 */

struct local {
	struct book_build *bb;
	struct search_stop stop;
	atomic_bool finished;
	int flush_status;
};

static bool
local_claim(void *ctx, uint64_t *key)
{
	struct local *l = ctx;
	return book_build_claim(l->bb, key, 1, 1, 1) == 1;
}

static void
local_done(void *ctx, uint64_t key, int score, int tid)
{
	struct local *l = ctx;
	int8_t s = (int8_t)score;
	book_build_record(l->bb, &key, &s, 1, tid);
}

/* The keeper flushes the journal every KEEP_FLUSH_S seconds, sooner once
 * KEEP_FLUSH_MAX results wait: a kill loses no more than that (and the
 * positions being searched).  One fdatasync per flush costs a few ms. */
#define KEEP_FLUSH_S   0.5
#define KEEP_FLUSH_MAX 256

/* The journal and the progress line, while the threads search; a journal
 * that cannot be written stops the search. */
static void *
keeper(void *arg)
{
	struct local *l = arg;
	double last_flush = util_now_s();
	while (!atomic_load(&l->finished)) {
		struct timespec ts = {0, 100 * 1000 * 1000};
		nanosleep(&ts, NULL);
		double now = util_now_s();
		pthread_mutex_lock(&l->bb->lock);
		size_t pending = l->bb->npend;
		pthread_mutex_unlock(&l->bb->lock);
		if (now - last_flush >= KEEP_FLUSH_S ||
		    pending >= KEEP_FLUSH_MAX) {
			if (book_build_flush(l->bb) != 0) {
				l->flush_status = 1;
				search_stop_request(&l->stop);
			}
			last_flush = now;
		}
		book_build_progress(l->bb);
	}
	return NULL;
}

enum book_build_status
book_build_run(const struct book_build_params *p)
{
	enum book_build_status status;
	int threads = p->threads < 1 ? 1 : p->threads;
	struct book_build *bb =
	    book_build_open(p, "thread", 0, threads, &status);
	if (bb == NULL)
		return status;

	struct local l = {.bb = bb, .flush_status = 0};
	/* The solvers' token: the caller's stops them, and so does a
	 * journal error (the keeper's). */
	search_stop_init(&l.stop, p->stop);
	atomic_init(&l.finished, false);
	struct book_work work = {local_claim, local_done, &l};

	pthread_t kt;
	bool have_keeper = pthread_create(&kt, NULL, keeper, &l) == 0;
	if (book_build_left(bb) > 0) {
		char err[256];
		struct book_solver *sv =
		    book_solver_new(threads, p->tt_mb, err, sizeof err);
		if (sv == NULL) {
			build_report_message(bb->report, "%s", err);
			l.flush_status = 1;
		} else {
			book_solver_run(sv, bb->w, bb->h, &work, &l.stop);
			book_solver_free(sv);
		}
	}
	atomic_store(&l.finished, true);
	if (have_keeper)
		pthread_join(kt, NULL);
	if (book_build_flush(bb) != 0)
		l.flush_status = 1;

	status = l.flush_status ? BOOK_BUILD_FAILED : book_build_finish(bb);
	book_build_free(bb);
	return status;
}
