/* book-cli.h -- the opening book at the command line: `dropfour book`, and
 * the book that solve, selfplay and the game consult. */
#ifndef DROPFOUR_BOOK_CLI_H
#define DROPFOUR_BOOK_CLI_H

#include "book/book-build.h"
#include "cli/options.h"
#include "cli/session.h"

/* The shipped book's file name, in the package data folder (cli/data.h). */
#define BOOK_DEFAULT_NAME "dropfour-7x6.book"

/* `dropfour book WHAT ...`: dispatches on o->argv[0]. */
int book_cli_main(const struct options *o, struct cli_session *session);

/* Load the book the options ask for into session->book: --book FILE, else
 * $DROPFOUR_BOOK, else (7x6 boards) the shipped book from the package data
 * (data.h); none with --no-book.  A book that was asked for by name and
 * cannot be read, or is of another board size, is an error: -1 after a
 * cli_error() line.  A damaged shipped book is skipped with a message, and
 * a 7x6 run that finds no shipped book says so once (a note): both
 * return 0. */
int book_cli_attach(const struct options *o, struct cli_session *session);
/* Free session->book. */
void book_cli_detach(struct cli_session *session);

/* The build parameters of the options (-W, -H, --ply, -o, --progress,
 * --threads, --tt-mb), with the report that draws the build's messages
 * (cli_error(): the program's own name), progress and summary. */
void book_cli_params(const struct options *o, struct book_build_params *p);
/* The exit status of a build that ended so (a stopped one: 128 + the
 * signal that stopped it). */
int book_cli_status(enum book_build_status st);
/* Build p in this process (book_build_run()), SIGINT, SIGTERM and SIGHUP
 * tripping its stop token; the exit status. */
int book_cli_build(struct book_build_params *p);

#endif
