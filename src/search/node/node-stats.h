/* node-stats.h -- where the exact solver's nodes go: a breakdown by empty
 * cells and by what settled each node, the first move's guess rate, the
 * table's hit rate and its stores, and the count of the nodes that
 * Steininger's c4 would count.  Built only with configure
 * --enable-node-stats (DROPFOUR_NODE_STATS); without it every hook below
 * is empty, so the search's code and node counts are those of a plain
 * build.  The counters are one set for the process, not atomic: exact on
 * one thread (-j1), approximate on more.  `dropfour solve` prints them on
 * standard error at its end when the environment names
 * DROPFOUR_NODE_STATS (docs/benchmarks.md, "Where the nodes go").
 */
#ifndef DROPFOUR_NODE_STATS_H
#define DROPFOUR_NODE_STATS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* What settled a node that exact_body() counted. */
enum node_kind {
	NODE_BOUNDS,   /* the rules' bounds (exact_bounds()) */
	NODE_BOOK,     /* the opening book */
	NODE_TABLE,    /* its table entry (exact_probe()) */
	NODE_WIN,      /* a move leaves the opponent no safe reply */
	NODE_CAP,      /* no such move: the lower cap against the window */
	NODE_ETC,      /* a child's entry refutes the window */
	NODE_INTERIOR, /* its children searched */
	NODE_KINDS
};

/* What else is counted per empty cells. */
enum node_event {
	NEV_ROOT,        /* a node counted by a root function, not the body */
	NEV_C4,          /* a node c4 counts (a call of its negamax) */
	NEV_FORCED,      /* past the bounds with exactly one forced move */
	NEV_PROBE,       /* the node's own table probe */
	NEV_HIT,         /* ... that found the position */
	NEV_ETC_PROBE,   /* a child's probe in the ETC step */
	NEV_ETC_HIT,     /* ... that found the child */
	NEV_CUT,         /* interior nodes whose value reached beta */
	NEV_CUT_FIRST,   /* ... with the first child searched */
	NEV_BEST_FIRST,  /* interior nodes whose best move was the first */
	NEV_SEARCHED,    /* children searched by interior nodes */
	NEV_STORE_NEW,   /* a store into an empty slot */
	NEV_STORE_SAME,  /* a store onto the same position's entry */
	NEV_STORE_EVICT, /* a store that replaced another position */
	NEV_EVENTS
};

/* Rows by empty cells; boards of more cells share the last row. */
#define NODE_STATS_ROWS 64

struct node_stats {
	uint64_t kind[NODE_STATS_ROWS][NODE_KINDS];
	uint64_t event[NODE_STATS_ROWS][NEV_EVENTS];
};

#ifdef DROPFOUR_NODE_STATS
extern struct node_stats node_stats;
#define NODE_STATS_ROW(empty)                                                  \
	((empty) < NODE_STATS_ROWS ? (empty) : NODE_STATS_ROWS - 1)
#define NODE_KIND(empty, k) ((void)node_stats.kind[NODE_STATS_ROW(empty)][k]++)
#define NODE_EVENT(empty, e, n)                                                \
	((void)(node_stats.event[NODE_STATS_ROW(empty)][e] += (uint64_t)(n)))

/* c4 plays a forced move in the parent and, with more than 15 empty
 * cells, looks the child up in the table there: such nodes are not calls
 * of its negamax.  `settled`: the table settled the node (returned). */
static inline bool
node_stats_c4(int empty, bool forced, bool settled)
{
	if (settled)
		NODE_KIND(empty, NODE_TABLE);
	else
		NODE_EVENT(empty, NEV_FORCED, forced);
	NODE_EVENT(empty, NEV_C4, !forced && !(settled && empty > 15));
	return settled;
}

/* An interior node's value v against beta; whether its best move was the
 * first searched. */
static inline void
node_stats_interior(int empty, int v, int beta, int bestmove, int first)
{
	NODE_KIND(empty, NODE_INTERIOR);
	NODE_EVENT(empty, NEV_CUT, v >= beta);
	NODE_EVENT(empty, NEV_CUT_FIRST, v >= beta && bestmove == first);
	NODE_EVENT(empty, NEV_BEST_FIRST, bestmove == first);
}

/* What a store into bucket bk (tt.h) does: a new entry, the same
 * position's, or another position's evicted. */
#define NODE_STATS_STORE(empty, bk, check)                                     \
	do {                                                                   \
		const uint64_t w0_ =                                           \
		    atomic_load_explicit(&(bk)[0], memory_order_relaxed);      \
		const uint64_t w1_ =                                           \
		    atomic_load_explicit(&(bk)[1], memory_order_relaxed);      \
		NODE_EVENT(empty,                                              \
		           tt_holds(w0_, check) || tt_holds(w1_, check)        \
		               ? NEV_STORE_SAME                                \
		           : w0_ == 0 || w1_ == 0 ? NEV_STORE_NEW              \
		                                  : NEV_STORE_EVICT,           \
		           1);                                                 \
	} while (0)
#define STATS_C4(empty, forced, settled) node_stats_c4(empty, forced, settled)
#define STATS_INTERIOR(e, v, be, bm, fc) node_stats_interior(e, v, be, bm, fc)
#define STATS_STORE(e, bk, check)        NODE_STATS_STORE(e, bk, check)
#else
#define NODE_KIND(empty, k)              ((void)0)
#define NODE_EVENT(empty, e, n)          ((void)0)
#define STATS_C4(empty, forced, settled) (settled)
#define STATS_INTERIOR(e, v, be, bm, fc) ((void)0)
#define STATS_STORE(e, bk, check)        ((void)0)
#endif

/* Whether this build counts (configure --enable-node-stats). */
bool node_stats_built(void);
/* The breakdown so far, as text (a no-op in a plain build). */
void node_stats_print(FILE *f);

#endif
