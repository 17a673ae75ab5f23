/* choose.h -- the one rule for choosing a move among scored columns.
 *
 * Every chooser in the engine (the search's result, the named levels, the
 * averaged-outcome evaluation, the hints) goes through choose_column():
 * the best value wins, the column nearest the centre among equals, or
 * with a seed a seeded pick among the equal best, so a seeded game can be
 * replayed.  This module calls nothing of the search.
 */
#ifndef DROPFOUR_CHOOSE_H
#define DROPFOUR_CHOOSE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "search/search.h"

/* Values within CHOOSE_EPS of each other are equal. */
#define CHOOSE_EPS 1e-12

/* The highest value among the columns c of b with ok[c] (value[] and ok[]
 * indexed by column, b->w of them), the one nearest the centre among
 * equals (board_centre_order()), or with seed != 0 a pick among the equal
 * best drawn from the seed and the position.  -1 if no column is ok. */
WIDTH_FN int choose_column(const board_t *b, const double *value,
                           const bool *ok, uint64_t seed);

/* The best column of a result by its column scores (a proven win above any
 * heuristic value above a proven loss), through choose_column(); -1 when
 * no column is scored. */
WIDTH_FN int choose_best_column(const board_t *b, const struct search_result *r,
                                uint64_t seed);

/* The random draw of a tie-break among equal columns: the seed mixed with
 * the position, so each position of a seeded game draws anew. */
WIDTH_FN uint64_t choose_tie_draw(const board_t *b, uint64_t seed);

#endif
