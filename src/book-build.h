/* book-build.h -- `dropfour book`: building a book, checking one.
 *
 * The build: every reachable position with at most N stones whose game is
 * not over, one per mirror pair, solved exactly; see book-build.c. */
#ifndef DROPFOUR_BOOK_BUILD_H
#define DROPFOUR_BOOK_BUILD_H

#include "options.h"

/* `dropfour book WHAT ...`: dispatches on o->argv[0]. */
int book_main(const struct options *o);

#endif
