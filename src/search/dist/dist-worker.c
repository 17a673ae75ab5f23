/* dist-worker.c -- a worker of one search over many workers (dist.h): a
 * task run on the worker's engine, its answer, progress and cancel; and
 * the loopback transport, whose workers are engines of this process (the
 * tests run the master's logic through it without MPI). */
#include "config.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/score.h"
#include "core/util.h"
#include "search/node/choose.h"
#include "search/dist/dist-int.h"
#include "search/node/order.h"
#include <sys/mman.h>
#include <time.h>

#include "search/engine/engine.h"
#include "search/search.h"
#include "search/node/settings.h"

/* ---- the loopback
 * ------------------------------------------------------------ */

struct dist_loopback {
	struct dist_transport t;
	int n;
	struct dist_worker *wk;
	int rr;             /* the next worker asked first */
	void *table;        /* the shared main table (dist_loopback_share()), */
	size_t table_bytes; /* its bytes */
	size_t tt_mb;
};

/* The position of task t. */
static void
task_board(const struct dist_task *t, board_t *b)
{
	board_init(b, t->w, t->h);
	b->current = (bb_t)t->cur[0] | (bb_t)t->cur[1] << 64;
	b->mask = (bb_t)t->mask[0] | (bb_t)t->mask[1] << 64;
	b->moves = t->stones;
}

/* An answer owed at once (a prepare's, a dropped next task's). */
static void
owe(struct dist_worker *wk, uint32_t id, bool stopped)
{
	assert(wk->nowed < DIST_QUEUE + 1);
	wk->owed[wk->nowed] = id;
	wk->owed_stopped[wk->nowed] = stopped;
	wk->nowed++;
}

/* Task t started on the engine, which is idle. */
static void
run_task(struct dist_worker *wk, const struct dist_task *t)
{
	board_t b;
	struct search_limits lim;
	task_board(t, &b);
	if (t->share_hdr.n > 0 && t->share_hdr.n <= DIST_SHARE_IN)
		engine_import(wk->e, &t->share_hdr, t->share);
	search_limits_default(&lim);
	lim.mode = (enum search_mode)t->mode;
	lim.depth = t->depth < 1 ? 1 : t->depth;
	lim.threads = t->threads > 0 ? t->threads : wk->threads;
	lim.book = wk->book;
	lim.window = !t->whole && t->mode != SEARCH_AVERAGE;
	lim.alpha = t->alpha;
	lim.beta = t->beta;
	lim.node_limit = t->node_limit;
	dist_upper_limits(wk, t, &lim);
	if (t != &wk->task)
		memcpy(&wk->task, t, dist_task_size(t));
	const double now = util_now_s();
	wk->gap = wk->ended > 0 ? now - wk->ended : -1;
	wk->t0 = wk->reported = now;
	wk->id = engine_start(wk->e, &b, &lim);
}

void
dist_worker_start(struct dist_worker *wk, const struct dist_task *t)
{
	if (wk->table != NULL && !wk->adopted) {
		engine_share_table(wk->e, wk->table, wk->table_mb);
		wk->adopted = true;
	}
	if (t->prepare) {
		board_t b;
		task_board(t, &b);
		if (wk->table != NULL && wk->leader)
			search_shared_prepare(wk->table, wk->table_mb, &b,
			                      (enum search_mode)t->mode);
		wk->ended = 0; /* a new search: no hand-off before its first */
		owe(wk, t->id, false);
		return;
	}
	if (wk->id != 0) {
		/* The next: started when this one ends. */
		assert(!wk->has_next);
		memcpy(&wk->next, t, dist_task_size(t));
		wk->has_next = true;
		return;
	}
	run_task(wk, t);
}

bool
dist_worker_busy(const struct dist_worker *wk)
{
	return wk->id != 0 || wk->has_next || wk->nowed > 0;
}

bool
dist_worker_poll(struct dist_worker *wk, struct dist_result *r)
{
	struct search_result sr;
	if (wk->nowed > 0) {
		memset(r, 0, offsetof(struct dist_result, share));
		r->id = wk->owed[0];
		r->stopped = wk->owed_stopped[0];
		r->gap = -1;
		wk->nowed--;
		memmove(wk->owed, wk->owed + 1,
		        (size_t)wk->nowed * sizeof wk->owed[0]);
		memmove(wk->owed_stopped, wk->owed_stopped + 1,
		        (size_t)wk->nowed * sizeof wk->owed_stopped[0]);
		return true;
	}
	if (wk->id == 0 || !engine_poll(wk->e, wk->id, &sr))
		return false;
	wk->ended = util_now_s();
	memset(r, 0, offsetof(struct dist_result, share));
	r->id = wk->task.id;
	r->value = (int16_t)(wk->task.whole ? sr.score : sr.value);
	r->col = (int8_t)(wk->task.whole ? sr.move : -1);
	r->stopped = sr.partial;
	r->nodes = sr.nodes;
	r->seconds = wk->ended - wk->t0;
	r->quality = sr.quality;
	r->proven = (int8_t)sr.proven;
	r->gap = wk->gap;
	wk->id = 0;
	if (!r->stopped && wk->task.exports) {
		board_t b;
		task_board(&wk->task, &b);
		engine_export(wk->e, &b, DIST_SHARE_PLIES, &r->share_hdr,
		              r->share, DIST_SHARE_OUT);
	}
	/* The next task runs before this one is answered. */
	if (wk->has_next) {
		wk->has_next = false;
		run_task(wk, &wk->next);
	}
	return true;
}

bool
dist_worker_progress(struct dist_worker *wk, struct dist_result *r)
{
	double now = util_now_s();
	if (wk->id == 0 || now - wk->reported < DIST_PROGRESS_S)
		return false;
	struct stats_snapshot snap;
	engine_snapshot(wk->e, &snap);
	wk->reported = now;
	memset(r, 0, offsetof(struct dist_result, share));
	r->id = wk->task.id;
	r->progress = 1;
	r->nodes = snap.nodes;
	r->seconds = now - wk->t0;
	return true;
}

void
dist_worker_wait(struct dist_worker *wk, long us)
{
	if (wk->nowed > 0)
		return;
	if (wk->id != 0)
		engine_wait_for(wk->e, wk->id, us);
	else
		nanosleep(&(struct timespec){us / 1000000, us % 1000000 * 1000},
		          NULL);
}

void
dist_worker_cancel(struct dist_worker *wk, uint32_t id)
{
	if (wk->has_next && wk->next.id == id) {
		wk->has_next = false;
		owe(wk, id, true);
	} else if (wk->id != 0 && wk->task.id == id) {
		engine_stop(wk->e);
	}
}

static void
lb_start(void *ctx, int w, const struct dist_task *t)
{
	struct dist_loopback *lb = ctx;
	dist_worker_start(&lb->wk[w], t);
}

static bool
lb_next(void *ctx, int wait_ms, bool hurry, int *w, struct dist_result *r)
{
	(void)hurry; /* the workers are this process's: the nap is short */
	struct dist_loopback *lb = ctx;
	double until = util_now_s() + wait_ms / 1000.0;
	for (;;) {
		for (int k = 0; k < lb->n; k++) {
			int v = (lb->rr + k) % lb->n;
			if (dist_worker_poll(&lb->wk[v], r)) {
				*w = v;
				lb->rr = (v + 1) % lb->n;
				return true;
			}
		}
		if (util_now_s() >= until)
			return false;
		nanosleep(&(struct timespec){0, DIST_LOOPBACK_POLL_US * 1000L},
		          NULL);
	}
}

static void
lb_cancel(void *ctx, int w, uint32_t id)
{
	struct dist_loopback *lb = ctx;
	dist_worker_cancel(&lb->wk[w], id);
}

struct dist_loopback *
dist_loopback_new(int n, size_t tt_mb, int threads,
                  const struct search_oracle *book, char *err, size_t errlen)
{
	assert(n >= 1 && n <= DIST_MAX_WORKERS);
	struct dist_loopback *lb = xcalloc(1, sizeof *lb);
	lb->n = n;
	lb->wk = xcalloc((size_t)n, sizeof *lb->wk);
	for (int w = 0; w < n; w++) {
		lb->wk[w].e = engine_new(tt_mb, err, errlen);
		lb->wk[w].threads = threads;
		lb->wk[w].book = book;
		if (lb->wk[w].e == NULL) {
			lb->n = w;
			dist_loopback_free(lb);
			return NULL;
		}
	}
	lb->tt_mb = tt_mb;
	lb->t = (struct dist_transport){
	    .nworkers = n,
	    .ctx = lb,
	    .start = lb_start,
	    .next = lb_next,
	    .cancel = lb_cancel,
	    .tables = n,
	};
	return lb;
}

bool
dist_loopback_share(struct dist_loopback *lb)
{
	size_t bytes = search_shared_bytes(lb->tt_mb);
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return false;
	lb->table = p;
	lb->table_bytes = bytes;
	for (int w = 0; w < lb->n; w++) {
		lb->wk[w].table = p;
		lb->wk[w].table_mb = lb->tt_mb;
		lb->wk[w].leader = w == 0;
	}
	lb->t.tables = 1;
	return true;
}

void
dist_loopback_free(struct dist_loopback *lb)
{
	if (lb == NULL)
		return;
	for (int w = 0; w < lb->n; w++)
		engine_free(lb->wk[w].e);
	if (lb->table != NULL)
		munmap(lb->table, lb->table_bytes);
	free(lb->wk);
	free(lb);
}

const struct dist_transport *
dist_loopback_transport(struct dist_loopback *lb)
{
	return &lb->t;
}
