/* output.c -- standard output checked after each line and at exit, in the
 * manner of gnulib's close_stdout(): a program whose output went nowhere
 * must not say it succeeded. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/output.h"
#include "search/engine.h"
#include "search/search.h"

static const char *program = "dropfour";
static bool reported;

static void
report(int err)
{
	if (!reported)
		fprintf(stderr, "%s: write error: %s\n", program,
		        err != 0 ? strerror(err) : "unknown error");
	reported = true;
}

bool
output_flush(void)
{
	if (reported)
		return false;
	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		report(errno);
		return false;
	}
	return true;
}

const char *
output_program(void)
{
	return program;
}

/* At exit: flush and close standard output.  A closed descriptor with
 * nothing written to it is no error (a mode that prints nothing may run
 * with >&-). */
static void
close_stdout(void)
{
	bool pending = __fpending(stdout) != 0;
	bool prev = ferror(stdout) != 0;
	errno = 0;
	int r = fclose(stdout);
	int err = errno;

	if (reported || prev || (r != 0 && (pending || err != EBADF))) {
		report(prev && err == 0 ? EIO : err);
		_exit(EXIT_FAILURE);
	}
}

void
output_init(const char *name)
{
	program = name;
	/* A closed pipe is a write error like a full disk: reported once,
	 * the run stopped with a failure status, and not a silent death
	 * that leaves a journal or a rank half done. */
	signal(SIGPIPE, SIG_IGN);
	atexit(close_stdout);
}

/* p, what a constructor made; when it made nothing (NULL), the program
 * ends after printing err, the constructor's reason. */
static void *
made_or_exit(void *p, const char *err)
{
	if (p == NULL) {
		fprintf(stderr, "%s: %s\n", output_program(), err);
		exit(EXIT_FAILURE);
	}
	return p;
}

struct search *
output_search_new(size_t tt_mb)
{
	char err[256];
	return made_or_exit(search_new(tt_mb, err, sizeof err), err);
}

struct engine *
output_engine_new(size_t tt_mb)
{
	char err[256];
	return made_or_exit(engine_new(tt_mb, err, sizeof err), err);
}
