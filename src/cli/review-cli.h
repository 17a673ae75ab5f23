/* review-cli.h -- `dropfour review [FILE|MOVES]`: the exact value of every
 * move of a game (search/engine/review.h) as a chart for people, plain lines or
 * JSON Lines for programs. */
#ifndef DROPFOUR_REVIEW_CLI_H
#define DROPFOUR_REVIEW_CLI_H

#include "cli/options.h"
#include "cli/session.h"

/* The game to review, as read from the command line or a file. */
struct review_game {
	int w, h;
	int n;
	int moves[BOARD_MAX_CELLS]; /* 0-based columns */
	bool sized;                 /* the input named its board size */
	long err_line;              /* the line an error is on (0 none) */
};

/* Read a game from text: a file saved by the game ("dropfour-game 1",
 * "size WxH", "moves 4453") or text whose first line (blank lines and '#'
 * comments skipped) starts with the moves; "-" is the empty board.  name
 * names the input in messages.  Returns 0, or -1 with a sentence in err
 * naming the input, the line (also in g->err_line) and the 1-based
 * character. */
int review_cli_game_read(FILE *in, const char *name, int w, int h,
                         struct review_game *g, char *err, size_t errlen);
/* The same for a move string given on the command line. */
int review_cli_game_parse(const char *moves, int w, int h,
                          struct review_game *g, char *err, size_t errlen);

int review_cli_main(const struct options *o, struct cli_session *session);

#endif
