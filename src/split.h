/* split.h -- the parallel machinery under the search: per-task context,
 * split points, the stop and cut-off flags, and the per-thread accounting
 * that feeds the live panel.  Used by search.c (and average.c).
 *
 * One OpenMP parallel region per search; tasks are tied (the default), so
 * the thread that runs a task never changes and omp_get_thread_num() taken
 * at the start of a task names the stats slot it writes.
 */
#ifndef DROPFOUR_SPLIT_H
#define DROPFOUR_SPLIT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "search.h"
#include "stats.h"
#include "tt.h"
#include "eval.h"

#ifdef _OPENMP
#include <omp.h>
#else
static inline int omp_get_thread_num(void) { return 0; }
static inline int omp_get_num_threads(void) { return 1; }
#endif

#define SPLIT_POLL_MASK 1023 /* poll the flags and the clock every 1024 nodes */

/* A node whose children run as sibling tasks.  `cut` is set by the first
 * sibling that proves a cut-off; every task below polls the chain. */
struct split_point {
	atomic_bool cut;
	_Atomic int alpha; /* best value so far (depth-limited search) */
	const struct split_point *parent;
};

/* Shared by every task of one search. */
struct split_shared {
	struct search *search;
	const struct search_limits *lim;
	struct tt *tt;
	struct tt *leaf; /* the small table near the end of the game */
	struct stats *stats;
	atomic_bool *stop;          /* the search's stop flag */
	atomic_bool done;           /* lazy SMP: someone finished */
	_Atomic uint64_t nodes;     /* flushed total, for the node limit */
	uint64_t deadline_ns;       /* 0 none */
	int split_depth;            /* plies below the root that may split */
	int min_split_left;         /* do not split with fewer empty cells */
	int threads;
	const struct eval_tab *eval; /* depth-limited evaluation tables */
};

/* One task's (or the root's) view: private counters, flushed in bulk. */
struct split_ctx {
	struct split_shared *sh;
	const struct split_point *sp; /* innermost split point, NULL at root */
	int tid;
	int root_col;                 /* root column this work is under, -1 */
	bool aborted;
	uint64_t nodes;               /* not yet flushed */
	uint64_t total;               /* all nodes of this context */
	uint64_t probes, hits;
	uint64_t busy_from;           /* ns when the current busy stretch began */
	uint32_t rng;                 /* lazy SMP move-order noise, 0 off */
};

void split_ctx_root(struct split_ctx *c, struct split_shared *sh);
/* Start a task's context under split point sp (spawned by thread
 * `spawner`); counts the task as run (and stolen). */
void split_ctx_task(struct split_ctx *c, const struct split_ctx *parent,
    const struct split_point *sp, int spawner, int root_col);
/* End of a task: flush counters and busy time. */
void split_ctx_finish(struct split_ctx *c);
/* Poll: flush counts, check stop / deadline / node limit / cut-offs. */
void split_poll(struct split_ctx *c);
/* Around a taskwait: the time spent waiting is not busy time. */
void split_wait_begin(struct split_ctx *c);
void split_wait_end(struct split_ctx *c);
void split_count_spawn(struct split_ctx *c, int n);
void split_count_cutoff(struct split_ctx *c);
/* True if any split point on the chain has been cut. */
bool split_chain_cut(const struct split_point *sp);

static inline void
split_node(struct split_ctx *c)
{
	if ((++c->nodes & SPLIT_POLL_MASK) == 0)
		split_poll(c);
}

#endif
