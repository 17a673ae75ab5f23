/* text.h -- the plain line-based front-end. */
#ifndef DROPFOUR_TEXT_H
#define DROPFOUR_TEXT_H

#include "cli/options.h"
#include "cli/session.h"

/* A search for the AI's move in place of the engine's (dropfour-mpi play:
 * one search across the ranks): fills r as search_run() does; 0, or -1
 * when it cannot, and the engine searches instead. */
typedef int text_search_fn(void *ctx, const board_t *b,
                           const struct search_limits *lim,
                           struct search_result *r);
/* The text game with the AI's moves searched by `search` (NULL: the
 * engine), no pondering. */
int text_play(const struct options *o, struct cli_session *session,
              text_search_fn *search, void *ctx);
/* Play a game on stdin/stdout; returns the exit status. */
int text_main(const struct options *o, struct cli_session *session);

#endif
