/* progress.h -- the progress line of the long modes (bench speedup, book
 * build, statespace, review, tour), drawn one way by all of them.
 *
 * On a terminal the line is redrawn in place ("\r" TEXT "\033[K") and
 * erased by cli_progress_clear() before anything else is printed.  On
 * anything else (a file, a pipe, a CI log) no carriage return or escape is
 * ever written: a whole line ending with "\n" is printed at most once
 * every EVERY seconds (never sooner than EVERY seconds after the start;
 * EVERY 0: every line), so that a log gets a line now and then and a
 * short run gets none. */
#ifndef DROPFOUR_PROGRESS_H
#define DROPFOUR_PROGRESS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* Seconds between two lines off a terminal. */
#define CLI_PROGRESS_EVERY_S 10.0

struct cli_progress {
	FILE *f;      /* where the line goes (stderr) */
	bool tty;     /* redrawn in place */
	bool shown;   /* a terminal line is on the screen, not yet erased */
	double every; /* off a terminal: seconds between lines */
	double
	    last; /* off a terminal: when the last line went (or the start) */
};

/* Stderr, a terminal or not as isatty() says, CLI_PROGRESS_EVERY_S. */
void cli_progress_begin(struct cli_progress *p);
/* The same on F, its kind and rate given (the tests). */
void cli_progress_begin_on(struct cli_progress *p, FILE *f, bool tty,
                           double every);
/* The line is now TEXT (printf's FMT, no newline). */
void cli_progress_show(struct cli_progress *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void cli_progress_vshow(struct cli_progress *p, const char *fmt, va_list ap);
/* Erase the terminal's line (nothing to do off a terminal: every line
 * there has ended); call before any other message and at the end. */
void cli_progress_clear(struct cli_progress *p);

#endif
