/* options.c -- the command line: one table of options (options_opts[]) from
 * which getopt's long options, the short-option string, every --help and the
 * check that an option applies to its mode are all made, and one table of
 * mode words (options_modes[]). */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "book/book.h"
#include "cli/options-int.h"
#include "cli/output.h"
#include "core/util.h"
#include "search/policy/level.h"
#include "search/node/settings.h"

static void
try_help(void)
{
	cli_try_help(NULL);
}

static int
bad(const char *opt, const char *arg, const char *why)
{
	cli_error("invalid argument '%s' for --%s: %s", arg, opt, why);
	try_help();
	return -1;
}

static int
parse_long(const char *arg, long lo, long hi, long *out)
{
	return util_parse_long(arg, lo, hi, out) ? 0 : -1;
}

int
options_arg_threads(struct options *o, const char *arg)
{
	const char *p = arg;
	o->threads_given = true;
	o->nthread_list = 0;
	for (;;) {
		char *end;
		errno = 0;
		long v = strtol(p, &end, 10);
		if (errno || end == p || v < 1 || v > STATS_MAX_THREADS ||
		    o->nthread_list == OPTIONS_MAX_THREAD_LIST)
			return bad("threads", arg,
			           "must be 1..64, or a list such as 1,2,4");
		o->thread_list[o->nthread_list++] = (int)v;
		if (*end == '\0')
			break;
		if (*end != ',')
			return bad("threads", arg,
			           "must be 1..64, or a list such as 1,2,4");
		p = end + 1;
	}
	o->threads = o->thread_list[0];
	for (int i = 1; i < o->nthread_list; i++)
		if (o->thread_list[i] > o->threads)
			o->threads = o->thread_list[i];
	return 0;
}

static int
lookup(const char *const *names, int n, const char *arg)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], arg) == 0)
			return i;
	return -1;
}

int
options_arg_depth(struct options *o, const char *arg)
{
	long v;
	if (parse_long(arg, 1, SEARCH_MAX_DEPTH, &v))
		return bad("depth", arg, "must be a whole number from 1 to 64");
	o->depth = (int)v;
	o->depth_given = true;
	o->perfect = false;
	return 0;
}

int
options_arg_split(struct options *o, const char *arg)
{
	int i = lookup(search_split_names, SPLIT_NSCHEMES, arg);
	if (i < 0)
		return bad("split", arg, "must be deep, root or lazy");
	o->split = (enum split_scheme)i;
	o->split_given = true;
	return 0;
}

int
options_arg_dist_table(struct options *o, const char *arg)
{
	static const char *const names[] = {"shared", "own"};
	int i = lookup(names, 2, arg);
	if (i < 0)
		return bad("dist-table", arg, "must be shared or own");
	o->dist_table_own = i == 1;
	o->dist_table_given = true;
	return 0;
}

int
options_arg_time(struct options *o, const char *arg)
{
	char *end;
	errno = 0;
	double d = strtod(arg, &end);
	if (errno || end == arg || *end || !(d > 0) || d > 86400)
		return bad("time", arg, "must be a positive number of seconds");
	o->time_limit = d;
	return 0;
}

int
options_arg_eval(struct options *o, const char *arg)
{
	int i = lookup(options_eval_names, 2, arg);
	if (i < 0)
		return bad("eval", arg, "must be heuristic or average");
	o->eval_average = i == 1;
	return 0;
}

/* A whole number of 0..2^64-1 with no sign and nothing around it (strtoull()
 * alone takes "-1" as 2^64 - 1): 0 and *v, -1 with *range set when it is
 * too large, else -1. */
static int
parse_u64(const char *arg, uint64_t *v, bool *range)
{
	char *end;
	errno = 0;
	unsigned long long n = strtoull(arg, &end, 10);
	*range = errno == ERANGE;
	const char first = arg[strspn(arg, " \t")];
	if (errno || end == arg || *end || first == '-' || first == '+')
		return -1;
	*v = n;
	return 0;
}

int
options_arg_seed(struct options *o, const char *arg)
{
	bool range;
	if (parse_u64(arg, &o->seed, &range) != 0)
		return bad("seed", arg,
		           "must be a whole number from 0 to "
		           "18446744073709551615");
	o->seed_given = true;
	return 0;
}

int
options_arg_mode(struct options *o, const char *arg)
{
	int i = lookup(options_play_names, 4, arg);
	if (i < 0)
		return bad("mode", arg,
		           "must be human-ai, ai-human, ai-ai or human-human");
	o->game.play = (enum play_mode)i;
	return 0;
}

int
options_arg_level(struct options *o, const char *arg)
{
	char first[32];
	const char *comma = strchr(arg, ',');
	size_t n = comma ? (size_t)(comma - arg) : strlen(arg);
	if (n >= sizeof first)
		n = sizeof first - 1;
	memcpy(first, arg, n);
	first[n] = '\0';
	int a = level_find(first), b = comma ? level_find(comma + 1) : a;
	if (a < 0 || b < 0)
		return bad("level", arg,
		           "must be beginner, casual, club, strong, expert or "
		           "perfect (or 1-6), or two of them: A,B");
	if (comma != NULL && o->mode != MODE_SELFPLAY)
		return bad("level", arg, "two levels are for selfplay");
	o->level[0] = a;
	o->level[1] = b;
	o->level_given = true;
	return 0;
}

int
options_arg_text(struct options *o, const char *arg)
{
	(void)arg;
	if (o->mode == MODE_PLAY)
		o->mode = MODE_TEXT;
	return 0;
}

int
options_arg_book(struct options *o, const char *arg)
{
	o->book = arg;
	o->no_book = false;
	return 0;
}

int
options_arg_nodes(struct options *o, const char *arg)
{
	bool range;
	uint64_t n = 0;
	if (parse_u64(arg, &n, &range) != 0 || n == 0)
		return bad("nodes", arg,
		           range ? "too large"
		                 : "must be a positive whole number");
	o->node_limit = n;
	return 0;
}

/* What a whole number outside lo..hi is told ("not a number" is for what
 * is not one). */
static int
bad_range(const struct opt_def *d, const char *arg)
{
	char *end;
	char why[96];
	errno = 0;
	long v = strtol(arg, &end, 10);
	bool number = end != arg && *end == '\0';
	if (!number)
		return bad(d->name, arg, d->why);
	if (errno == ERANGE || v > d->hi)
		snprintf(why, sizeof why, "too large (at most %ld)", d->hi);
	else
		snprintf(why, sizeof why, "out of range (at least %ld)", d->lo);
	return bad(d->name, arg, why);
}

int
options_arg_list(struct options *o, const char *arg)
{
	char *end;
	errno = 0;
	unsigned long long n = arg ? strtoull(arg, &end, 10) : 0;
	if (arg && (errno || end == arg || *end || n == 0 || arg[0] == '-'))
		return bad("list", arg, "must be a positive number of tours");
	o->tour.list = true;
	o->tour.list_max = n;
	return 0;
}

/* Apply option d with argument arg (NULL for none).  0, or -1 after a
 * message. */
static int
opt_apply(struct options *o, const struct opt_def *d, const char *arg)
{
	char *base = (char *)o;
	long v;

	if (d->given != 0)
		*(bool *)(base + d->given) = true;
	switch (d->kind) {
	case OPT_FLAG:
		*(bool *)(base + d->field) = true;
		return 0;
	case OPT_STRING:
		*(const char **)(base + d->field) = arg;
		return 0;
	case OPT_INT:
		if (parse_long(arg, d->lo, d->hi, &v))
			return bad_range(d, arg);
		*(int *)(base + d->field) = (int)v;
		return 0;
	case OPT_SIZE:
		if (parse_long(arg, d->lo, d->hi, &v))
			return bad_range(d, arg);
		*(size_t *)(base + d->field) = (size_t)v;
		return 0;
	case OPT_CUSTOM:
		return d->parse(o, arg);
	}
	return -1;
}

/* getopt's tables from options_opts[]: the short-option string and the long
 * options, each long option's val its index in options_opts[] plus 256. */
static void
getopt_tables(char *shorts, size_t len, struct option *longs)
{
	size_t n = 0;
	for (size_t i = 0; i < options_nopts; i++) {
		const struct opt_def *d = &options_opts[i];
		longs[i] = (struct option){d->name, options_has_arg(d), NULL,
		                           (int)i + 256};
		if (d->short_name != 0 && n + 3 < len) {
			shorts[n++] = d->short_name;
			if (options_takes_arg(d))
				shorts[n++] = ':';
		}
	}
	shorts[n] = '\0';
	longs[options_nopts] = (struct option){NULL, 0, NULL, 0};
}

/* getopt's complaint (opterr is 0), with the program's name: a missing
 * argument, or an option that does not exist.  arg: the argument getopt
 * stopped at. */
static void
getopt_error(const char *arg)
{
	const struct opt_def *d = NULL;
	if (optopt >= 256 && optopt < 256 + (int)options_nopts)
		d = &options_opts[optopt - 256];
	for (size_t k = 0; d == NULL && optopt != 0 && k < options_nopts; k++)
		if (options_opts[k].short_name == optopt)
			d = &options_opts[k];
	if (d != NULL)
		cli_error("option '%s%s' requires an argument",
		          d->short_name == optopt ? "-" : "--",
		          d->short_name == optopt ? (char[]){(char)optopt, 0}
		                                  : d->name);
	else if (optopt != 0)
		cli_error("invalid option -- '%c'", optopt);
	else
		cli_error("unrecognized option '%s'", arg);
	try_help();
}

/* The index in argv of the first argument that is not an option nor an
 * option's argument; 0 when there is none (or "--" comes first). */
static int
mode_word_index(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0)
			return 0;
		if (a[0] != '-' || a[1] == '\0')
			return i;
		if (a[1] == '-') {
			/* --name or --name=ARG: the next argument is its
			 * argument when the option needs one */
			size_t len = strcspn(a + 2, "=");
			if (a[2 + len] == '=')
				continue;
			for (size_t k = 0; k < options_nopts; k++)
				if (strlen(options_opts[k].name) == len &&
				    strncmp(options_opts[k].name, a + 2, len) ==
				        0 &&
				    options_has_arg(&options_opts[k]) ==
				        required_argument)
					i++;
			continue;
		}
		/* -abc: a short option taking an argument takes the rest,
		 * or the next argument when it is last */
		for (const char *p = a + 1; *p != '\0'; p++) {
			const struct opt_def *d = NULL;
			for (size_t k = 0; k < options_nopts; k++)
				if (options_opts[k].short_name == *p)
					d = &options_opts[k];
			if (d != NULL && options_takes_arg(d)) {
				if (p[1] == '\0')
					i++;
				break;
			}
		}
	}
	return 0;
}

const char *
options_mode_word(enum run_mode m)
{
	const struct mode_def *d = options_mode_find(m);
	return d->word != NULL  ? d->word
	       : m == MODE_TEXT ? "the text game"
	                        : "the game";
}

static void
options_defaults(struct options *o)
{
	memset(o, 0, sizeof *o);
	o->width = BOARD_DEFAULT_WIDTH;
	o->height = BOARD_DEFAULT_HEIGHT;
	o->tt_mb = TT_DEFAULT_MB;
	o->threads = util_ncpus();
	o->depth = SEARCH_DEFAULT_DEPTH;
	o->games = 1;
	o->level[0] = o->level[1] = -1;
	o->bench.repeat = 1;
	o->split = SPLIT_DEEP;
	o->book_build.ply = -1;
	o->dist_upper = -1;
	const char *nc = getenv("NO_COLOR");
	o->no_color = nc != NULL && nc[0] != '\0';
}

/* The mode word: the first argument that is not an option, before or
 * after options (as in git: dropfour -j1 solve), taken out of argv (the
 * options' own copy).  True if there was one. */
static bool
take_mode_word(struct options *o, int *argc, char **argv)
{
	int w = mode_word_index(*argc, argv);
	if (w == 0)
		return false;
	for (size_t i = 0; i < options_nmodes; i++) {
		if (options_modes[i].word != NULL &&
		    strcmp(argv[w], options_modes[i].word) == 0) {
			o->mode = options_modes[i].mode;
			memmove(argv + w, argv + w + 1,
			        sizeof *argv * (size_t)(*argc - w));
			(*argc)--;
			return true;
		}
	}
	return false;
}

/* getopt over argv: every option applied, seen[] marked.  0, or -1 after
 * a message; o->action says when --help or --version came. */
static int
read_options(struct options *o, int argc, char **argv, bool *seen)
{
	char shorts[2 * OPTIONS_MAX + 1];
	struct option longs[OPTIONS_MAX + 1];
	int c;

	getopt_tables(shorts, sizeof shorts, longs);
	/* 0, not 1: glibc's getopt then forgets everything of an earlier
	 * parse, also a pointer into the middle of an argument ("-Xp" stops
	 * at X and keeps "p"), which the next parse would read. */
	optind = 0;
	opterr = 0; /* getopt's messages name argv[0]: ours name the program */
	while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		if (c == '?') {
			getopt_error(argv[optind - 1]);
			return -1;
		}
		const struct opt_def *d = NULL;
		if (c >= 256 && c < 256 + (int)options_nopts)
			d = &options_opts[c - 256];
		for (size_t k = 0; d == NULL && k < options_nopts; k++)
			if (c != 0 && options_opts[k].short_name == c)
				d = &options_opts[k];
		if (d == NULL) {
			try_help();
			return -1;
		}
		if (strcmp(d->name, "help") == 0) {
			o->action = OPTIONS_HELP;
			return 0;
		}
		if (strcmp(d->name, "version") == 0) {
			o->action = OPTIONS_VERSION;
			return 0;
		}
		if (opt_apply(o, d, optarg) != 0)
			return -1;
		seen[d - options_opts] = true;
	}
	o->argc = argc - optind;
	o->argv = argv + optind;
	return 0;
}

/* "solve, selfplay, ...": every mode word of the table. */
static void
mode_words(char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < options_nmodes && n < len; i++)
		if (options_modes[i].word != NULL)
			n += (size_t)snprintf(buf + n, len - n, "%s%s",
			                      n > 0 ? ", " : "",
			                      options_modes[i].word);
}

/* What the options say together: an option given to a mode it does not
 * apply to, combinations that cannot be, the board, the arguments.  0, or
 * -1 after a message. */
static int
check_options(struct options *o, const bool *seen, bool word_found)
{
	/* An option that does not apply to the mode is refused, never
	 * silently ignored. */
	for (size_t k = 0; k < options_nopts; k++) {
		if (seen[k] && !(options_opts[k].modes & M(o->mode))) {
			cli_error("--%s does not apply to %s",
			          options_opts[k].name,
			          options_mode_word(o->mode));
			cli_try_help(options_mode_find(o->mode)->word);
			return -1;
		}
	}
	/* A sub-command that takes fewer options than its mode. */
	const struct submode_def *sm =
	    options_submode_find(o->mode, o->argc > 0 ? o->argv[0] : NULL);
	if (sm != NULL && sm->opts != NULL) {
		for (size_t k = 0; k < options_nopts; k++) {
			bool ok = !seen[k];
			for (size_t i = 0; !ok && sm->opts[i] != NULL; i++)
				ok = strcmp(sm->opts[i],
				            options_opts[k].name) == 0;
			if (!ok) {
				cli_error("--%s does not apply to %s %s",
				          options_opts[k].name,
				          options_mode_word(o->mode), sm->word);
				cli_try_help(options_mode_find(o->mode)->word);
				return -1;
			}
		}
	}
	/* A list of thread counts is run in turn: only bench speedup and
	 * selfplay take one. */
	if (o->nthread_list > 1 && o->mode != MODE_SELFPLAY &&
	    !(sm != NULL && sm->thread_list)) {
		cli_error("--threads: a list of thread counts is for bench "
		          "speedup and selfplay; %s takes one number",
		          options_mode_word(o->mode));
		cli_try_help(options_mode_find(o->mode)->word);
		return -1;
	}
	if (o->eval_average && !o->depth_given)
		o->depth = SEARCH_AVERAGE_DEPTH;
	/* The game plays a named level unless the expert's settings say
	 * otherwise (--depth, --perfect, --eval); selfplay only with --level.
	 */
	if (o->level_given) {
		if (o->depth_given || o->eval_average) {
			cli_error("--level and --depth or --eval cannot be "
			          "combined (a level sets its own search)");
			return -1;
		}
		o->perfect = o->level[0] == LEVEL_PERFECT;
	} else if ((o->mode == MODE_PLAY || o->mode == MODE_TEXT) &&
	           !o->depth_given && !o->perfect && !o->eval_average) {
		o->level[0] = o->level[1] = LEVEL_DEFAULT;
	}
	/* Tour boards are checked by the tour code (up to 8x8). */
	o->tour.board = o->mode == MODE_TOUR || o->bench.tour ||
	                (sm != NULL && sm->tour_board);
	const char *why =
	    o->tour.board ? NULL : board_size_error(o->width, o->height);
	if (why != NULL) {
		cli_error("impossible board size %dx%d: %s", o->width,
		          o->height, why);
		return -1;
	}
	if (o->solve.weak && o->solve.analyze) {
		cli_error("--weak and --analyze cannot be combined");
		return -1;
	}
	if (!word_found && o->argc > 0) {
		char words[256];
		mode_words(words, sizeof words);
		cli_error("unknown mode '%s' (%s)", o->argv[0], words);
		try_help();
		return -1;
	}
	if (!options_mode_find(o->mode)->args && o->argc > 0) {
		cli_error("unexpected argument '%s'", o->argv[0]);
		try_help();
		return -1;
	}
	return 0;
}

int
options_parse(struct options *o, int argc, char **argv)
{
	bool seen[OPTIONS_MAX] = {false};

	options_defaults(o);
	/* A copy of argv, which the mode word and getopt reorder: the
	 * caller's stays as it was. */
	o->argv_copy = xmalloc(sizeof *argv * (size_t)(argc + 1));
	memcpy(o->argv_copy, argv, sizeof *argv * (size_t)(argc + 1));
	argv = o->argv_copy;
	bool word_found = take_mode_word(o, &argc, argv);
	if (read_options(o, argc, argv, seen) != 0)
		return -1;
	if (o->action != OPTIONS_RUN)
		return 0;
	return check_options(o, seen, word_found);
}

void
options_free(struct options *o)
{
	free(o->argv_copy);
	o->argv_copy = NULL;
	o->argv = NULL;
	o->argc = 0;
}

void
options_version(FILE *f)
{
	fprintf(f, "%s\n", PACKAGE_STRING);
	fputs("Copyright (C) 2026 the dropfour developers.\n"
	      "License: MIT.  There is NO WARRANTY.\n",
	      f);
}
