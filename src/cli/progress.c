/* progress.c -- the progress line of the long modes (progress.h). */
#include "config.h"

#include "cli/progress.h"

#include <unistd.h>

#include "core/util.h"

void
cli_progress_begin_on(struct cli_progress *p, FILE *f, bool tty, double every)
{
	p->f = f;
	p->tty = tty;
	p->shown = false;
	p->every = every;
	p->last = util_now_s();
}

void
cli_progress_begin(struct cli_progress *p)
{
	cli_progress_begin_on(p, stderr, isatty(STDERR_FILENO) == 1,
	                      CLI_PROGRESS_EVERY_S);
}

void
cli_progress_vshow(struct cli_progress *p, const char *fmt, va_list ap)
{
	if (p->tty) {
		fputc('\r', p->f);
		vfprintf(p->f, fmt, ap);
		fputs("\033[K", p->f);
		p->shown = true;
	} else {
		double now = util_now_s();
		if (p->every > 0 && now - p->last < p->every)
			return;
		p->last = now;
		vfprintf(p->f, fmt, ap);
		fputc('\n', p->f);
	}
	fflush(p->f);
}

void
cli_progress_show(struct cli_progress *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	cli_progress_vshow(p, fmt, ap);
	va_end(ap);
}

void
cli_progress_clear(struct cli_progress *p)
{
	if (!p->shown)
		return;
	fputs("\r\033[K", p->f);
	fflush(p->f);
	p->shown = false;
}
