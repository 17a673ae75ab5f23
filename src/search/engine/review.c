/* review.c -- the review of a game (review.h): an exact analysis of every
 * position of the game, from the last to the first, in one search whose
 * table is kept between them. */
#include "config.h"

#include <assert.h>

#include <string.h>

#include "search/engine/review.h"

static const struct {
	const char *word;  /* JSON */
	const char *words; /* people */
} changes[REVIEW_NCHANGES] = {
    [REVIEW_KEPT] = {"kept", ""},
    [REVIEW_WIN_TO_DRAW] = {"win-to-draw", "threw the win to a draw"},
    [REVIEW_WIN_TO_LOSS] = {"win-to-loss", "threw the win to a loss"},
    [REVIEW_DRAW_TO_LOSS] = {"draw-to-loss", "threw the draw to a loss"},
    [REVIEW_SLOWER_WIN] = {"slower-win", "a slower win"},
    [REVIEW_FASTER_LOSS] = {"faster-loss", "a faster loss"},
};

void
review_params_default(struct review_params *p)
{
	memset(p, 0, sizeof *p);
	search_limits_default(&p->limits);
	p->limits.mode = SEARCH_EXACT;
}

enum board_err
review_check(int w, int h, const int *moves, int n, int *bad)
{
	assert(board_size_error(w, h) == NULL);
	assert(bad != NULL && (moves != NULL || n == 0));
	board_t b;

	board_init(&b, w, h);
	for (int i = 0; i < n; i++) {
		enum board_err e = moves[i] < 0 || moves[i] >= w
		                       ? BOARD_ERR_RANGE
		                       : board_play_checked(&b, moves[i]);
		if (e != BOARD_OK) {
			*bad = i;
			return e;
		}
	}
	return BOARD_OK;
}

enum review_change
review_classify(int before, int after)
{
	if (after >= before)
		return REVIEW_KEPT;
	if (before > 0)
		return after > 0    ? REVIEW_SLOWER_WIN
		       : after == 0 ? REVIEW_WIN_TO_DRAW
		                    : REVIEW_WIN_TO_LOSS;
	return before == 0 ? REVIEW_DRAW_TO_LOSS : REVIEW_FASTER_LOSS;
}

const char *
review_change_word(enum review_change c)
{
	return c >= 0 && c < REVIEW_NCHANGES ? changes[c].word : "?";
}

const char *
review_change_words(enum review_change c)
{
	return c >= 0 && c < REVIEW_NCHANGES ? changes[c].words : "?";
}

static bool
stopped(const struct review_params *p)
{
	return search_stop_requested(p->limits.stop);
}

/* Ply i + 1 from the exact analysis r of the position b before it. */
static void
fill_ply(const board_t *b, int i, int col, const struct search_result *r,
         bool book, struct review_ply *out)
{
	int before = board_min_score(b) - 1;

	for (int c = 0; c < b->w; c++)
		if (board_can_play(b, c) && r->col_score[c] > before)
			before = r->col_score[c];
	memset(out, 0, sizeof *out);
	out->ply = i + 1;
	out->col = col;
	out->before = before;
	out->after = r->col_score[col];
	for (int c = 0; c < b->w; c++)
		if (board_can_play(b, c) && r->col_score[c] == before)
			out->best |= (uint16_t)(1u << c);
	out->change = review_classify(before, out->after);
	out->ends =
	    board_is_winning_move(b, col) || b->moves + 1 == b->w * b->h;
	out->book = book;
	out->done = true;
	out->nodes = r->nodes;
	out->seconds = r->seconds;
}

enum review_status
review_run(struct search *s, int w, int h, const int *moves, int n,
           const struct review_params *p, struct review_ply *out)
{
	assert(s != NULL && p != NULL && (out != NULL || n == 0));
	board_t pos[BOARD_MAX_CELLS + 1];
	/* Every column of a position exactly, never more than that. */
	struct search_limits lim = search_limits_for_review(&p->limits);
	int bad;

	if (n < 0 || n > w * h ||
	    review_check(w, h, moves, n, &bad) != BOARD_OK)
		return REVIEW_BAD_MOVES;
	board_init(&pos[0], w, h);
	for (int i = 0; i < n; i++) {
		memset(&out[i], 0, sizeof out[i]);
		out[i].ply = i + 1;
		out[i].col = moves[i];
		pos[i + 1] = pos[i];
		board_play(&pos[i + 1], moves[i]);
	}

	/* From the last position to the first: the deep positions searched
	 * first leave their values in the table for the earlier ones. */
	for (int i = n - 1, done = 0; i >= 0; i--) {
		struct search_result r;
		int score;

		if (stopped(p))
			return REVIEW_STOPPED;
		bool book = search_oracle_probe(lim.book, &pos[i], &score);
		search_run(s, &pos[i], &lim, &r);
		if (r.partial || stopped(p))
			return REVIEW_STOPPED;
		fill_ply(&pos[i], i, moves[i], &r, book, &out[i]);
		done++;
		if (p->progress != NULL)
			p->progress(p->arg, done, n, &out[i]);
	}
	return REVIEW_OK;
}
