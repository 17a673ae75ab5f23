/* dist.h -- one search spread over workers: the processes of an Open MPI
 * job (mpi/mpi-dist.c), or engines in one process standing in for them
 * (dist_loopback_*, for the tests).  docs/distributed-search.md has the
 * design, the messages and the measurements.
 *
 * The master (rank 0's main thread) expands the position to a frontier a
 * few plies deep, hands each frontier position out as a task when a worker
 * asks for one (young brothers wait: a node's eldest child first), with
 * the window that the results so far allow, and combines the values by
 * negamax as they come back.  A node whose value can no longer matter
 * (a cut) has its queued tasks dropped and its running ones cancelled.
 * Each worker searches a task with its own engine: its own table, its own
 * OpenMP threads.  The result is one process's: the same exact scores
 * always; in depth-limited play the root's column values are depth-D
 * alpha-beta values as one process computes them, which can differ where
 * a table returns a deeper entry (docs/distributed-search.md).
 *
 * The transport moves fixed-size plain structs; the logic here is the
 * same over MPI and over the loopback.
 */
#ifndef DROPFOUR_DIST_H
#define DROPFOUR_DIST_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "search/search.h"
#include "search/node/stats.h"

#define DIST_MAX_WORKERS  256
#define DIST_MAX_FRONTIER 5
/* The frontier deepens until it holds about this many tasks a worker
 * (dist_frontier()).  More tasks balance the workers better; fewer,
 * bigger ones search fewer nodes beside each other: 4444 on 8 ranks as
 * 8 machines searched 1.43 times one process's nodes on a frontier of 3
 * plies (8 a worker), 0.90 on 2 plies (4 a worker; 4453 1.28 and 1.17),
 * docs/distributed-search.md.  Two plies from 2 to 9 workers, three from
 * 10 to 54. */
#define DIST_TASKS_PER_WORKER 4
_Static_assert(DIST_TASKS_PER_WORKER >= 1, "a task a worker at least");
/* A search of at most this many nodes stays on one worker. */
#define DIST_SMALL_NODES 200000
/* Table entries shared between the workers (search_export()): a task's
 * answer carries up to DIST_SHARE_OUT of the positions up to
 * DIST_SHARE_PLIES plies below its root; a task carries up to
 * DIST_SHARE_IN that the other workers sent since the worker's last one. */
#define DIST_SHARE_PLIES 3
#define DIST_SHARE_OUT   256
#define DIST_SHARE_IN    1024
/* Tasks a worker holds at once: the one it searches and the next, which
 * it starts the moment the first ends, before it answers (so no worker
 * waits for the master between two tasks). */
#define DIST_QUEUE 2
/* The table across machines (docs/distributed-search.md): an exact
 * solver's stores of positions with at least `upper` empty cells
 * (dist_transport.upper, --dist-upper) go to every other machine's table,
 * a message of at most DIST_UPPER_BATCH of them at a time; a worker holds
 * up to DIST_UPPER_BOX between two looks at the network (more are
 * dropped: the other tables only miss those hits). */
#define DIST_UPPER_CELLS 24
#define DIST_UPPER_BATCH 256
#define DIST_UPPER_BOX   4096

/* A task: a position, how to search it and the window. */
struct dist_task {
	uint32_t id;     /* never 0 */
	uint8_t w, h;    /* the board */
	uint8_t mode;    /* enum search_mode: SEARCH_EXACT, _WEAK or _DEPTH */
	uint8_t depth;   /* depth-limited: plies below the task's position */
	uint8_t whole;   /* 1: the position's own search (search_run(), no
	                  * window), of at most node_limit nodes */
	uint8_t threads; /* OpenMP threads for it; 0: the worker's own */
	uint8_t prepare; /* 1: no search; make the shared table fit `mode`
	                  * on this board (search_shared_prepare()) */
	uint8_t exports; /* 1: the answer carries the table's entries near
	                  * the task's root (dist_result.share) */
	uint8_t upper;   /* exact: the stores of positions with at least
	                  * this many empty cells told to other machines
	                  * (dist_worker.box), 0 none */
	uint32_t node_limit;
	int16_t alpha; /* the window, on the raw scale (search.h) */
	int16_t beta;
	uint16_t stones;  /* the position: stones on the board, */
	uint64_t cur[2];  /* the side to move's stones and all the */
	uint64_t mask[2]; /* stones, as the 128-bit board's bits (low, high) */
	/* What the other workers' tables hold near their tasks' roots. */
	struct search_entries share_hdr;
	struct search_entry share[DIST_SHARE_IN];
};

/* A task's answer. */
struct dist_result {
	uint32_t id;
	int16_t value;    /* fail-soft against the task's window */
	uint8_t stopped;  /* cancelled or stopped: no value */
	uint8_t progress; /* not an answer: the task runs, nodes and seconds
	                   * so far (dist_worker_progress()) */
	int8_t col;       /* a whole search's move, -1 none */
	uint64_t nodes;
	double seconds;
	double quality; /* SEARCH_AVERAGE: the averaged outcome, */
	int8_t proven;  /* and 1 / -1 for a proven win / loss (search.h) */
	/* Seconds between the end of the worker's task before it and this
	 * task's start (its hand-off, the master's own delay included);
	 * negative: the worker's first task. */
	double gap;
	/* What its table holds near the task's root (a finished task). */
	struct search_entries share_hdr;
	struct search_entry share[DIST_SHARE_OUT];
};

/* Entries of the table across machines (search_tap's), a message. */
struct dist_entries {
	struct search_entries hdr;
	struct search_entry e[DIST_UPPER_BATCH];
};
static inline size_t
dist_entries_size(const struct dist_entries *m)
{
	return offsetof(struct dist_entries, e) +
	       (size_t)m->hdr.n * sizeof m->e[0];
}
static inline bool
dist_entries_whole(const struct dist_entries *m, size_t bytes)
{
	return bytes >= offsetof(struct dist_entries, e) &&
	       m->hdr.n <= DIST_UPPER_BATCH && bytes == dist_entries_size(m);
}

/* What a transport moves of a task or an answer: the fixed part and the
 * table entries it holds, not the whole array (a task of the workers of
 * one machine, which share a table, carries none).  Every rank must be the
 * same kind of machine (the same layout of these structs in memory: one
 * binary, one architecture); dropfour-mpi checks it when it starts. */
static inline size_t
dist_task_size(const struct dist_task *t)
{
	return offsetof(struct dist_task, share) +
	       (size_t)t->share_hdr.n * sizeof t->share[0];
}
static inline size_t
dist_result_size(const struct dist_result *r)
{
	return offsetof(struct dist_result, share) +
	       (size_t)r->share_hdr.n * sizeof r->share[0];
}
/* A received message of `bytes` bytes holds a whole task (answer). */
static inline bool
dist_task_whole(const struct dist_task *t, size_t bytes)
{
	return bytes >= offsetof(struct dist_task, share) &&
	       t->share_hdr.n <= DIST_SHARE_IN && bytes == dist_task_size(t);
}
static inline bool
dist_result_whole(const struct dist_result *r, size_t bytes)
{
	return bytes >= offsetof(struct dist_result, share) &&
	       r->share_hdr.n <= DIST_SHARE_OUT && bytes == dist_result_size(r);
}

/* The master's side of the transport: workers 0 .. nworkers-1. */
struct dist_transport {
	int nworkers;
	void *ctx;
	/* Give worker w a task (it has none). */
	void (*start)(void *ctx, int w, const struct dist_task *t);
	/* The next answer of any worker: true with *w and *r; false when
	 * none came within wait_ms milliseconds.  `hurry`: a worker holds
	 * no task and waits for one, so look without napping. */
	bool (*next)(void *ctx, int wait_ms, bool hurry, int *w,
	             struct dist_result *r);
	/* Stop worker w's task `id` (running, or waiting there as its
	 * next): its answer still comes, marked stopped. */
	void (*cancel)(void *ctx, int w, uint32_t id);
	/* How many main tables the workers have: nworkers (or 0) when each
	 * has its own, fewer when the workers of one machine share one
	 * (dist_worker.table), 1 when all do. */
	int tables;
	/* Between machines (several tables, each shared by its machine's
	 * workers): an exact search's tasks ask for the stores of positions
	 * of at least `upper` empty cells (dist_task.upper), which the
	 * transport carries to the other machines' tables; 0 none. */
	int upper;
	/* What it carried so far (the transport counts): messages, entries
	 * and bytes of the table across machines, and the master's
	 * processor seconds spent on them (taking them in, merging its own
	 * machine's, sending them on: what they cost the master). */
	uint64_t upper_msgs, upper_entries, upper_bytes;
	double upper_s;
};

/* What the workers did, per worker. */
struct dist_stats {
	int nworkers;
	int frontier; /* the plies of the frontier */
	int ntasks;   /* frontier positions */
	int handed;   /* tasks handed out */
	int cut;      /* tasks dropped or cancelled by a cut */
	uint64_t nodes[DIST_MAX_WORKERS];
	uint32_t tasks[DIST_MAX_WORKERS];
	double busy[DIST_MAX_WORKERS]; /* seconds searching */
	double seconds;                /* the whole search */
	struct stats *live;            /* dist_params.live */
	int under;       /* the root column the tree in hand is under (one
	                  * column's solve of an analysis), -1 the whole root */
	uint64_t shared; /* table entries passed on to other workers */
	/* The traffic with each worker, both ways: messages and bytes
	 * (dist_task_size(), dist_result_size()). */
	uint64_t msgs[DIST_MAX_WORKERS];
	uint64_t bytes[DIST_MAX_WORKERS];
	/* Seconds before the first task: the shared tables made to fit
	 * (dist_task.prepare), the only wait on a shared table. */
	double prepare_s;
	/* The hand-off, task asked to task running, summed over the tasks
	 * after each worker's first (dist_result.gap less the time the
	 * master had no task to give, which is waiting for work): */
	double handoff_s;
	uint32_t handoffs;
	double starved_s; /* the workers' waits for a task to exist */
	double answered_at[DIST_MAX_WORKERS]; /* each worker's last answer */
	/* The table across machines in this search: the smallest empty
	 * cells it spans (0: none) and what the transport carried. */
	int upper;
	uint64_t upper_msgs, upper_entries, upper_bytes;
	double upper_s;
	struct dist_share *share; /* dist.c's own: the entries in hand */
};

/* The frontier's depth for `nworkers` workers and this search (0: a
 * search too small to share, which one worker runs whole). */
int dist_frontier(const board_t *b, const struct search_limits *lim,
                  int nworkers);

/* What the network cost, in words for a person (one line, no newline):
 * each worker's share of the time searching and waiting for work, the
 * messages and bytes both ways and their rate, and the tables (`tables`:
 * dist_transport.tables) with the time their preparation took, the
 * mean hand-off a task (task asked to task running) beside the waits
 * for a task to exist, and the table across machines: its entries,
 * messages and bytes, and the master's time a message of it. */
void dist_stats_traffic(const struct dist_stats *st, int tables, char *buf,
                        size_t len);

/* How to share a search out (NULL: the defaults, all zero). */
struct dist_params {
	int frontier;   /* plies; 0 automatic (dist_frontier()) */
	bool share_all; /* no trial on one worker first (tests, benchmarks) */
	bool no_tables; /* pass no table entries between the workers */
	/* Published to while the search runs, for a reader such as the
	 * game's panel (NULL none): a slot a worker (stats_mark_ranks()),
	 * with its nodes and busy time as its progress reports come, the
	 * root columns as their values do.  Written by dist_search()'s
	 * thread only. */
	struct stats *live;
};

/* One search of b over the transport's workers: lim's mode (exact, weak
 * or depth-limited; its depth, analyze and seed), r filled as search_run()
 * fills it (the column scores, the move, nodes summed over the workers),
 * st (may be NULL) per worker.  An exact or weak solve first runs whole on
 * worker 0 for DIST_SMALL_NODES nodes (most positions need no more), then
 * is shared.  A request of lim->stop (core/stop.h) ends it early:
 * r->partial.  0, or -1
 * for a transport it cannot use, with nothing searched.  The averaged
 * outcomes (SEARCH_AVERAGE) are shared too: no windows there, every task's
 * value folded as one process folds it (search/node/average.h). */
int dist_search(const struct dist_transport *t, const board_t *b,
                const struct search_limits *lim, const struct dist_params *p,
                struct search_result *r, struct dist_stats *st);

/* ---- a worker -------------------------------------------------------- */

struct engine;

/* A worker's engine: tasks run on it one at a time. */
struct dist_worker {
	struct engine *e;
	int threads;                      /* its OpenMP threads */
	const struct search_oracle *book; /* the opening book, or NULL */
	uint64_t id;                      /* the engine's search, 0 none */
	struct dist_task task;
	double t0;
	double reported; /* when dist_worker_progress() last answered */
	double ended;    /* when its last task ended, 0 none yet */
	double gap;      /* the running task's dist_result.gap */
	/* The next task, started the moment this one ends (DIST_QUEUE). */
	struct dist_task next;
	bool has_next;
	/* Answers owed at once (a prepare, a dropped next task): ids, and
	 * whether each was dropped (stopped). */
	uint32_t owed[DIST_QUEUE + 1];
	bool owed_stopped[DIST_QUEUE + 1];
	int nowed;
	/* The main table shared with the other workers of this machine
	 * (search.h: search_shared_bytes(table_mb) bytes), NULL: its own.
	 * The leader prepares it for each search (dist_task.prepare). */
	void *table;
	size_t table_mb;
	bool leader;
	bool adopted; /* its engine searches in it */
	/* The table across machines: the running task's stores of its
	 * upper positions (dist_task.upper), held until the worker sends
	 * them (dist_worker_upper()); lock is a spin lock, taken by the
	 * search threads and the worker. */
	struct search_tap tap;
	_Atomic bool box_lock;
	int box_n;
	struct search_entry box[DIST_UPPER_BOX];
};

/* Start task t on the worker's engine, or, while one runs, keep it as
 * the next (at most DIST_QUEUE in hand). */
void dist_worker_start(struct dist_worker *wk, const struct dist_task *t);
/* Whether a task runs or waits on the worker, or an answer is owed. */
bool dist_worker_busy(const struct dist_worker *wk);
/* Non-blocking: true once a task has finished (or stopped), *r its
 * answer; the next task, if any, is already running then. */
bool dist_worker_poll(struct dist_worker *wk, struct dist_result *r);
/* Non-blocking, while a task runs: true at most every DIST_PROGRESS_S
 * seconds, *r a progress report (r->progress) of its nodes so far. */
#define DIST_PROGRESS_S 0.1
bool dist_worker_progress(struct dist_worker *wk, struct dist_result *r);
/* Wait at most `us` microseconds for the running task to end (a nap
 * when none runs): the worker then answers at once. */
void dist_worker_wait(struct dist_worker *wk, long us);
/* Up to DIST_UPPER_BATCH stores of upper positions taken from the
 * worker's box into m (its header for a table of the worker's): how
 * many. */
int dist_worker_upper(struct dist_worker *wk, struct dist_entries *m);
/* Another machine's stores (a message of dist_worker_upper()) merged into
 * the worker's shared table (search_shared_merge()); nothing without
 * one. */
void dist_worker_merge(struct dist_worker *wk, const struct dist_entries *m);
/* Stop task `id` (running or next; any other id is an answer already
 * given): dist_worker_poll() answers soon, stopped. */
void dist_worker_cancel(struct dist_worker *wk, uint32_t id);

/* ---- the loopback: workers that are engines of this process ---------- */

struct dist_loopback;
/* n workers, each an engine of tt_mb megabytes and `threads` threads;
 * NULL with the reason in err when one cannot be had. */
struct dist_loopback *dist_loopback_new(int n, size_t tt_mb, int threads,
                                        const struct search_oracle *book,
                                        char *err, size_t errlen);
void dist_loopback_free(struct dist_loopback *lb);
/* Give the workers one main table, shared as the workers of one machine
 * share one over MPI (dist_worker.table): false when there is no memory
 * for it (the workers keep their own). */
bool dist_loopback_share(struct dist_loopback *lb);
/* Its transport (valid while lb is). */
const struct dist_transport *dist_loopback_transport(struct dist_loopback *lb);

/* A game's search across the ranks (dropfour-mpi play): a level's time
 * budget and noise are one process's, so across the ranks a level
 * searches `depth` plies (--depth) and plays the best move; no time
 * limit.  The rest of lim kept. */
struct search_limits dist_limits_for_game(const struct search_limits *lim,
                                          int depth);

#endif
