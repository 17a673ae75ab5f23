/* level.c -- the named levels: their table, their search limits and how a
 * level picks its move from the searched column scores (level.h). */
#include "config.h"

#include <assert.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/score.h"
#include "core/util.h"
#include "search/node/choose.h"
#include "search/policy/level.h"
#include "search/node/settings.h"

#if BOARD_BITS == 128 /* the table and the limits: compiled once */
const struct level levels[LEVEL_COUNT] = {
    [LEVEL_BEGINNER] = {.name = "beginner",
                        .about = "sees one move ahead, plays loosely",
                        .think = LEVEL_BEGINNER_THINK,
                        .sight = LEVEL_BEGINNER_SIGHT,
                        .noise = LEVEL_BEGINNER_NOISE},
    [LEVEL_CASUAL] = {.name = "casual",
                      .about = "sees short tactics, makes mistakes",
                      .think = LEVEL_CASUAL_THINK,
                      .sight = LEVEL_CASUAL_SIGHT,
                      .noise = LEVEL_CASUAL_NOISE},
    [LEVEL_CLUB] = {.name = "club",
                    .about = "a solid player with a few slips",
                    .think = LEVEL_CLUB_THINK,
                    .sight = LEVEL_CLUB_SIGHT,
                    .noise = LEVEL_CLUB_NOISE},
    [LEVEL_STRONG] = {.name = "strong",
                      .about = "the search's best move, a second a move",
                      .think = LEVEL_STRONG_THINK,
                      .book = true,
                      .prove_share = PROVE_SHARE_PCT},
    [LEVEL_EXPERT] = {.name = "expert",
                      .about = "longer thinking, plays for your mistakes",
                      .think = LEVEL_EXPERT_THINK,
                      .book = true,
                      .prove_share = PROVE_EXPERT_SHARE_PCT,
                      .practical = true},
    [LEVEL_PERFECT] = {.name = "perfect",
                       .about = "the exact solver: never loses a won game",
                       .think = LEVEL_PERFECT_THINK,
                       .perfect = true,
                       .book = true,
                       .practical = true},
};

int
level_find(const char *name)
{
	for (int i = 0; i < LEVEL_COUNT; i++)
		if (strcmp(name, levels[i].name) == 0)
			return i;
	if (name[0] >= '1' && name[0] < '1' + LEVEL_COUNT && name[1] == '\0')
		return name[0] - '1';
	return -1;
}

bool
level_is_human(const struct level *lv)
{
	return !lv->perfect && (lv->noise > 0 || lv->sight > 0);
}

void
level_limits(const struct level *lv, struct search_limits *lim)
{
	lim->level = lv;
	if (!lv->book)
		lim->book = NULL;
	lim->prove_cells = 0;
	lim->prove_time = 0;
	lim->exact_bound = 0;
	lim->practical = lv->practical;
	if (lv->perfect) {
		search_limits_set_perfect(lim, lv->think);
		lim->time_limit = 0;
		return;
	}
	lim->mode = SEARCH_DEPTH;
	lim->analyze = false;
	lim->move_only = false;
	lim->depth = SEARCH_MAX_DEPTH;
	lim->time_limit = lv->think;
	/* The levels that play the search's best move prove what they can
	 * within their share of their time. */
	if (lv->prove_share > 0)
		search_limits_set_proof_share(lim, lv->prove_share);
}

size_t
level_names(char *buf, size_t len, const char *before, const char *after)
{
	size_t n = 0;

	if (len > 0)
		buf[0] = '\0';
	for (int i = 0; i < LEVEL_COUNT && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s%s", before,
		                      levels[i].name, after);
	return n;
}
#endif

/* The value a level sees in a column's score: proven results within its
 * sight as certainties, beyond it as a good or a bad feeling. */
static double
seen_value(const struct level *lv, const board_t *b, enum score_kind kind,
           int score)
{
	const int cells = b->w * b->h;
	switch (kind) {
	case SCORE_HEURISTIC:
		return score;
	case SCORE_EXACT:
	case SCORE_LOWER:
	case SCORE_UPPER:
		if (score == 0)
			return 0;
		{
			/* The stone that ends the game: the (cells + 1 -
			 * 2|score|)th + 1, counted from the empty board. */
			int a = score > 0 ? score : -score;
			int plies = cells + 2 - 2 * a - b->moves;
			bool seen = lv->sight == 0 || plies <= lv->sight;
			double v =
			    seen ? LEVEL_PROVEN_VALUE + a : LEVEL_FELT_VALUE;
			return score > 0 ? v : -v;
		}
	case SCORE_NONE:
		break;
	}
	return -2 * LEVEL_PROVEN_VALUE;
}

/* Gumbel noise of temperature t from the seeded stream. */
static double
gumbel(uint64_t *rng, double t)
{
	double u = ((double)(util_rand(rng) >> 11) + 0.5) / 9007199254740992.0;
	return -t * log(-log(u));
}

int
level_choose(const struct level *lv, const board_t *b,
             const struct search_result *r, uint64_t seed)
{
	assert(lv != NULL && b != NULL && r != NULL);
	const bb_t possible = board_possible(b);
	int win = board_winning_column(b);
	if (win >= 0)
		return win;
	/* The opponent's winning cells: block one that is playable now; do
	 * not play under one while another move is left. */
	bb_t opp = b->current ^ b->mask;
	bb_t threats = board_winning_cells(opp, b->mask, b);
	bb_t must = threats & possible;
	if (must)
		return bb_ctz(must) / (b->h + 1);
	bool ok[BOARD_MAX_WIDTH];
	int nok = 0;
	for (int c = 0; c < b->w; c++) {
		bb_t cell = possible & board_column_mask(b, c);
		ok[c] = cell != 0 && !(threats & (cell << 1));
		nok += ok[c];
	}
	if (nok == 0)
		for (int c = 0; c < b->w; c++)
			ok[c] = board_can_play(b, c);
	double value[BOARD_MAX_WIDTH];
	uint64_t rng = seed ^ board_key_fold(board_key(b));
	for (int c = 0; c < b->w; c++) {
		value[c] = seen_value(lv, b, r->col_kind[c], r->col_score[c]);
		if (ok[c] && lv->noise > 0)
			value[c] += gumbel(&rng, lv->noise);
	}
	return choose_column(b, value, ok, 0);
}

enum level_reason
level_why(const board_t *b, const struct search_result *r, int played)
{
	assert(b != NULL && r != NULL);
	if (played == r->best || r->best < 0)
		return LEVEL_REASON_BEST;
	if (played == board_winning_column(b))
		return LEVEL_REASON_WIN;
	bb_t threats = board_winning_cells(b->current ^ b->mask, b->mask, b);
	if (threats & board_possible(b) & board_column_mask(b, played))
		return LEVEL_REASON_BLOCK;
	return LEVEL_REASON_PICK;
}

const char *
level_col_words(const board_t *b, const struct search_result *r, int c,
                char *buf, size_t len)
{
	if (c >= 0 && c < r->ncols && r->col_kind[c] != SCORE_NONE)
		return score_words(b, r->col_kind[c], r->col_score[c], buf,
		                   len);
	return score_words(b, r->kind, r->score, buf, len);
}
