/* text-int.h -- the line-based front-end's inside, for text.c and the
 * fuzz target that drives its line handler (tests/fuzz/fuzz-text.c). */
#ifndef DROPFOUR_TEXT_INT_H
#define DROPFOUR_TEXT_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "search/engine/engine.h"
#include "core/game.h"
#include "cli/options.h"
#include "cli/session.h"
#include "cli/text.h"
#include "search/search.h"

struct text {
	const struct options *o;
	const struct cli_session *session; /* the book */
	struct game g;
	struct engine *e;      /* made on the AI's first move (or ponder) */
	uint64_t ponder_id;    /* the engine's id of the last ponder */
	uint64_t ponder_after; /* the engine's search count before it */
	struct search_limits lim;
	bool echo; /* input is not a terminal: echo what was read */
	/* The AI's search, when not the engine's: dropfour-mpi's across the
	 * ranks (text.h); NULL for the engine. */
	text_search_fn *search;
	void *search_ctx;
	char *line;
	size_t linecap;
};

/* What a command asks the main loop to do next. */
enum text_next {
	TEXT_ASK,   /* ask the same player again */
	TEXT_BOARD, /* the position changed: show it, then go on */
	TEXT_QUIT,
};

/* The game the options ask for, and the AI's search limits.  Returns 0,
 * or the exit status after a message (bad --load or --position). */
int text_setup(struct text *t);
/* One line typed by the player to move: a column or a command.  The line
 * may be changed (blanks trimmed, the command word cut off). */
enum text_next text_handle(struct text *t, char *line);
/* The AI's move: search (making the engine the first time), report,
 * play.  Returns 0, or -1 if the engine found no move. */
int text_ai_move(struct text *t);

#endif
