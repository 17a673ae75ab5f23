/* output.h -- standard output of the command-line programs: a write error
 * (a full disk, a closed pipe, a closed descriptor) is reported once, with
 * the program's name, and ends the run with a failure status; never lost. */
#ifndef DROPFOUR_OUTPUT_H
#define DROPFOUR_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

/* Name the program in messages ("dropfour", "dropfour-mpi") and check
 * standard output when the program exits (atexit): a write error not yet
 * reported is reported then, and the exit status becomes EXIT_FAILURE. */
void output_init(const char *program);
/* The program's name, as given to output_init(). */
const char *output_program(void);
/* Flush standard output: true while every write has gone out; false, after
 * reporting "PROGRAM: write error: REASON" once, when one has failed.  A
 * mode that writes line after line calls it after each line and stops
 * when it says false. */
bool output_flush(void);

/* search_new() and engine_new() for the programs: when the engine cannot
 * be made, "PROGRAM: REASON" on stderr and the run ends (EXIT_FAILURE). */
struct search *output_search_new(size_t tt_mb);
struct engine *output_engine_new(size_t tt_mb);

#endif
