/* dist-live.c -- one search over many workers on the panel (dist.h's
 * dist_params.live): a row a worker with its nodes, busy time and tasks,
 * the root columns as their values come in.  Written by the master's
 * thread only. */
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

void
dist_live_begin(struct stats *live, const board_t *b,
                const struct search_limits *lim, int nworkers, int tables)
{
	if (live == NULL)
		return;
	struct stats_root root = {.ncols = b->w, .moves = b->moves};
	for (int c = 0; c < b->w; c++)
		if (board_can_play(b, c) && !b->over)
			root.legal |= 1u << c;
	int n = nworkers < STATS_MAX_THREADS ? nworkers : STATS_MAX_THREADS;
	stats_begin(live, &root, n, lim->mode != SEARCH_DEPTH, NULL);
	stats_mark_ranks(live, tables > 0 ? tables : nworkers);
	for (int w = 0; w < n; w++)
		atomic_store_explicit(&live->thread[w].spawned,
		                      (uint64_t)dist_task_threads(lim),
		                      memory_order_relaxed);
	/* One search at the depth asked (no iterations): every column's
	 * value comes from it. */
	const int depth = lim->mode == SEARCH_DEPTH ? lim->depth : 0;
	for (int c = 0; c < b->w; c++) {
		atomic_store_explicit(&live->col[c].depth, depth,
		                      memory_order_relaxed);
		if (root.legal >> c & 1)
			atomic_store_explicit(&live->col[c].state,
			                      COL_SEARCHING,
			                      memory_order_relaxed);
	}
}

/* Worker w's row: its finished tasks' nodes and seconds and, while one
 * runs, that one's so far. */
void
dist_live_worker(const struct dist_stats *st, int w, uint64_t nodes,
                 double secs)
{
	if (st->live == NULL || w >= STATS_MAX_THREADS)
		return;
	struct stats_thread *t = &st->live->thread[w];
	atomic_store_explicit(&t->nodes, st->nodes[w] + nodes,
	                      memory_order_relaxed);
	atomic_store_explicit(&t->busy_ns,
	                      (uint64_t)((st->busy[w] + secs) * 1e9),
	                      memory_order_relaxed);
	atomic_store_explicit(&t->run, st->tasks[w], memory_order_relaxed);
}

/* Worker w took a task under root column col (-1: the whole root). */
void
dist_live_task(const struct dist_stats *st, int w, int col, int ply)
{
	if (st->live == NULL || w >= STATS_MAX_THREADS)
		return;
	struct stats_thread *t = &st->live->thread[w];
	atomic_store_explicit(&t->root_col, col, memory_order_relaxed);
	atomic_store_explicit(&t->ply, ply, memory_order_relaxed);
	atomic_store_explicit(&t->run, st->tasks[w], memory_order_relaxed);
}

/* Root column col's value is in. */
void
dist_live_column(struct stats *live, int col, enum score_kind kind, int score)
{
	if (live == NULL)
		return;
	atomic_store_explicit(&live->col[col].kind, kind, memory_order_relaxed);
	atomic_store_explicit(&live->col[col].score, score,
	                      memory_order_relaxed);
	atomic_store_explicit(&live->col[col].state, COL_DONE,
	                      memory_order_relaxed);
}

/* Nodes searched under root column col (-1: none). */
void
dist_live_column_nodes(const struct dist_stats *st, int col, uint64_t nodes)
{
	if (st->live != NULL && col >= 0)
		atomic_fetch_add_explicit(&st->live->col[col].nodes, nodes,
		                          memory_order_relaxed);
}

void
dist_live_end(struct stats *live, const struct search_result *r)
{
	if (live == NULL)
		return;
	for (int c = 0; c < r->ncols; c++)
		if (r->col_kind[c] != SCORE_NONE)
			dist_live_column(live, c, r->col_kind[c],
			                 r->col_score[c]);
	atomic_store_explicit(&live->depth, r->depth, memory_order_relaxed);
	if (r->move >= 0)
		stats_set_pv(live, &r->move, 1);
	stats_end(live);
}

/* The root columns whose values are in, on the panel. */
void
dist_live_root(struct master *m)
{
	if (m->st->live == NULL)
		return;
	struct search_result r;
	memset(&r, 0, sizeof r);
	dist_tree_fill_result(m, &m->n[0].b, &r);
	for (int c = 0; c < m->n[0].b.w; c++)
		if (r.col_kind[c] != SCORE_NONE)
			dist_live_column(m->st->live, c, r.col_kind[c],
			                 r.col_score[c]);
}
