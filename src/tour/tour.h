/* tour.h -- counting knight's tours on the engine's task machinery.
 *
 * A directed open tour is a Hamiltonian path of knight moves over a board of
 * up to 8 x 8 squares; a closed tour also ends a knight's move from its
 * start.  Squares are bit numbers rank * 8 + file of a 64-bit board (the
 * chess layout, whatever the width), named like chess squares: file letter,
 * then rank number, a1 the bottom-left corner.
 *
 * The unit of work is a path prefix (the start square and the first moves):
 * tour_count() counts the tours below a list of prefixes in one OpenMP
 * parallel region, with tasks below each prefix down to a split depth, and
 * reports per thread through the same struct stats slots as the Connect Four
 * search (nodes, busy time, tasks spawned / run / stolen), so the same panel
 * draws it.  Prefixes are plain data: a distributed driver hands them out
 * and adds up the counts (tour_expand() makes them).
 *
 * Pruning that cannot change the count (tested against a plain counter):
 * an unvisited square with no way in, or more than one unvisited square
 * that can only be the end of the path, ends the branch.
 */
#ifndef DROPFOUR_TOUR_H
#define DROPFOUR_TOUR_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/stop.h"
#include "search/node/stats.h"

#define TOUR_MAX_SIDE    8
#define TOUR_MAX_SQUARES 64
/* Default split depth: tasks for the first TOUR_SPLIT_DEPTH moves below
 * the start square.  Measured with `dropfour bench speedup --tour`: see
 * the comment in tour.c. */
#define TOUR_SPLIT_DEPTH 5
#define TOUR_MAX_SPLIT   16

struct tour_board {
	int w, h, n;                    /* files, ranks, squares */
	uint64_t all;                   /* the board's squares */
	uint64_t adj[TOUR_MAX_SQUARES]; /* knight moves from each square */
};

/* Set up a w x h board; returns NULL, or why the size is impossible. */
const char *tour_board_init(struct tour_board *b, int w, int h);
/* "c2" -> its bit number; -1 if not a square of the board. */
int tour_square_parse(const struct tour_board *b, const char *s);
/* Bit number -> "c2"; buf holds at least 4 bytes.  Returns buf. */
char *tour_square_name(int sq, char *buf);

/* The board's symmetries (4 for a rectangle, 8 for a square): map[g][sq]
 * is the image of sq under symmetry g.  Returns their number. */
int tour_symmetries(const struct tour_board *b, int map[8][TOUR_MAX_SQUARES]);
/* One start square per orbit of the symmetries, the smallest bit number,
 * in order: rep[i] stands for weight[i] squares.  Returns the count. */
int tour_start_orbits(const struct tour_board *b, int *rep, int *weight);

/* A path from the start square: sq[0] is the start. */
struct tour_prefix {
	int len;
	uint8_t sq[TOUR_MAX_SQUARES];
};

/* True if p is a path of knight moves over distinct squares of b. */
bool tour_prefix_valid(const struct tour_board *b, const struct tour_prefix *p);
/*
 * The extensions of p to length len (or shorter where a path is a whole
 * tour), skipping branches the pruning rules end; with `closed`, closed
 * tours only.  Returns their number; *out is xmalloc'ed (free it).
 */
int tour_expand(const struct tour_board *b, const struct tour_prefix *p,
                int len, bool closed, struct tour_prefix **out);

/* Called for every tour found while listing (under a lock; tours come in
 * the order the threads find them).  sq holds b->n squares. */
typedef void tour_list_fn(void *arg, const uint8_t *sq, int n);

/* What each thread publishes besides its struct stats slot, for the live
 * screen: its tours so far and the path it is on (packed 8 squares to a
 * word).  One writer each, on cache lines of their own. */
struct tour_slot {
	_Alignas(64) _Atomic uint64_t tours;
	_Atomic int len;
	_Atomic uint64_t path[TOUR_MAX_SQUARES / 8];
};

/* The shared state of a count: the stats slots and the tour slots.
 * Lives as long as its readers. */
struct tour_run {
	struct stats stats;
	struct tour_slot slot[STATS_MAX_THREADS];
	_Alignas(
	    64) _Atomic uint64_t tasks; /* tasks finished (written by
	                                   every task: a line of its own) */
};

struct tour_params {
	int threads;
	int split_depth; /* path length below which nodes spawn tasks, 0
	                    default */
	bool closed;
	bool prune; /* the pruning rules (default on; off for tests) */
	tour_list_fn *list;
	void *list_arg;
	uint64_t list_max; /* tours listed at most; 0 none */
	/* The stop token (core/stop.h; NULL: none): a request from any
	 * thread unwinds the count (read every 1024 nodes), partial. */
	const struct search_stop *stop;
};

void tour_params_default(struct tour_params *p);

struct tour_result {
	uint64_t tours, nodes; /* below all prefixes */
	double seconds;
	bool stopped; /* tour_params.stop was requested: counts are partial */
	int nthreads;
	uint64_t thread_tours[STATS_MAX_THREADS];
	uint64_t thread_nodes[STATS_MAX_THREADS];
};

void tour_run_init(struct tour_run *r);
/*
 * Count the tours below each of the n prefixes (each must satisfy
 * tour_prefix_valid) into counts[i], with par->threads threads.  Live
 * statistics go to run (which may be NULL).  Returns 0, or -1 if a prefix
 * is invalid (nothing counted).
 */
int tour_count(const struct tour_board *b, const struct tour_prefix *pre, int n,
               const struct tour_params *par, struct tour_run *run,
               uint64_t *counts, struct tour_result *res);

/* The path a thread is on, as the live screen shows it. */
int tour_slot_path(const struct tour_slot *s, uint8_t *sq);

#endif
