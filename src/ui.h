/* ui.h -- the curses front-end (the only code that calls curses). */
#ifndef DROPFOUR_UI_H
#define DROPFOUR_UI_H

#include <stdio.h>

#include "options.h"

/* Run the full-screen game; returns the exit status. */
int ui_main(const struct options *o);
/* The keys of the game and of the speedup screen, one per line, from the
 * key table (for --help). */
void ui_keys_usage(FILE *f);

#endif
