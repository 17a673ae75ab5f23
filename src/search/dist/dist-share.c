/* dist-share.c -- what the workers' tables share: a machine's workers
 * share one main table (dist_worker.table), which its leader prepares
 * before each search; workers with tables of their own pass entries near
 * their tasks' roots through the master. */
#include "config.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/score.h"
#include "core/util.h"
#include "search/node/choose.h"
#include "search/dist/dist-int.h"
#include "search/node/order.h"
#include "search/node/settings.h"
#include "search/search.h"

/* ---- table entries between the workers ----------------------------------
 *
 * Each worker has a table of its own, and the tasks' subtrees transpose
 * into each other everywhere (a position two plies below one task's root
 * is often two plies below its brother's): without help every worker
 * searches again what another already has.  So a finished task's answer
 * carries its table's entries for the positions just below the task's
 * root, where a hit saves the most, and the master passes them on with
 * the next task of every other worker (docs/distributed-search.md). */

struct dist_share {
	struct search_entries hdr; /* the kind of table they fit */
	struct search_entry *e;
	int *from; /* the worker that sent each */
	int n, cap;
	int sent[DIST_MAX_WORKERS]; /* entries [0, sent[w]) seen for w */
};

struct dist_share *
dist_share_new(void)
{
	return xcalloc(1, sizeof(struct dist_share));
}

void
dist_share_add(struct dist_stats *st, int w, const struct dist_result *res)
{
	struct dist_share *sh = st->share;
	int n = res->share_hdr.n;
	if (sh == NULL || n == 0 || n > DIST_SHARE_OUT)
		return;
	if (sh->n + n > sh->cap) {
		sh->cap = 2 * (sh->n + n);
		sh->e = xrealloc(sh->e, (size_t)sh->cap * sizeof *sh->e);
		sh->from =
		    xrealloc(sh->from, (size_t)sh->cap * sizeof *sh->from);
	}
	sh->hdr = res->share_hdr;
	for (int i = 0; i < n; i++) {
		sh->e[sh->n + i] = res->share[i];
		sh->from[sh->n + i] = w;
	}
	sh->n += n;
}

/* Task t for worker w: the newest entries of the others it has not had. */
void
dist_share_fill(struct dist_stats *st, int w, struct dist_task *t)
{
	struct dist_share *sh = st->share;
	t->share_hdr.n = 0;
	t->exports = sh != NULL;
	if (sh == NULL || sh->n == 0)
		return;
	int k = 0;
	for (int i = sh->n - 1; i >= sh->sent[w] && k < DIST_SHARE_IN; i--)
		if (sh->from[i] != w)
			t->share[k++] = sh->e[i];
	sh->sent[w] = sh->n;
	t->share_hdr = sh->hdr;
	t->share_hdr.n = (uint16_t)k;
	st->shared += (uint64_t)k;
}

void
dist_share_free(struct dist_share *sh)
{
	if (sh == NULL)
		return;
	free(sh->e);
	free(sh->from);
	free(sh);
}

/* The workers that share a main table (dist_transport.tables): before
 * the search, each machine's leader makes its table fit the search's kind
 * of values, emptying it if it holds another; the others only answer.
 * Every worker is idle here, and no task starts before every answer. */
void
dist_share_prepare(const struct dist_transport *t, const board_t *b,
                   const struct search_limits *lim, struct dist_stats *st)
{
	double t0 = util_now_s();
	struct dist_task task;
	struct dist_result r;
	dist_task_init(&task, 0, b);
	task.mode = (uint8_t)lim->mode;
	task.prepare = 1;
	for (int w = 0; w < t->nworkers; w++) {
		task.id = UINT32_MAX - (uint32_t)w;
		dist_task_send(t, st, w, &task);
	}
	int left = t->nworkers, w;
	while (left > 0)
		if (dist_task_receive(t, st, true, &w, &r) && !r.progress)
			left--;
	st->prepare_s = util_now_s() - t0;
}
