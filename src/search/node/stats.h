/* stats.h -- live search statistics, written by the search threads and
 * sampled by a reader (the UI) 10-20 times a second.
 *
 * Every per-thread slot sits on its own cache line and has a single writer
 * (the OpenMP thread of that number); the reader sums relaxed loads.  The
 * search flushes its local counters into the slots every 1024 nodes
 * (SPLIT_POLL_MASK in split.h) and at the end of every task, so a snapshot
 * lags by at most that.  Per-column slots are updated with
 * atomic stores (scores) and fetch-adds (nodes) at flush time.
 */
#ifndef DROPFOUR_STATS_H
#define DROPFOUR_STATS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "core/score.h"

#define STATS_MAX_THREADS 64
#define STATS_PV_MAX      64

struct stats_thread {
	_Alignas(64) _Atomic uint64_t nodes;
	_Atomic uint64_t busy_ns;  /* time inside search work (not waiting) */
	_Atomic uint64_t spawned;  /* tasks created by this thread */
	_Atomic uint64_t run;      /* tasks executed by this thread */
	_Atomic uint64_t stolen;   /* of those, created by another thread */
	_Atomic uint64_t cutoffs;  /* beta cut-offs found after a split */
	_Atomic uint64_t deferred; /* children put off: another thread's */
	_Atomic uint64_t tt_probes;
	_Atomic uint64_t tt_hits;
	/* Where the thread works: the root column its work is under (-1 the
	 * whole root) and the ply of its innermost split point, as of its
	 * last flush. */
	_Atomic int root_col;
	_Atomic int ply;
	_Atomic int max_moves; /* stones of the deepest node searched */
};

enum col_state {
	COL_ILLEGAL = 0, /* full column (or game over) */
	COL_WAITING,
	COL_SEARCHING,
	COL_DONE,
	COL_SKIPPED, /* not asked: an earlier column was the move */
};

struct stats_column {
	_Alignas(64) _Atomic int state; /* enum col_state */
	_Atomic int kind;               /* enum score_kind */
	_Atomic int score;
	_Atomic uint64_t nodes;
	/* The iteration (depth) whose search gave the score: 0 for an exact
	 * search's, or a score carried over no iteration. */
	_Atomic int depth;
};

struct stats {
	struct stats_thread thread[STATS_MAX_THREADS];
	struct stats_column col[BOARD_MAX_WIDTH];
	_Alignas(64) _Atomic int nthreads;
	_Atomic int ncols;
	_Atomic int running;    /* 1 while a search is on */
	_Atomic int exact;      /* 1 for exact / weak searches */
	_Atomic int depth;      /* depth of the last finished iteration */
	_Atomic int root_moves; /* stones of the root position */
	_Atomic int pv_len;
	_Atomic signed char pv[STATS_PV_MAX];
	_Atomic uint64_t start_ns, end_ns;
	_Atomic uint64_t searches; /* incremented when a search starts */
	/* 1: the slots are the ranks of a distributed search
	 * (search/dist/dist.h), slot k rank k: its nodes, busy time and tasks
	 * (run), its OpenMP threads in `spawned`, the root column of its task
	 * in root_col. */
	_Atomic int ranks;
	/* A distributed search's network (dist-task.c, struct
	 * stats_network; times in nanoseconds), and its tables
	 * (dist_transport.tables: 1 one shared by every rank, the ranks'
	 * count each its own). */
	_Atomic uint64_t net_msgs, net_bytes;
	_Atomic uint64_t net_handoffs, net_handoff_ns, net_starved_ns;
	_Atomic int net_upper;
	_Atomic uint64_t net_upper_entries, net_upper_msgs, net_upper_bytes;
	_Atomic uint64_t net_upper_ns;
	_Atomic int tables;
	_Atomic int cpus; /* online CPUs when the search began */
	/* The threads of an exact proof running beside this search
	 * (search-prove.c's proof within the budget), 0: none; not counted in
	 * nthreads, set and cleared by the search around stats_begin(). */
	_Atomic int beside;
	/* The statistics of that proof (the second table's search), set the
	 * first time a proof runs beside this search and kept (the second
	 * search lives as long as this one): NULL, none ran yet. */
	_Atomic(const struct stats *) beside_stats;
	/* 1: the next stats_begin() goes on counting (the next part of one
	 * proof: its threads' counters, start time and `searches` kept, so
	 * that a reader sees one proof whose counts only grow). */
	_Atomic int keep;
	const struct tt *tt;
};

/* What the statistics need of a search's root position: its columns, and
 * which of them are legal (bit c for column c). */
struct stats_root {
	int ncols;
	uint32_t legal;
	int moves; /* stones on the board */
};

/* A distributed search's network so far (search/dist/dist.h's
 * dist_stats, as the panel shows it). */
struct stats_network {
	uint64_t msgs, bytes; /* rank 0 and the workers, both ways */
	/* The hand-off, task asked to task running, summed over the tasks
	 * measured (each worker's after its first), and the workers' waits
	 * for a task to exist. */
	uint64_t handoffs;
	double handoff_s, starved_s;
	/* The table across machines (--dist-upper): the least empty cells
	 * of the positions whose stores go to every machine's table (0:
	 * none), the entries, messages and bytes carried, and rank 0's time
	 * receiving, merging and sending them on. */
	int upper;
	uint64_t upper_entries, upper_msgs, upper_bytes;
	double upper_s;
};

struct stats_thread_snap {
	uint64_t nodes, spawned, run, stolen, cutoffs, deferred;
	double busy;       /* fraction of elapsed time spent working, 0..1 */
	double busy_s;     /* seconds spent working */
	double idle_s;     /* elapsed - busy_s: free, or waiting for others */
	int root_col, ply; /* where it works (stats_thread) */
	double share;      /* fraction of all nodes */
	double nps;
};

struct stats_column_snap {
	enum col_state state;
	enum score_kind kind;
	int score;
	uint64_t nodes;
	int depth; /* the iteration of the score (struct stats_column) */
};

struct stats_snapshot {
	int nthreads, ncols;
	bool running, exact;
	bool ranks; /* the thread slots are ranks (struct stats) */
	struct stats_network net; /* ranks: the network so far */
	int tables;               /* ranks: their tables */
	int beside; /* threads of a proof beside the search (struct stats) */
	/* The last beside_rows of thread[] are the threads of that proof,
	 * appended by stats_snapshot_add_beside(); 0: none. */
	int beside_rows;
	uint64_t start_ns, end_ns; /* the search's (end 0: running) */
	int depth;
	int seldepth; /* the deepest ply below the root any thread reached */
	uint64_t searches;
	struct stats_thread_snap thread[STATS_MAX_THREADS];
	struct stats_column_snap col[BOARD_MAX_WIDTH];
	uint64_t nodes, spawned, stolen, deferred, tt_probes, tt_hits;
	double elapsed; /* seconds since the search started (to its end) */
	double nps;
	/* Work share: the smallest / largest per-thread node count, 0..1
	 * (what the panel called "balance"; node counts, not time). */
	double work_share;
	/* Load imbalance over busy time, as the HPC literature measures it
	 * (stats_imbalance()): the threads' busy seconds, their mean and
	 * largest, lambda = max / mean (1: even) and the percent imbalance
	 * (max - mean) / max * 100 (0: even). */
	double busy_total_s, busy_mean_s, busy_max_s;
	double imbalance;     /* lambda, >= 1 */
	double imbalance_pct; /* 0..100 */
	int cpus;             /* online CPUs when the search began */
	bool oversubscribed;  /* more threads than cpus: they take turns */
	double tt_fill;       /* 0..1 */
	double tt_hitrate;
	int pv_len;
	int pv[STATS_PV_MAX];
};

/* The same figures over an interval between two snapshots of one search
 * (stats_interval()), for "over the last second". */
struct stats_interval {
	int nthreads;
	double seconds; /* wall time between the snapshots */
	uint64_t nodes;
	double nps;
	double busy_s[STATS_MAX_THREADS]; /* per thread, in the interval */
	double idle_s[STATS_MAX_THREADS];
	uint64_t thread_nodes[STATS_MAX_THREADS];
	double busy;       /* mean busy fraction of the threads, 0..1 */
	double work_share; /* smallest / largest node count */
	double imbalance, imbalance_pct; /* over busy_s[], as above */
};

/* Prepare for a new search on `root` with `nthreads` threads; root NULL:
 * a search without root columns (the knight's tour counter). */
void stats_begin(struct stats *s, const struct stats_root *root, int nthreads,
                 bool exact, const struct tt *tt);
void stats_end(struct stats *s);
/* After stats_begin(): this search's slots are ranks (struct stats),
 * with `tables` main tables between them. */
void stats_mark_ranks(struct stats *s, int tables);
/* A distributed search's network so far (struct stats). */
void stats_set_network(struct stats *s, const struct stats_network *n);
/* Threads of the exact proof running beside the search (0: none). */
void stats_set_beside(struct stats *s, int threads);
/* The next stats_begin() of s continues the counts (struct stats, keep),
 * or starts them again (false). */
void stats_keep_counts(struct stats *s, bool keep);
/* Where that proof writes its statistics (struct stats, beside_stats). */
void stats_set_beside_stats(struct stats *s, const struct stats *proof);
/* The proof's statistics of stats_set_beside_stats(), NULL when none. */
const struct stats *stats_beside_stats(const struct stats *s);
void stats_set_pv(struct stats *s, const int *pv, int len);
/* Copy everything for a reader; safe from any thread at any time. */
void stats_snapshot(const struct stats *s, struct stats_snapshot *out);

/* A search's snapshot s and that of the proof that ran beside it (p, the
 * second table's): p's threads appended to s's as its last rows
 * (s->beside_rows), its nodes and tasks added, and the figures over all
 * the threads recomputed against s's elapsed time (busy, shares, node
 * rates, work share, imbalance).  False, s unchanged, when p did not run
 * during s (it ended before s began) or the rows would not fit. */
bool stats_snapshot_add_beside(struct stats_snapshot *s,
                               const struct stats_snapshot *p);

/* Load imbalance of n threads' busy times busy[0..n-1] (seconds or any
 * unit): *lambda = max / mean, the load imbalance factor (1: every thread
 * as busy as the others; n: one thread did everything), and *pct =
 * (max - mean) / max * 100, the percent imbalance (DeRose et al., "Detecting
 * application load imbalance on high end massively parallel systems",
 * Euro-Par 2007; the POP project's load balance efficiency is mean / max
 * = 1 / lambda).  No busy time at all: 1 and 0. */
void stats_imbalance(const double *busy, int n, double *lambda, double *pct);
/* The figures of the interval from snapshot `from` to `to`: a `from` of
 * another search (its `searches` differs), or NULL, counts from the
 * start of `to`'s search. */
void stats_interval(const struct stats_snapshot *from,
                    const struct stats_snapshot *to,
                    struct stats_interval *out);

/* Where a parallel speedup goes: a run on p threads against a base run
 * (normally one thread), each factor measured, their product the speedup
 * exactly (up to floating-point rounding):
 *   speedup = threads x busy x node_speed / node_overhead
 * with T, N the base run's seconds and nodes, Tp, Np, Bp the p-thread
 * run's seconds, nodes and busy thread-seconds (the sum of its threads'
 * busy_s):
 *   speedup       = T / Tp
 *   busy          = Bp / (p Tp), the share of the team's time at work
 *   node_speed    = (Np / Bp) / (N / T), nodes per busy second of one
 *                   thread of the team against the base run's node rate
 *   node_overhead = Np / N, the extra nodes of the parallel search. */
struct stats_speedup {
	double speedup;
	int threads;
	double busy, node_speed, node_overhead;
};
void stats_speedup_factors(double base_secs, uint64_t base_nodes, int threads,
                           double secs, uint64_t nodes, double busy_s,
                           struct stats_speedup *out);
/* The factors a search shows while it runs, from its snapshot: threads,
 * busy = busy_total_s / (threads x elapsed) and node_speed = nodes per
 * busy second of one thread against base_nps, a one-thread node rate
 * measured before (0: unknown, node_speed 0).  The speedup and the node
 * overhead need the one-thread run of the same search: left 0. */
void stats_live_factors(const struct stats_snapshot *s, double base_nps,
                        struct stats_speedup *out);

/* Single-writer counter bump (relaxed load + store). */
static inline void
stats_add(_Atomic uint64_t *c, uint64_t v)
{
	atomic_store_explicit(c,
	                      atomic_load_explicit(c, memory_order_relaxed) + v,
	                      memory_order_relaxed);
}

#endif
