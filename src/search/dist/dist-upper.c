/* dist-upper.c -- the table across machines (dist.h,
 * docs/distributed-search.md): the exact solver's stores of positions with
 * many empty cells, where the transpositions between tasks live, told by
 * the search (search_tap) into the worker's box, sent on by its transport
 * and merged into every other machine's shared table, so that a position
 * one machine has solved is a table hit on all of them.  Asynchronous: no
 * search waits for the network. */
#include "config.h"

#include <string.h>

#include "search/dist/dist-int.h"
#include "search/search.h"

static void
box_lock(struct dist_worker *wk)
{
	while (
	    atomic_exchange_explicit(&wk->box_lock, true, memory_order_acquire))
		;
}

static void
box_unlock(struct dist_worker *wk)
{
	atomic_store_explicit(&wk->box_lock, false, memory_order_release);
}

/* search_tap.stored: a store of the running task's search, from any of
 * its threads. */
static void
stored(void *ctx, uint64_t slot, uint64_t word)
{
	struct dist_worker *wk = ctx;
	box_lock(wk);
	if (wk->box_n < DIST_UPPER_BOX)
		wk->box[wk->box_n++] = (struct search_entry){slot, word};
	box_unlock(wk);
}

void
dist_upper_limits(struct dist_worker *wk, const struct dist_task *t,
                  struct search_limits *lim)
{
	lim->tap = NULL;
	if (t->upper == 0 || wk->table == NULL || t->mode != SEARCH_EXACT)
		return;
	wk->tap = (struct search_tap){t->upper, stored, wk};
	lim->tap = &wk->tap;
}

int
dist_worker_upper(struct dist_worker *wk, struct dist_entries *m)
{
	memset(&m->hdr, 0, sizeof m->hdr);
	box_lock(wk);
	int n = wk->box_n < DIST_UPPER_BATCH ? wk->box_n : DIST_UPPER_BATCH;
	/* The newest first: what was stored last is the latest work. */
	memcpy(m->e, wk->box + wk->box_n - n, (size_t)n * sizeof m->e[0]);
	wk->box_n -= n;
	box_unlock(wk);
	m->hdr.slots = search_shared_slot_count(wk->table_mb);
	m->hdr.w = wk->task.w;
	m->hdr.h = wk->task.h;
	m->hdr.n = (uint16_t)n;
	return n;
}

void
dist_worker_merge(struct dist_worker *wk, const struct dist_entries *m)
{
	if (wk->table != NULL && m->hdr.n > 0)
		search_shared_merge(wk->table, wk->table_mb, &m->hdr, m->e);
}
