/* exact.h -- the exact solver under search_run(): fail-soft null-window
 * probes of the score, with game-knowledge bounds, one shared table at every
 * depth and split points for the parallel search (see exact.c). */
#ifndef DROPFOUR_EXACT_H
#define DROPFOUR_EXACT_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

struct split_ctx;

/* The table key of b: its own or its mirror image's, whichever is smaller
 * (*mirrored tells which, so a stored column can be mirrored back). */
static inline uint64_t
exact_key(const board_t *b, bool *mirrored)
{
	uint64_t k = board_key(b);
	if (b->moves >= 16) { *mirrored = false; return k; }
	uint64_t m = board_mirror_key(b, k);
	*mirrored = m < k;
	return *mirrored ? m : k;
}

/*
 * Exact score of a position that is not over.  *lo_out and *hi_out get the
 * interval proven so far (equal when finished), *best a move that reaches
 * the lower end.  weak: only win (1), draw (0) or loss (-1).  Returns false
 * if stopped.
 */
bool exact_solve(struct split_ctx *c, const board_t *b, bool weak,
    int *lo_out, int *hi_out, int *best);

#endif
