/* dropfour.c -- main(): parse options, pick the mode, run it. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "options.h"
#include "selfplay.h"
#include "solve.h"
#include "text.h"
#include "ui.h"

/* The curses game needs a real terminal on both ends. */
static bool
terminal_usable(void)
{
	const char *term = getenv("TERM");
	return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && term != NULL &&
	    term[0] != '\0' && strcmp(term, "dumb") != 0;
}

int
main(int argc, char **argv)
{
	struct options o;

	setlocale(LC_ALL, "");
	switch (options_parse(&o, argc, argv)) {
	case 1:
		return EXIT_SUCCESS;
	case -1:
		return 2;
	}
	switch (o.mode) {
	case MODE_SOLVE:
		return solve_main(&o);
	case MODE_SELFPLAY:
		return selfplay_main(&o);
	case MODE_BENCH:
		return bench_main(&o);
	case MODE_TEXT:
		return text_main(&o);
	case MODE_PLAY:
		break;
	}
	if (!terminal_usable()) {
		fputs("dropfour: not a terminal (or TERM is dumb): "
		      "playing in plain text\n", stderr);
		return text_main(&o);
	}
	return ui_main(&o);
}
