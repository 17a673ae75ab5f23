/* setup.h -- the game the command line asks for, shared by every
 * front-end that plays (the curses game, --text, selfplay). */
#ifndef DROPFOUR_SETUP_H
#define DROPFOUR_SETUP_H

#include "core/game.h"
#include "cli/options.h"

/* A game of the options' size, then --load, then --position, with the
 * sides of --mode.  Returns 0, or -1 after one cli_error() line,
 * leaving *g as a fresh game. */
int setup_game(struct game *g, const struct options *o);

#endif
