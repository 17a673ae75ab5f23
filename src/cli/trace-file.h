/* trace-file.h -- --trace FILE: the searches of a run, recorded
 * (search/node/trace.h), written as a Chrome Trace Event Format file that
 * Perfetto (ui.perfetto.dev) and chrome://tracing open (docs/trace.md). */
#ifndef DROPFOUR_TRACE_FILE_H
#define DROPFOUR_TRACE_FILE_H

struct trace;

/* Start the file (written to a temporary beside it, as every output file,
 * cli/output.h): 0, or -1 after a message. */
int trace_file_open(const char *path);
/* The recorder for the first search or engine made after the open (the
 * run's own; output_search_new() and output_engine_new() attach it), once:
 * NULL after that, or without --trace. */
struct trace *trace_file_take(void);
/* End the file and put it in place, once no search runs any more (the
 * engine freed): 0, or -1 after a message (a write error).  Nothing to do
 * without --trace: 0. */
int trace_file_close(void);

#endif
