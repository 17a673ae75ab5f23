/* ui.h -- the curses front-end (the only code that calls curses). */
#ifndef DROPFOUR_UI_H
#define DROPFOUR_UI_H

#include <stdio.h>

#include "cli/options.h"
#include "cli/session.h"

/* ui_main()'s answer when curses cannot start on this terminal (after a
 * message): the caller plays in plain text instead. */
#define UI_NO_CURSES (-1)

/* Run the full-screen game; returns the exit status, or UI_NO_CURSES. */
int ui_main(const struct options *o, struct cli_session *session);

/* Ctrl-Z stops the whole process group, not only this process: for a game
 * in a job of other processes (dropfour-mpi play, where mpirun ignores
 * the terminal's SIGTSTP and the shell would not see the job stop). */
void ui_suspend_group(bool on);
/* The keys of the game and of the speedup screen, one per line, from the
 * key table (for --help). */
void ui_keys_usage(FILE *f);
/* The smallest terminal the game takes for a w x h board (cols x lines):
 * the one figure --help, the man page and the "too small" screen give. */
void ui_min_size(int w, int h, int *cols, int *lines);
/* `dropfour tour --watch`: the live screen of a knight's tour count
 * (ui-tour.c). */
int ui_tour_main(const struct options *o, struct cli_session *session);

#endif
