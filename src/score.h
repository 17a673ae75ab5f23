/* score.h -- scores as text, for every front-end: words ("win in 5",
 * "at least draw"), the short form under the board's columns ("W5", "L12",
 * "D", "+37") and the plain number of the solver's output.  Each is built
 * from the same parts (score_parts()), so no front-end parses text back.
 *
 * Scores are for the side to move on board b, in the scale of search.h.
 */
#ifndef DROPFOUR_SCORE_H
#define DROPFOUR_SCORE_H

#include <stddef.h>

#include "board.h"
#include "stats.h"

enum score_outcome {
	SCORE_OUT_UNKNOWN = 0, /* SCORE_NONE */
	SCORE_OUT_VALUE,       /* a heuristic value */
	SCORE_OUT_WIN,
	SCORE_OUT_LOSS,
	SCORE_OUT_DRAW,
};

enum score_bound {
	SCORE_BOUND_NONE = 0,
	SCORE_BOUND_AT_LEAST, /* SCORE_LOWER */
	SCORE_BOUND_AT_MOST,  /* SCORE_UPPER */
};

struct score_parts {
	enum score_outcome outcome;
	enum score_bound bound;
	/* Wins: stones of the side to move still to play, the winning one
	 * included; losses: the opponent's.  At least 1. */
	int stones;
	int value; /* the score itself */
};

void score_parts(const board_t *b, enum score_kind kind, int score,
    struct score_parts *p);
/* "win in 5", "loss in 12", "draw", "at least win in 3", "draw or worse",
 * "+37" (heuristic), "?" (unknown).  Returns buf. */
const char *score_words(const board_t *b, enum score_kind kind, int score,
    char *buf, size_t len);
/* Three cells at most, bounds left out (the board shows them as marks):
 * "W5", "L12", "D", "+37", "+>>" / "-<<" for heuristic values too wide,
 * "?" unknown.  Returns buf. */
const char *score_short(const board_t *b, enum score_kind kind, int score,
    char *buf, size_t len);
/* The number as the solver prints it, "-" when unknown.  Returns buf. */
const char *score_number(enum score_kind kind, int score, char *buf,
    size_t len);

#endif
