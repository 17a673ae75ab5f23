/* score.c -- scores as text: words, short form and number (see score.h). */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/score.h"

void
score_parts(const board_t *b, enum score_kind kind, int score,
            struct score_parts *p)
{
	const int cells = b->w * b->h;

	memset(p, 0, sizeof *p);
	p->value = score;
	p->bound = kind == SCORE_LOWER   ? SCORE_BOUND_AT_LEAST
	           : kind == SCORE_UPPER ? SCORE_BOUND_AT_MOST
	                                 : SCORE_BOUND_NONE;
	switch (kind) {
	case SCORE_NONE:
		p->outcome = SCORE_OUT_UNKNOWN;
		return;
	case SCORE_HEURISTIC:
		p->outcome = SCORE_OUT_VALUE;
		return;
	case SCORE_EXACT:
	case SCORE_LOWER:
	case SCORE_UPPER:
		break;
	}
	if (score == 0) {
		p->outcome = SCORE_OUT_DRAW;
		return;
	}
	/* A win with score s > 0 comes with stone number m, where
	 * (cells + 1 - m) / 2 = s and m has the parity of moves: it is the
	 * ((m - moves) / 2 + 1)-th stone of the side to move.  A loss with
	 * -s is the opponent's ((m - moves - 1) / 2 + 1)-th stone. */
	p->outcome = score > 0 ? SCORE_OUT_WIN : SCORE_OUT_LOSS;
	p->stones = score > 0 ? (cells + 1 - 2 * score - b->moves) / 2 + 1
	                      : (cells + 2 * score - b->moves) / 2 + 1;
	if (p->stones < 1)
		p->stones = 1;
}

/* Words, or the short form when brief. */
static const char *
format(const board_t *b, enum score_kind kind, int score, bool brief, char *buf,
       size_t len)
{
	static const char *const at[] = {
	    [SCORE_BOUND_NONE] = "",
	    [SCORE_BOUND_AT_LEAST] = "at least ",
	    [SCORE_BOUND_AT_MOST] = "at most ",
	};
	static const char *const draw[] = {
	    [SCORE_BOUND_NONE] = "draw",
	    [SCORE_BOUND_AT_LEAST] = "draw or better",
	    [SCORE_BOUND_AT_MOST] = "draw or worse",
	};
	struct score_parts p;
	bool win;

	score_parts(b, kind, score, &p);
	switch (p.outcome) {
	case SCORE_OUT_UNKNOWN:
		snprintf(buf, len, "?");
		break;
	case SCORE_OUT_VALUE:
		/* The short form keeps to three cells. */
		if (brief && (p.value > 99 || p.value < -99))
			snprintf(buf, len, "%s", p.value > 0 ? "+>>" : "-<<");
		else
			snprintf(buf, len, "%+d", p.value);
		break;
	case SCORE_OUT_DRAW:
		snprintf(buf, len, "%s", brief ? "D" : draw[p.bound]);
		break;
	case SCORE_OUT_WIN:
	case SCORE_OUT_LOSS:
		win = p.outcome == SCORE_OUT_WIN;
		if (brief)
			snprintf(buf, len, "%c%d", win ? 'W' : 'L', p.stones);
		else
			snprintf(buf, len, "%s%s in %d", at[p.bound],
			         win ? "win" : "loss", p.stones);
		break;
	}
	return buf;
}

const char *
score_words(const board_t *b, enum score_kind kind, int score, char *buf,
            size_t len)
{
	return format(b, kind, score, false, buf, len);
}

const char *
score_short(const board_t *b, enum score_kind kind, int score, char *buf,
            size_t len)
{
	return format(b, kind, score, true, buf, len);
}

const char *
score_number(enum score_kind kind, int score, char *buf, size_t len)
{
	if (kind == SCORE_NONE)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%d", score);
	return buf;
}
