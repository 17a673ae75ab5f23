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

#include "core/board.h"
#include "search/search.h"

struct split_ctx;

/* Quality of `b` for the side to move, searched `depth` plies, serially. */
WIDTH_FN double average_value(const board_t *b, int depth, uint64_t *nodes);

/* The SEARCH_AVERAGE mode of search_run(), called by the root context c
 * inside search_run()'s parallel region: iterative deepening under
 * c->team->lim, the stats slots updated, and r filled (col_score = quality
 * * 100 rounded, kind SCORE_HEURISTIC; a column that loses at once is
 * scored -100).  search_run() sets r's nodes, time and threads. */
WIDTH_FN void average_root(struct split_ctx *c, const board_t *b,
                           struct search_result *r);

#endif
