/* split.c -- per-task contexts, split points, stop/cut-off polling and the
 * per-thread accounting of the parallel search. */
#include "config.h"

#include "split.h"
#include "util.h"

void
split_ctx_root(struct split_ctx *c, struct split_shared *sh)
{
	*c = (struct split_ctx){ .sh = sh, .sp = NULL, .root_col = -1 };
	c->tid = omp_get_thread_num();
	c->busy_from = util_now_ns();
}

void
split_ctx_task(struct split_ctx *c, const struct split_ctx *parent,
    const struct split_point *sp, int spawner, int root_col)
{
	*c = (struct split_ctx){ .sh = parent->sh, .sp = sp,
		.root_col = root_col, .rng = parent->rng };
	c->tid = omp_get_thread_num();
	c->busy_from = util_now_ns();
	struct stats_thread *t = &c->sh->stats->thread[c->tid];
	stats_add(&t->run, 1);
	if (spawner != c->tid)
		stats_add(&t->stolen, 1);
}

static void
flush(struct split_ctx *c)
{
	struct stats_thread *t = &c->sh->stats->thread[c->tid];
	if (c->nodes) {
		stats_add(&t->nodes, c->nodes);
		atomic_fetch_add_explicit(&c->sh->nodes, c->nodes,
		    memory_order_relaxed);
		if (c->root_col >= 0)
			atomic_fetch_add_explicit(
			    &c->sh->stats->col[c->root_col].nodes, c->nodes,
			    memory_order_relaxed);
		c->total += c->nodes;
		c->nodes = 0;
	}
	if (c->probes) {
		stats_add(&t->tt_probes, c->probes);
		stats_add(&t->tt_hits, c->hits);
		c->probes = c->hits = 0;
	}
}

static void
flush_busy(struct split_ctx *c, uint64_t now)
{
	if (now > c->busy_from)
		stats_add(&c->sh->stats->thread[c->tid].busy_ns,
		    now - c->busy_from);
	c->busy_from = now;
}

void
split_ctx_finish(struct split_ctx *c)
{
	flush(c);
	flush_busy(c, util_now_ns());
}

bool
split_chain_cut(const struct split_point *sp)
{
	for (; sp != NULL; sp = sp->parent)
		if (atomic_load_explicit(&sp->cut, memory_order_relaxed))
			return true;
	return false;
}

void
split_poll(struct split_ctx *c)
{
	struct split_shared *sh = c->sh;

	flush(c);
	flush_busy(c, util_now_ns());
	if (sh->lim->abort != NULL &&
	    atomic_load_explicit(sh->lim->abort, memory_order_relaxed))
		atomic_store(sh->stop, true);
	if (atomic_load_explicit(sh->stop, memory_order_relaxed) ||
	    atomic_load_explicit(&sh->done, memory_order_relaxed) ||
	    split_chain_cut(c->sp)) {
		c->aborted = true;
		return;
	}
	if (sh->lim->node_limit &&
	    atomic_load_explicit(&sh->nodes, memory_order_relaxed) >=
		sh->lim->node_limit) {
		atomic_store(sh->stop, true);
		c->aborted = true;
		return;
	}
	/* The clock: a vDSO call every 1024 nodes costs nothing measurable. */
	if (sh->deadline_ns) {
		uint64_t now = util_now_ns();
		if (now >= sh->deadline_ns) {
			atomic_store(sh->stop, true);
			c->aborted = true;
		}
	}
}

void
split_wait_begin(struct split_ctx *c)
{
	flush(c);
	flush_busy(c, util_now_ns());
}

void
split_wait_end(struct split_ctx *c)
{
	c->busy_from = util_now_ns();
}

void
split_count_spawn(struct split_ctx *c, int n)
{
	stats_add(&c->sh->stats->thread[c->tid].spawned, (uint64_t)n);
}

void
split_count_cutoff(struct split_ctx *c)
{
	stats_add(&c->sh->stats->thread[c->tid].cutoffs, 1);
}
