/* statespace.h -- every position of a small board, counted and solved,
 * level by level.
 *
 * The forward pass builds every position reachable from the empty board,
 * one level (ply = stones on the board) at a time, each position once;
 * mirror images are distinct positions.  A position whose last stone made
 * four, and a full board, is terminal: counted, not expanded.  The backward
 * pass then gives every position its exact value for the side to move, from
 * the last level back to the empty board, in the scale of the exact solver
 * (search.h): 0 a draw, (w*h + 1 - m) / 2 for a win whose last stone is
 * dropped onto m stones, negative for a loss.  A position whose last move
 * made four is lost for the side to move; a full board without four is
 * drawn.
 *
 * Storage: a level is a sorted array of 64-bit words, one per position: the
 * position's key (first player's stones + mask + bottom, so that a move in
 * column c raises column c's field only and keeps the order: the successors
 * of a sorted level through one column come out sorted) shifted left once,
 * with bit 0 set when the position holds a four.  Values are one signed
 * byte each.  A level is cut into parts, ranges of keys; a part that does
 * not fit the memory budget lives in an (already unlinked) file under the
 * temporary directory, mapped into memory.  Nothing is ever sorted: both
 * passes merge sorted streams, so files are read and written in order.
 *
 * Parallel: OpenMP threads take parts (forward: ranges of the next level,
 * backward: parts of the level being valued); each part has one writer, no
 * lock is taken.  The result never depends on the thread count or budget.
 */
#ifndef DROPFOUR_STATESPACE_H
#define DROPFOUR_STATESPACE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/board.h"
#include "core/stop.h"

/* A key takes w * (h + 1) bits and the flag one more. */
#define STATESPACE_MAX_BITS 63

struct statespace_ply {
	uint64_t positions; /* distinct positions with `ply` stones */
	uint64_t terminal;  /* of which the game is over (four or full) */
	uint64_t won, drawn, lost; /* for the side to move */
	int parts, parts_on_disk;
	double forward_s, backward_s;
};

enum statespace_phase {
	STATESPACE_FORWARD,
	STATESPACE_BACKWARD,
};

/* The message layer of a run spread over processes (dropfour-mpi gives
 * MPI's): plain words, never pointers.  Every rank calls both functions
 * collectively, in the same order.  Rank r owns the parts i of every level
 * with i % size == r; the table's rows are sums over all ranks, so every
 * rank prints the same table as one process would. */
struct statespace_comm {
	int rank, size;
	void *ctx;
	/* Send counts[r] words to rank r (send holds them grouped by
	 * destination, in rank order).  Returns the words received, grouped
	 * by source in rank order, in an xmalloc'ed array (NULL when
	 * nothing came), with rcounts[r] from rank r; false on failure. */
	bool (*exchange)(void *ctx, const uint64_t *send,
	                 const uint64_t *counts, uint64_t **recv,
	                 uint64_t *rcounts);
	/* Element-wise sum of v[0..n) over every rank, in place. */
	void (*sum)(void *ctx, uint64_t *v, int n);
};

struct statespace_limits {
	int w, h;
	int threads;         /* >= 1 */
	size_t memory_bytes; /* levels in memory up to this, then files */
	const char *tmpdir;  /* where level files go; NULL: /tmp */
	/* Optional: the stop token (core/stop.h) whose request stops the
	 * run (statespace_run() fails, "stopped"; with state_dir the same
	 * run goes on later).  The caller's, for the run. */
	const struct search_stop *stop;
	/* Optional, called by the calling thread after every level of each
	 * pass (forward: ply 0 up; backward: the last ply down). */
	void (*progress)(void *arg, enum statespace_phase phase, int ply,
	                 const struct statespace_ply *row);
	void *progress_arg;
	/* NULL: one process.  Otherwise this rank's part of a distributed
	 * run: statespace_lookup() and statespace_each() then see this
	 * rank's positions only, and levels stay in memory. */
	const struct statespace_comm *comm;
	/* Optional (one process only): checkpoints in this directory, made
	 * if missing; levels already there are reused (statespace-state.c).
	 * Messages about files found damaged go to note(). */
	const char *state_dir;
	bool keep_state; /* statespace_state_remove() keeps the files */
	void (*note)(void *arg, const char *msg);
	void *note_arg;
};

struct statespace;

/* NULL if every position of w x h can be keyed, else why not. */
const char *statespace_size_error(int w, int h);
/* Half of the machine's memory: the default budget. */
size_t statespace_default_memory(void);

/* The number of positions of a w x h board (w * (h + 1) <= 63): John
 * Tromp's published count where there is one (*exact set), else an upper
 * bound (every filling of the columns with as many stones of one side as
 * of the other, or one more; fours not taken out), within a factor of 16
 * of the count on the boards that have one. */
double statespace_positions_estimate(int w, int h, bool *exact);
/* What a run stores: every level is kept, STATESPACE_BYTES_PER_POSITION
 * bytes a position, in memory up to the budget and in files past it. */
#define STATESPACE_BYTES_PER_POSITION 9

/* Both passes.  Returns NULL when stopped or on an I/O error, with a
 * sentence in err; temporary files are gone either way. */
struct statespace *statespace_run(const struct statespace_limits *lim,
                                  char *err, size_t errlen);
void statespace_free(struct statespace *ss);
/* A finished run's state directory is no longer needed: removes it,
 * unless keep_state was set.  0, or -1 with errno. */
int statespace_state_remove(struct statespace *ss);

int statespace_width(const struct statespace *ss);
/* Where its level files go (statespace_limits' tmpdir, or /tmp). */
const char *statespace_tmpdir(const struct statespace *ss);
int statespace_height(const struct statespace *ss);
/* Row `ply`, 0..w*h. */
const struct statespace_ply *statespace_row(const struct statespace *ss,
                                            int ply);
/* Sums over every ply (times too). */
void statespace_totals(const struct statespace *ss, struct statespace_ply *sum);
/* Bytes of levels held in memory at most, and written to files. */
size_t statespace_peak_memory(const struct statespace *ss);
uint64_t statespace_disk_bytes(const struct statespace *ss);

/* The value of a position of the table's size; false if it is not one of
 * the positions reached (e.g. play after a four). */
bool statespace_lookup(const struct statespace *ss, const board_t *b,
                       int *score);

/* Calls fn for every position with its value, ply by ply, in key order
 * within a ply; `over` is true for a terminal position.  Stops at the first
 * non-zero return of fn and returns it; 0 when all were visited. */
int statespace_each(const struct statespace *ss,
                    int (*fn)(void *arg, const board_t *b, bool over,
                              int score),
                    void *arg);

#endif
