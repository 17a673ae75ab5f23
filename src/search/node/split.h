/* split.h -- the parallel machinery under the searches: the team (state
 * shared by every task of one search), per-task contexts, split points,
 * the stop and cut-off flags, split_poll() (the one place that decides
 * stop, deadline and node limit) and the per-thread accounting that feeds
 * the live panel.  Used by every search (search*.c, average.c).
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

#include "core/board.h"
#include "search/search.h"
#include "search/node/settings.h"
#include "search/node/stats.h"
#include "search/node/trace.h"
#include "search/node/tt.h"
#include "search/node/eval.h"

#include "core/omp.h"

struct split_ctx;
struct split_point;

/* Searches move k of a split point with context c (c->sp is the split
 * point) and records the result in sp->val[k]. */
typedef void split_move_fn(struct split_ctx *c, struct split_point *sp, int k);

/*
 * A node whose remaining children are shared out.  The owner, the helper
 * tasks it spawns and any thread that runs out of work claim the moves one
 * at a time; `cut` is set by the first move that proves a cut-off, and every
 * search below polls the chain of split points above it.  It lives on the
 * owner's stack: it is reachable from the shared list only while open, and
 * the owner leaves only after every claimed move has finished.
 */
struct split_point {
	atomic_bool cut;
	_Atomic int alpha;     /* best value so far (depth-limited search) */
	_Atomic uint64_t work; /* nodes its moves searched */
	_Atomic int finished;  /* claimed moves done */
	const struct split_point *parent;
	/* Under the shared lock. */
	bool open, listed; /* moves handed out; in the shared list */
	int next, n;       /* next move to hand out, number of moves */
	/* Set by the owner before it opens the split point. */
	int ply, root_col;
	int owner; /* the owner's thread (its split_wake) */
	split_move_fn *move;
	const void *arg; /* the search's view of the node */
	int val[BOARD_MAX_WIDTH];
};

/* A mark of the exact solver's table of positions being searched
 * (EXACT_BUSY_MIN_CELLS in settings.h): a position's key, 0 for none, on
 * a cache line of its own. */
struct split_busy {
	_Alignas(64) _Atomic uint64_t key;
};

/* A thread's wake-up word: an owner waiting for moves to finish sleeps on
 * `seq` while `parked` is set; a thread that finishes one of its moves
 * then bumps `seq` and wakes it (split.c). */
struct split_wake {
	_Alignas(64) _Atomic int seq;
	_Atomic int parked;
};

/*
 * The team's state, one word read by one relaxed load at every poll: 0
 * while the search runs.  SPLIT_DONE is set when a lazy SMP thread has
 * finished the root (the others then stop; the result is whole).  A stop's
 * reason goes into the bits above it, the first reason kept: set by
 * split.c alone, by its stopping() (split_poll() and a split point's
 * moves) when the limits' stop token (core/stop.h) says so, and by a
 * context's flush of its counts (at every poll and wait) past the node
 * limit or the deadline; the result is then partial.  Done and stopped are
 * independent: a stop may come after a lazy thread finished, and a lazy
 * thread may finish after a stop.
 */
enum split_state {
	SPLIT_RUNNING = 0,
	SPLIT_DONE = 1, /* lazy SMP: someone finished (not a stop) */
	SPLIT_STOP_REQUESTED = 1 << 1, /* the limits' stop token */
	SPLIT_STOP_DEADLINE = 2 << 1,  /* the time limit */
	SPLIT_STOP_NODES = 3 << 1,     /* the node limit */
	SPLIT_STOP_MASK = 3 << 1,
};

/* The team: shared by every task of one search (the whole search's state,
 * not one split point's). */
struct split_team {
	/* Read at every node, written only before the search. */
	struct search *search;
	const struct search_limits *lim;
	struct tt *tt;
	struct tt *leaf;     /* the small table near the end of the game */
	struct tt *own_leaf; /* each thread's own, for the last cells */
	uint64_t own_after;  /* nodes before own_cells is set, 0 never */
	struct stats *stats;
	struct trace *trace;  /* a recorded search (trace.h), NULL: none */
	uint64_t deadline_ns; /* 0 none */
	int split_depth;      /* plies below the root that may split */
	int min_split_left;   /* do not split with fewer empty cells */
	int team_cells;       /* fewer empty cells: no node below splits,
	                         marks itself or perturbs (the exact
	                         solver's exact_child()) */
	int leaf_cells;       /* fewer empty cells: the leaf table */
	uint64_t leaf_grow;   /* searched nodes per bucket in use before
	                         the leaf table widens (tt_grow()), 0
	                         never */
	int threads;
	int maxopen;
	const struct eval_tab *eval; /* depth-limited evaluation tables */
	struct split_point **open;   /* open split points (under the lock) */
	struct split_busy *busy;     /* positions being searched, NULL: none */
	/* Written while searching: each group on cache lines of its own, so
	 * the stores do not evict the fields above from the other cores. */
	_Alignas(64) _Atomic uint64_t nodes; /* flushed total, node limit */
	/* The search's state (enum split_state): the one word the searches
	 * poll, written only through split_stop() and split_claim_done(). */
	_Atomic int state;
	_Alignas(64) atomic_flag lock;
	int nopen;
	_Atomic int unclaimed;     /* open split points with moves left */
	_Atomic int waiting_tasks; /* helper tasks spawned, not yet started */
	_Atomic int working;       /* threads inside search work */
	_Atomic int spinning;      /* of those, owners waiting for moves */
	_Atomic int own_cells;     /* fewer empty cells: own_leaf[tid] */
	_Alignas(64) int nest[STATS_MAX_THREADS]; /* per thread: stretches of
	                                             work under way */
	struct split_wake wake[STATS_MAX_THREADS];
};

/* A team of `threads` threads for one search of lim, its figures into
 * stats, running, with the shared list of split points for
 * `split_threads` of them (1: none; lazy SMP shares none): the one way a
 * team is made (the driver adds its tables, clock and split depths); and
 * its end. */
void split_team_init(struct split_team *team, const struct search_limits *lim,
                     struct stats *stats, int threads, int split_threads);
void split_team_free(struct split_team *team);

/* One task's (or the root's) view: private counters, flushed in bulk. */
struct split_ctx {
	struct split_team *team;
	const struct split_point *sp; /* innermost split point, NULL at root */
	int tid;
	int root_col; /* root column this work is under, -1 */
	bool aborted;
	uint64_t nodes; /* not yet flushed */
	uint64_t total; /* all nodes of this context */
	uint64_t sub;   /* nodes of the tasks it waited for */
	uint64_t probes, hits;
	uint64_t busy_from; /* ns when the current busy stretch began */
	uint64_t rng;       /* lazy SMP move-order noise, 0 off */
	int own_cells;      /* team->own_cells, as of the last poll */
	/* The big table's fill as this context has sampled it since its
	 * last verdict (tt_sample_grow()). */
	uint32_t tt_seen, tt_used;
	int max_moves; /* stones of the deepest node it searched */
	/* A recorded search (team->trace): the slots + 1 of this context's
	 * span and of its wait under way, 0 none. */
	int tr_span, tr_wait;
};

void split_ctx_root(struct split_ctx *c, struct split_team *team);
/* Start the context of a root-column task (spawned by thread `spawner`);
 * counts the task as run (and stolen). */
void split_ctx_task(struct split_ctx *c, const struct split_ctx *parent,
                    int spawner, int root_col);
/*
 * Search moves first..n-1 of a node in parallel: the caller has set sp's
 * move, arg, val[] (the value of a move that is not searched) and the
 * depth-limited alpha.  Returns when every move is done or skipped after a
 * cut-off; the caller reads sp->val and sp->cut.  The waiting owner helps
 * at split points below its own.
 */
void split_run(struct split_ctx *c, struct split_point *sp, int ply, int first,
               int n);
/* End of a task: flush counters and busy time. */
void split_ctx_finish(struct split_ctx *c);
/* Poll: flush counts, check stop / deadline / node limit / cut-offs. */
void split_poll(struct split_ctx *c);
/* Around a taskwait: the time spent waiting is not busy time. */
void split_wait_begin(struct split_ctx *c);
void split_wait_end(struct split_ctx *c);
void split_count_spawn(struct split_ctx *c, int n);
void split_count_cutoff(struct split_ctx *c);
/* A child put off: another thread was searching it. */
void split_count_defer(struct split_ctx *c);
/* True if any split point on the chain has been cut. */
bool split_chain_cut(const struct split_point *sp);

/* The team's state (enum split_state), one relaxed load. */
static inline int
split_state(const struct split_team *team)
{
	return atomic_load_explicit(&team->state, memory_order_relaxed);
}

/* True once the search is stopped or, under lazy SMP, done: the searches
 * then unwind. */
static inline bool
split_over(const struct split_team *team)
{
	return split_state(team) != SPLIT_RUNNING;
}

/* True once the search is stopped (the result is partial); not when it is
 * only done. */
static inline bool
split_stopped(const struct split_team *team)
{
	return (split_state(team) & SPLIT_STOP_MASK) != 0;
}

/* Stop the search for `reason` (a SPLIT_STOP_*), unless it is stopped
 * already: the first reason stays. */
void split_stop(struct split_team *team, int reason);
/* Lazy SMP: mark the search done; true for the one caller that did it
 * first (its result is the search's). */
bool split_claim_done(struct split_team *team);

/* Nodes searched for this context so far, its finished tasks included:
 * the work a table entry records. */
static inline uint64_t
split_work(const struct split_ctx *c)
{
	return c->total + c->nodes + c->sub;
}

/* True if some thread is waiting for work: free, or an owner waiting for
 * its split point's last moves. */
static inline bool
split_thread_free(const struct split_team *team)
{
	return atomic_load_explicit(&team->working, memory_order_relaxed) -
	           atomic_load_explicit(&team->spinning, memory_order_relaxed) <
	       team->threads;
}

/* Count a node of `moves` stones (the deepest one reached is the
 * search's seldepth); every SPLIT_POLL_MASK + 1 nodes, poll. */
static inline void
split_node(struct split_ctx *c, int moves)
{
	if (moves > c->max_moves)
		c->max_moves = moves;
	if ((++c->nodes & SPLIT_POLL_MASK) == 0)
		split_poll(c);
}

#endif
