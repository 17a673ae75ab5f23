/* ui.h -- the curses front-end (the only code that calls curses). */
#ifndef DROPFOUR_UI_H
#define DROPFOUR_UI_H

#include "options.h"

/* Run the full-screen game; returns the exit status. */
int ui_main(const struct options *o);
/* `dropfour tour --watch`: the live screen of a knight's tour count
 * (ui-tour.c). */
int ui_tour_main(const struct options *o);

#endif
