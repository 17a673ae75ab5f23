/* average.h -- the averaged-outcome evaluation (--eval=average).
 *
 * A depth-limited search where a won state counts 1, a lost state -1, a
 * state whose children are all won (or all lost) takes that value, and
 * otherwise a state's quality is the average of its children's values.
 * The AI avoids moves that lose and picks the highest quality.
 */
#ifndef DROPFOUR_AVERAGE_H
#define DROPFOUR_AVERAGE_H

#include <stdatomic.h>
#include <stdbool.h>

#include "board.h"
#include "search.h"
#include "stats.h"

/* Quality of `b` for the side to move, searched `depth` plies, serially. */
double average_value(const board_t *b, int depth, uint64_t *nodes);

/* The SEARCH_AVERAGE mode of search_run(): runs inside the caller's thread,
 * opens its own OpenMP parallel region with lim->threads threads, updates
 * the stats slots, polls *stop, and fills r (col_score = quality * 100
 * rounded, kind SCORE_HEURISTIC; a column that loses at once is scored
 * -100). */
void average_search(const board_t *b, const struct search_limits *lim,
    struct stats *st, atomic_bool *stop, struct search_result *r);

#endif
