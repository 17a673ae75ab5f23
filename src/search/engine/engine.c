/* engine.c -- the worker pthread that runs searches, and its mailbox.
 *
 * One mutex guards the mailbox (the next request, the published result);
 * the worker sleeps on a condition variable between searches.  The search
 * itself runs unlocked; the caller stops it through the engine's stop
 * token (search.h), which the search limits point to and which the worker
 * clears under the lock when it takes a request (requested again if a
 * stop came while the request waited), so a stop is never lost, whether
 * it comes before
 * the worker takes the request, between taking it and starting its
 * search, or during it.  Live statistics are
 * read lock-free through the stats slots.
 */
#include "config.h"

#include <assert.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search/engine/engine.h"
#include "core/util.h"

struct engine {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake; /* the worker waits for work */
	pthread_cond_t done; /* engine_wait() waits for results */
	struct search *search;
	/* engine_set_unwind(): a stopped search's worker waits this long
	 * before it gives its result, as on a machine that has preempted it
	 * (the tests' way to check that a stop is answered without it). */
	long unwind_ms;

	bool quit;
	bool clear; /* empty the table before the next search */
	uint64_t next_id;
	uint64_t req_id; /* pending request, 0 none */
	board_t req_board;
	struct search_limits req_lim;
	uint64_t req_ns; /* when it was posted */
	bool req_stop;   /* stopped before the worker took it */
	/* engine_stop() without the lock: every request up to this id is
	 * stopped (the worker looks when it takes one) */
	_Atomic uint64_t stop_upto;
	_Atomic uint64_t last_id; /* next_id, for engine_stop() */

	uint64_t run_id;  /* running search, 0 none */
	bool run_discard; /* its result is not wanted */
	bool idle_clear;  /* table work between searches: a clear, a warm-up */

	struct search_stop stop; /* stops the running (or starting) search */

	struct engine_runner runner; /* run NULL: none */

	/* The one-thread node rate of this session (engine_calibrate()):
	 * wanted, and measured (0 until then). */
	bool calib_want;
	bool calibrating; /* the measure runs (a request stops it) */
	double one_nps;
	/* The one-thread rate on a position (engine_measure_position()):
	 * wanted on pos_board (pos_want), the last id asked, and the rate of
	 * pos_done_id (-1: not to be had). */
	bool pos_want, pos_exact;
	board_t pos_board;
	uint64_t pos_id, pos_done_id;
	double pos_nps;
	/* Its table, as big as the engine's (a node costs more in a bigger
	 * table: 6.4M n/s at 256 MB against 7.0M at 16 MB on one position),
	 * made on the first measure and kept; NULL none yet. */
	size_t tt_mb;
	struct search *meas;

	uint64_t res_id; /* last published result */
	/* res_id, published after res: engine_poll() of a search not
	 * finished takes no lock */
	_Atomic uint64_t res_pub;
	struct search_result res;
	double latency;
};

/* The node rate of one thread alone on a fixed position: a depth-limited
 * search of an 8-stone 7x6 position (CALIBRATE_MOVES) for CALIBRATE_S
 * seconds, with a small table of its own (so neither the engine's table
 * nor its statistics see it).  0 when stopped (a request came) or when
 * the table cannot be had. */
#define CALIBRATE_MOVES "44444433"
#define CALIBRATE_S     0.25
#define CALIBRATE_MB    16
/* engine_measure_position()'s time. */
#define POSITION_S 0.2

/* One thread's node rate on b: a search of `seconds`, exact or
 * depth-limited, in table `cal` (NULL: one of CALIBRATE_MB of its own),
 * emptied and its pages brought in first, off the clock (the faults of a
 * new table's pages cut the first iterations' rate tenfold); 0 when
 * stopped. */
static double
measure(const struct search_stop *stop, struct search *cal, const board_t *b,
        bool exact, double seconds)
{
	struct search *own =
	    cal == NULL ? search_new(CALIBRATE_MB, NULL, 0) : NULL;
	struct search_limits lim;
	struct search_result r;

	if (cal == NULL)
		cal = own;
	if (cal == NULL)
		return 0;
	search_clear_later(cal);
	search_warm_later(cal);
	if (!search_idle_step(cal, stop)) {
		search_free(own);
		return 0;
	}
	search_limits_default(&lim);
	lim.mode = exact ? SEARCH_EXACT : SEARCH_DEPTH;
	lim.depth = SEARCH_MAX_DEPTH;
	lim.threads = 1;
	lim.time_limit = seconds;
	lim.stop = stop;
	search_run(cal, b, &lim, &r);
	search_free(own);
	if (search_stop_requested(stop) || r.seconds <= 0 || r.nodes == 0)
		return 0;
	return (double)r.nodes / r.seconds;
}

static double
calibrate(const struct search_stop *stop)
{
	board_t b;
	board_init(&b, 7, 6);
	for (const char *m = CALIBRATE_MOVES; *m != '\0'; m++)
		board_play(&b, *m - '1');
	return measure(stop, NULL, &b, false, CALIBRATE_S);
}

/* The measure engine_measure_position() asked for, on the worker with
 * the lock held (released while it runs). */
static void
measure_position(struct engine *e)
{
	board_t b = e->pos_board;
	bool exact = e->pos_exact;
	uint64_t id = e->pos_id;
	e->pos_want = false;
	search_stop_clear(&e->stop);
	e->calibrating = true;
	pthread_mutex_unlock(&e->lock);
	if (e->meas == NULL)
		e->meas = search_new(e->tt_mb, NULL, 0);
	double nps = measure(&e->stop, e->meas, &b, exact, POSITION_S);
	pthread_mutex_lock(&e->lock);
	e->calibrating = false;
	if (id == e->pos_id) {
		e->pos_done_id = id;
		e->pos_nps = nps > 0 ? nps : -1;
	}
}

static void *
worker(void *arg)
{
	struct engine *e = arg;

	pthread_mutex_lock(&e->lock);
	for (;;) {
		while (!e->quit && e->req_id == 0) {
			if (e->clear) {
				search_clear_later(e->search);
				e->clear = false;
				e->idle_clear = true;
			}
			if (e->idle_clear) {
				/* a pending clear or warm-up, a chunk at a
				 * time, until a request (engine_start() sets
				 * the flag) */
				search_stop_clear(&e->stop);
				pthread_mutex_unlock(&e->lock);
				bool done =
				    search_idle_step(e->search, &e->stop);
				pthread_mutex_lock(&e->lock);
				e->idle_clear = !done;
				if (done) /* engine_ready() waits for it */
					pthread_cond_broadcast(&e->done);
				continue;
			}
			if (e->calib_want) {
				search_stop_clear(&e->stop);
				e->calibrating = true;
				pthread_mutex_unlock(&e->lock);
				double nps = calibrate(&e->stop);
				pthread_mutex_lock(&e->lock);
				e->calibrating = false;
				if (nps > 0) {
					e->one_nps = nps;
					e->calib_want = false;
				}
				continue;
			}
			if (e->pos_want) {
				measure_position(e);
				continue;
			}
			pthread_cond_wait(&e->wake, &e->lock);
		}
		if (e->quit)
			break;
		board_t b = e->req_board;
		struct search_limits lim = e->req_lim;
		uint64_t id = e->req_id;
		bool clear = e->clear;
		struct engine_runner runner = e->runner;
		e->req_id = 0;
		e->clear = false;
		e->run_id = id;
		e->run_discard = false;
		/* A stop that came before the worker took the request holds:
		 * the search ends at its first look at the flag, with a move.
		 */
		search_stop_clear(&e->stop);
		if (e->req_stop ||
		    id <= atomic_load_explicit(&e->stop_upto,
		                               memory_order_acquire))
			search_stop_request(&e->stop);
		e->req_stop = false;
		/* The request's own token, if any, stops it too: the
		 * engine's token is its child for this search (set back
		 * before the worker's next use of the token). */
		e->stop.parent = lim.stop;
		lim.stop = &e->stop;
		e->latency = (double)(util_now_ns() - e->req_ns) / 1e9;
		pthread_mutex_unlock(&e->lock);

		struct search_result r;
		if (clear) /* done by search_run(), where a stop can end it */
			search_clear_later(e->search);
		if (runner.run == NULL ||
		    runner.run(runner.ctx, &b, &lim, search_stats(e->search),
		               &r) != 0)
			search_run(e->search, &b, &lim, &r);
		if (e->unwind_ms > 0 && search_stop_requested(&e->stop))
			nanosleep(
			    &(struct timespec){e->unwind_ms / 1000,
			                       e->unwind_ms % 1000 * 1000000L},
			    NULL);

		pthread_mutex_lock(&e->lock);
		e->stop.parent = NULL;
		if (!e->run_discard) {
			e->res = r;
			e->res_id = id;
			atomic_store_explicit(&e->res_pub, id,
			                      memory_order_release);
		}
		e->run_id = 0;
		pthread_cond_broadcast(&e->done);
	}
	pthread_mutex_unlock(&e->lock);
	return NULL;
}

struct engine *
engine_new(size_t tt_mb, char *err, size_t errlen)
{
	return engine_new_opts(tt_mb, NULL, err, errlen);
}

struct engine *
engine_new_opts(size_t tt_mb, const struct search_opts *o, char *err,
                size_t errlen)
{
	struct search *s = search_new_opts(tt_mb, o, err, errlen);
	if (s == NULL)
		return NULL;
	struct engine *e = xcalloc(1, sizeof *e);
	pthread_mutex_init(&e->lock, NULL);
	pthread_cond_init(&e->wake, NULL);
	pthread_cond_init(&e->done, NULL);
	e->search = s;
	e->tt_mb = tt_mb;
	search_stop_init(&e->stop, NULL);
	/* The worker brings the new table's pages in while it waits. */
	search_warm_later(s);
	e->idle_clear = true;
	if (pthread_create(&e->thread, NULL, worker, e) != 0) {
		if (err != NULL)
			snprintf(err, errlen, "cannot start the engine thread");
		search_free(s);
		pthread_cond_destroy(&e->wake);
		pthread_cond_destroy(&e->done);
		pthread_mutex_destroy(&e->lock);
		free(e);
		return NULL;
	}
	return e;
}

void
engine_free(struct engine *e)
{
	if (e == NULL)
		return;
	pthread_mutex_lock(&e->lock);
	e->quit = true;
	e->req_id = 0;
	if (e->run_id || e->idle_clear || e->calibrating)
		search_stop_request(&e->stop);
	pthread_cond_broadcast(&e->wake);
	pthread_mutex_unlock(&e->lock);
	pthread_join(e->thread, NULL);
	search_free(e->search);
	search_free(e->meas);
	pthread_cond_destroy(&e->wake);
	pthread_cond_destroy(&e->done);
	pthread_mutex_destroy(&e->lock);
	free(e);
}

uint64_t
engine_start(struct engine *e, const board_t *b,
             const struct search_limits *lim)
{
	assert(e != NULL && b != NULL && lim != NULL);
	pthread_mutex_lock(&e->lock);
	uint64_t id = ++e->next_id;
	atomic_store_explicit(&e->last_id, id, memory_order_relaxed);
	if (e->run_id) {
		e->run_discard = true;
		search_stop_request(&e->stop);
	}
	if (e->idle_clear || e->calibrating)
		search_stop_request(&e->stop);
	if (e->pos_want) { /* a position's measure waits no longer */
		e->pos_want = false;
		e->pos_done_id = e->pos_id;
		e->pos_nps = -1;
	}
	e->req_board = *b;
	e->req_lim = *lim;
	e->req_id = id;
	e->req_stop = false;
	e->req_ns = util_now_ns();
	pthread_cond_signal(&e->wake);
	pthread_mutex_unlock(&e->lock);
	return id;
}

void
engine_stop(struct engine *e)
{
	/* Without the lock: the thread that reads a program's commands must
	 * not wait for the worker, which a busy machine may have preempted
	 * while it holds the lock.  The running search sees the token; a
	 * queued one, every request up to the last one made, is stopped
	 * when the worker takes it (a request of the token while no search
	 * runs is cleared at the next search's start, and only cuts an idle
	 * step short). */
	atomic_store_explicit(
	    &e->stop_upto,
	    atomic_load_explicit(&e->last_id, memory_order_relaxed),
	    memory_order_release);
	search_stop_request(&e->stop);
}

void
engine_cancel(struct engine *e)
{
	pthread_mutex_lock(&e->lock);
	e->req_id = 0;
	if (e->run_id) {
		e->run_discard = true;
		search_stop_request(&e->stop);
	}
	pthread_mutex_unlock(&e->lock);
}

bool
engine_poll(struct engine *e, uint64_t id, struct search_result *r)
{
	assert(e != NULL && r != NULL);
	bool got = false;
	/* not published yet: no lock (see engine_stop()) */
	if (id == 0 ||
	    atomic_load_explicit(&e->res_pub, memory_order_acquire) != id)
		return false;
	pthread_mutex_lock(&e->lock);
	if (e->res_id == id) {
		*r = e->res;
		got = true;
	}
	pthread_mutex_unlock(&e->lock);
	return got;
}

void
engine_wait(struct engine *e, uint64_t id, struct search_result *r)
{
	assert(e != NULL && r != NULL);
	pthread_mutex_lock(&e->lock);
	while (e->res_id != id && (e->req_id == id || e->run_id == id))
		pthread_cond_wait(&e->done, &e->lock);
	if (e->res_id == id) {
		*r = e->res;
	} else {
		memset(r, 0, sizeof *r);
		r->move = r->best = -1;
		r->partial = true;
	}
	pthread_mutex_unlock(&e->lock);
}

bool
engine_wait_for(struct engine *e, uint64_t id, long us)
{
	assert(e != NULL && us >= 0);
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_nsec += (us % 1000000) * 1000;
	until.tv_sec += us / 1000000 + until.tv_nsec / 1000000000;
	until.tv_nsec %= 1000000000;
	pthread_mutex_lock(&e->lock);
	while (id != 0 && e->res_id != id &&
	       (e->req_id == id || e->run_id == id))
		if (pthread_cond_timedwait(&e->done, &e->lock, &until) != 0)
			break;
	bool got = id != 0 && e->res_id == id;
	pthread_mutex_unlock(&e->lock);
	return got;
}

void
engine_snapshot(struct engine *e, struct stats_snapshot *snap)
{
	stats_snapshot(search_stats(e->search), snap);
}

bool
engine_snapshot_beside(struct engine *e, struct stats_snapshot *snap)
{
	const struct stats *p = stats_beside_stats(search_stats(e->search));
	if (p == NULL)
		return false;
	stats_snapshot(p, snap);
	return true;
}

void
engine_set_trace(struct engine *e, struct trace *t)
{
	pthread_mutex_lock(&e->lock);
	search_set_trace(e->search, t);
	pthread_mutex_unlock(&e->lock);
}

void
engine_clear(struct engine *e)
{
	pthread_mutex_lock(&e->lock);
	e->clear = true;
	pthread_cond_signal(&e->wake); /* begun at once if no search runs */
	pthread_mutex_unlock(&e->lock);
}

void
engine_ready(struct engine *e)
{
	(void)engine_ready_within(e, -1);
}

void
engine_set_unwind(struct engine *e, long ms)
{
	pthread_mutex_lock(&e->lock);
	e->unwind_ms = ms;
	pthread_mutex_unlock(&e->lock);
}

/* The one wait for the table's pages (max_s < 0: no limit). */
bool
engine_ready_within(struct engine *e, double max_s)
{
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until); /* the condition's clock */
	if (max_s >= 0) {
		const long ns =
		    until.tv_nsec + (long)((max_s - (long)max_s) * 1e9);
		until.tv_sec += (time_t)max_s + ns / 1000000000L;
		until.tv_nsec = ns % 1000000000L;
	}
	pthread_mutex_lock(&e->lock);
	int r = 0;
	while (r == 0 && e->idle_clear && e->req_id == 0 && e->run_id == 0 &&
	       !e->quit)
		r = max_s < 0
		        ? pthread_cond_wait(&e->done, &e->lock)
		        : pthread_cond_timedwait(&e->done, &e->lock, &until);
	const bool ready = !e->idle_clear;
	pthread_mutex_unlock(&e->lock);
	return ready;
}

bool
engine_warm(struct engine *e)
{
	pthread_mutex_lock(&e->lock);
	bool warm = !e->idle_clear;
	pthread_mutex_unlock(&e->lock);
	return warm;
}

bool
engine_clear_pending(struct engine *e)
{
	pthread_mutex_lock(&e->lock);
	bool pending = e->clear || e->idle_clear;
	pthread_mutex_unlock(&e->lock);
	return pending;
}

void
engine_set_runner(struct engine *e, const struct engine_runner *r)
{
	pthread_mutex_lock(&e->lock);
	if (r != NULL)
		e->runner = *r;
	else
		memset(&e->runner, 0, sizeof e->runner);
	pthread_mutex_unlock(&e->lock);
}

/* No search runs or waits (engine_export(), engine_import()). */
static bool
idle(struct engine *e)
{
	pthread_mutex_lock(&e->lock);
	bool idle = e->run_id == 0 && e->req_id == 0;
	pthread_mutex_unlock(&e->lock);
	return idle;
}

int
engine_export(struct engine *e, const board_t *b, int plies,
              struct search_entries *hdr, struct search_entry *out, int max)
{
	engine_ready(e); /* the worker's own work on the table done */
	assert(idle(e));
	(void)idle;
	return search_export(e->search, b, plies, hdr, out, max);
}

void
engine_import(struct engine *e, const struct search_entries *hdr,
              const struct search_entry *in)
{
	engine_ready(e);
	assert(idle(e));
	search_import(e->search, hdr, in);
}

void
engine_share_table(struct engine *e, void *mem, size_t tt_mb)
{
	engine_ready(e);
	assert(idle(e));
	search_share_table(e->search, mem, tt_mb);
}

double
engine_start_latency(struct engine *e)
{
	pthread_mutex_lock(&e->lock);
	double l = e->latency;
	pthread_mutex_unlock(&e->lock);
	return l;
}

void
engine_calibrate(struct engine *e)
{
	pthread_mutex_lock(&e->lock);
	if (e->one_nps == 0) {
		e->calib_want = true;
		pthread_cond_broadcast(&e->wake);
	}
	pthread_mutex_unlock(&e->lock);
}

double
engine_one_thread_nps(struct engine *e)
{
	pthread_mutex_lock(&e->lock);
	double v = e->one_nps;
	pthread_mutex_unlock(&e->lock);
	return v;
}

uint64_t
engine_measure_position(struct engine *e, const board_t *b, bool exact)
{
	pthread_mutex_lock(&e->lock);
	uint64_t id = ++e->pos_id;
	e->pos_board = *b;
	e->pos_exact = exact;
	e->pos_want = !b->over && !board_is_full(b);
	if (!e->pos_want) {
		e->pos_done_id = id;
		e->pos_nps = -1;
	}
	pthread_cond_broadcast(&e->wake);
	pthread_mutex_unlock(&e->lock);
	return id;
}

double
engine_position_nps(struct engine *e, uint64_t id)
{
	pthread_mutex_lock(&e->lock);
	double v = id == 0 || id < e->pos_id ? -1
	           : e->pos_done_id == id    ? e->pos_nps
	                                     : 0;
	pthread_mutex_unlock(&e->lock);
	return v;
}
