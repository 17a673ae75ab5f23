/* session.h -- what main() loads for a run after the options are parsed,
 * owns, and frees when the mode returns: the opening book and the game's
 * settings file.  The options stay as parsed; a mode reads both. */
#ifndef DROPFOUR_SESSION_H
#define DROPFOUR_SESSION_H

struct book;
struct prefs;
struct engine_runner;

struct cli_session {
	const struct book *book; /* book_cli_attach(), or NULL */
	struct prefs *prefs;     /* the games' settings (prefs.h), or NULL */
	/* The curses game's searches run by this (search/engine/engine.h), not
	 * by its engine: dropfour-mpi play's search across the ranks; NULL. */
	const struct engine_runner *runner;
};

#endif
