/* output.h -- standard output of the command-line programs: a write error
 * (a full disk, a closed pipe, a closed descriptor) is reported once, with
 * the program's name, and ends the run with a failure status; never lost. */
#ifndef DROPFOUR_OUTPUT_H
#define DROPFOUR_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Name the program in messages ("dropfour", "dropfour-mpi") and check
 * standard output when the program exits (atexit): a write error not yet
 * reported is reported then, and the exit status becomes CLI_EXIT_FAILURE. */
void output_init(const char *program);
/* Flush standard output: true while every write has gone out; false, after
 * reporting "PROGRAM: write error: REASON" once, when one has failed.  A
 * mode that writes line after line calls it after each line and stops
 * when it says false. */
bool output_flush(void);

/* ---- output files (-o, --csv) ----------------------------------------
 *
 * One rule for every file a mode writes, applied by util_output_target():
 * a regular file or a missing path is written to a temporary file beside
 * it and renamed onto it once complete; a symbolic link is followed (the
 * file it names is replaced, the link kept); a device or a FIFO is written
 * in place, its write errors reported (-o /dev/full fails, -o /dev/null
 * works, neither node is replaced); a folder, or a path in a missing
 * folder, is refused. */

/* Check an output path before any work: 0, or -1 after saying why
 * ("OPTION PATH: ..."), e.g. a folder, or a path in a folder that does not
 * exist.  A mode refuses the run then (CLI_EXIT_USAGE). */
int output_file_check(const char *option, const char *path);

/* A text output file written as it goes (bench --csv). */
struct output_file {
	FILE *f;          /* write here */
	const char *path; /* as given */
	const char *option;
	char *target, *tmp; /* the file written, the temporary beside it */
};
/* Open for writing: 0, or -1 after a message. */
int output_file_open(struct output_file *of, const char *option,
                     const char *path);
/* Flush, sync and rename into place (or close the device): 0, or -1
 * after one message ("PATH: REASON"; the temporary file removed). */
int output_file_close(struct output_file *of);

/* search_new() and engine_new() for the programs: when the engine cannot
 * be made, "PROGRAM: REASON" on stderr and the run ends (cli_fatal()). */
struct search *output_search_new(size_t tt_mb);
struct engine *output_engine_new(size_t tt_mb);

#endif
