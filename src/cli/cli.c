/* cli.c -- the command-line layer's exit statuses and messages (cli.h). */
#include "config.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "core/util.h"

static const char *program = "dropfour";

void
cli_set_program(const char *name)
{
	program = name;
}

const char *
cli_program(void)
{
	return program;
}

int
cli_signal_status(int sig)
{
	return CLI_EXIT_SIGNAL + (sig > 0 ? sig : SIGINT);
}

int
cli_stopped_status(void)
{
	return cli_signal_status(util_stop_signal());
}

static void
say(const char *kind, const char *fmt, va_list ap)
{
	/* One fprintf of the whole line, so that lines of two threads or
	 * two ranks do not interleave. */
	char text[4096];
	vsnprintf(text, sizeof text, fmt, ap);
	fprintf(stderr, "%s: %s%s\n", cli_program(), kind, text);
}

void
cli_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("", fmt, ap);
	va_end(ap);
}

void
cli_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("warning: ", fmt, ap);
	va_end(ap);
}

void
cli_note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("note: ", fmt, ap);
	va_end(ap);
}

void
cli_fatal(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("", fmt, ap);
	va_end(ap);
	exit(CLI_EXIT_FAILURE);
}

void
cli_out_of_memory(size_t size)
{
	cli_fatal("out of memory (asked for %zu bytes)", size);
}

void
cli_try_help(const char *mode)
{
	if (mode != NULL)
		fprintf(stderr, "Try '%s %s --help' for its options.\n",
		        cli_program(), mode);
	else
		fprintf(stderr, "Try '%s --help' for more information.\n",
		        cli_program());
}
