/* score.h -- the score convention, named once, and scores as text for
 * every front-end: words ("win in 5", "at least draw"), the short form
 * under the board's columns ("W5", "L12", "D", "+37") and the plain number
 * of the solver's output.  Each is built from the same parts
 * (score_parts()), so no front-end parses text back.
 *
 * Scores are for the side to move.  Exact scale (the convention of Pascal
 * Pons' test sets): 0 draw, positive a win, (w*h + 1 - m) / 2 where m is
 * the number of stones before the winning one; negative a loss likewise.
 * Depth-limited searches return heuristic values strictly inside
 * (-SCORE_PROVEN, SCORE_PROVEN) and proven wins or losses as
 * +-(SCORE_PROVEN + exact score); search results and statistics always
 * report proven values back in the exact scale.
 */
#ifndef DROPFOUR_SCORE_H
#define DROPFOUR_SCORE_H

#include <stddef.h>

#include "core/board.h"

/* The depth-limited scale: |heuristic| < SCORE_PROVEN; a proven result is
 * +-(SCORE_PROVEN + exact score); SCORE_INF is beyond every score. */
#define SCORE_PROVEN 400
#define SCORE_INF    500

/* How a column's (or the root's) score is known. */
enum score_kind {
	SCORE_NONE = 0,  /* nothing known yet */
	SCORE_HEURISTIC, /* depth-limited evaluation */
	SCORE_EXACT,     /* proven value (exact scale) */
	SCORE_LOWER,     /* proven: value is a lower bound (exact scale) */
	SCORE_UPPER,     /* proven: value is an upper bound (exact scale) */
};

/* A value of the depth-limited scale as a result reports it: a proven
 * one as SCORE_EXACT on the exact scale, else SCORE_HEURISTIC. */
static inline void
score_from_raw(int v, enum score_kind *kind, int *score)
{
	if (v >= SCORE_PROVEN) {
		*kind = SCORE_EXACT;
		*score = v - SCORE_PROVEN;
	} else if (v <= -SCORE_PROVEN) {
		*kind = SCORE_EXACT;
		*score = v + SCORE_PROVEN;
	} else {
		*kind = SCORE_HEURISTIC;
		*score = v;
	}
}

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
