/* cli.h -- the conventions of the command-line layer, named once.
 *
 * Exit statuses: a mode's main function returns one of enum cli_status (or
 * cli_signal_status() after a signal stopped it); main() returns it.
 *
 * Fallible helpers of this layer return 0, or -1 after saying why with
 * cli_error(); their callers only pass the failure on.
 *
 * Messages go to standard error as "PROGRAM: TEXT", PROGRAM being the
 * name given to output_init() ("dropfour", "dropfour-mpi"); FMT carries no
 * trailing newline. */
#ifndef DROPFOUR_CLI_H
#define DROPFOUR_CLI_H

#include <stddef.h>

enum cli_status {
	CLI_EXIT_OK = 0,
	CLI_EXIT_FAILURE = 1,  /* the run failed (I/O, a search, a file) */
	CLI_EXIT_USAGE = 2,    /* bad options or arguments: nothing was done */
	CLI_EXIT_PROTOCOL = 3, /* dropfour-mpi: a malformed message between
	                        * ranks, the job aborted */
	CLI_EXIT_SIGNAL = 128  /* plus the signal's number: stopped by it */
};

/* The exit status of a run stopped by signal `sig` (SIGINT: 130); a
 * stop without a known signal counts as SIGINT. */
int cli_signal_status(int sig);
/* The exit status of a long job stopped by util_stop_signals_begin()'s
 * flag: 128 + the signal that came. */
int cli_stopped_status(void);

/* The program's name in messages ("dropfour", "dropfour-mpi"), set once
 * by output_init() at the start. */
void cli_set_program(const char *name);
const char *cli_program(void);

/* "PROGRAM: TEXT" */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "PROGRAM: warning: TEXT" */
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "PROGRAM: note: TEXT" */
void cli_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "PROGRAM: TEXT", then the program ends with CLI_EXIT_FAILURE: the one
 * exit() of the command-line layer, for what no mode can return a status
 * from (memory or an engine not to be had). */
_Noreturn void cli_fatal(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
/* The out-of-memory handler of the programs (util_set_oom_handler()):
 * "PROGRAM: out of memory (asked for N bytes)", then cli_fatal()'s end.
 * output_init() installs it. */
void cli_out_of_memory(size_t size);

/* "Try 'PROGRAM --help' for more information.", or with a mode word
 * "Try 'PROGRAM MODE --help' for its options." */
void cli_try_help(const char *mode);

#endif
