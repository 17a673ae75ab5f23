/* eval.h -- heuristic evaluation for depth-limited play: open threats
 * (empty cells that would complete a four), their row parity, and centre
 * control (cells weighted by how many fours pass through them). */
#ifndef DROPFOUR_EVAL_H
#define DROPFOUR_EVAL_H

#include "core/board.h"
#include "search/node/settings.h"

struct eval_tab {
	int nlayers;
	bb_t layer[EVAL_MAX_LAYERS]; /* layer[k]: cells lying on more than k
	                                    fours */
	bb_t odd_rows; /* rows 1, 3, 5... counted from 1 at the bottom */
};

WIDTH_FN void eval_init(struct eval_tab *t, const board_t *geo);
/* Score for the side to move, strictly inside +-(SCORE_PROVEN - 1). */
WIDTH_FN int eval_board(const struct eval_tab *t, const board_t *b);

#endif
