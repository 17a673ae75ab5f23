/* book-cli.h -- the opening book at the command line: `dropfour book`, and
 * the book that solve, selfplay and the game consult. */
#ifndef DROPFOUR_BOOK_CLI_H
#define DROPFOUR_BOOK_CLI_H

#include "book/book-build.h"
#include "cli/options.h"

/* The shipped book's file name, in the package data folder (cli/data.h). */
#define BOOK_DEFAULT_NAME "dropfour-7x6.book"

/* `dropfour book WHAT ...`: dispatches on o->argv[0]. */
int book_main(const struct options *o);

/* Load the book the options ask for into o->book_data: --book FILE, else
 * $DROPFOUR_BOOK, else (7x6 boards) the shipped book from the package data
 * folder; none with --no-book.  A book that was asked for by name and
 * cannot be read, or is of another board size, is an error (message on
 * stderr, returns 1); a damaged shipped book is skipped with a warning.
 * Returns 0. */
int book_attach(struct options *o);
/* Free o->book_data. */
void book_detach(struct options *o);

/* The build parameters of the options (-W, -H, --ply, -o, --progress,
 * --threads, --tt-mb), with the report that draws the build's messages,
 * progress and summary, naming dropfour or (mpi) dropfour-mpi. */
void book_cli_params(const struct options *o, bool mpi,
                     struct book_build_params *p);

#endif
