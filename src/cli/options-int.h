/* options-int.h -- what the option table (options-table.c), the parser
 * (options.c) and the usage text share: the mode words, the option
 * definitions and the readers of the options with an argument of their
 * own. */
#ifndef DROPFOUR_OPTIONS_INT_H
#define DROPFOUR_OPTIONS_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/options.h"

#define M(mode)  (1u << (mode))
#define M_GAME   (M(MODE_PLAY) | M(MODE_TEXT))
#define M_PLAYS  (M_GAME | M(MODE_SELFPLAY))
#define M_SEARCH (M_PLAYS | M(MODE_SOLVE) | M(MODE_BENCH) | M(MODE_REVIEW))
#define M_ALL    0xffffu

/* A mode word, its usage lines and what it prints (its --help). */
struct mode_def {
	const char *word; /* NULL: the game (no word) */
	enum run_mode mode;
	const char *usage; /* lines after "Usage: dropfour " / "  or:  " */
	const char *about; /* below the mode's options in its --help */
	bool args;         /* takes arguments after the options */
};

extern const struct mode_def options_modes[];
extern const size_t options_nmodes;
/* The mode's entry (the game's for MODE_PLAY and MODE_TEXT). */
const struct mode_def *options_mode_find(enum run_mode m);
/* A mode's name in messages: its word, or "the game", "the text game". */
const char *options_mode_word(enum run_mode m);

/* A mode's sub-command that the option checks know by name: one that
 * takes fewer options than its mode (book info), one that takes a list of
 * thread counts (bench speedup), one whose board is a tour's (bench
 * tour-sample). */
struct submode_def {
	enum run_mode mode;
	const char *word; /* the first argument after the mode word */
	/* The option names it takes besides --help and --version,
	 * NULL-terminated; NULL: every option of its mode. */
	const char *const *opts;
	bool thread_list; /* --threads takes a list of counts */
	bool tour_board;  /* the board is a tour's (up to 8x8) */
};
/* The entry of mode m's sub-command word, or NULL. */
const struct submode_def *options_submode_find(enum run_mode m,
                                               const char *word);
extern const struct submode_def options_submodes[];
extern const size_t options_nsubmodes;

/* How an option's argument is read. */
enum opt_kind {
	OPT_FLAG,   /* sets the bool at .field */
	OPT_STRING, /* keeps the argument at .field */
	OPT_INT,    /* an int in .lo..hi at .field */
	OPT_SIZE,   /* a size_t in .lo..hi at .field */
	OPT_CUSTOM, /* .parse() */
};

struct opt_def {
	const char *name;
	char short_name; /* 0: long only */
	enum opt_kind kind;
	int has_arg;     /* getopt's no_argument, ... */
	const char *arg; /* the argument's name in --help */
	unsigned modes;  /* where it applies */
	size_t field;    /* offsetof(struct options, ...) */
	size_t given;    /* a bool set when the option is given; 0 none */
	long lo, hi;
	const char *why; /* what a bad argument is told */
	int (*parse)(struct options *o, const char *arg);
	const char *help;  /* "\n" starts a continuation line */
	const char *group; /* the heading in the whole --help */
};

/* The most options the table may hold (the parser's arrays). */
#define OPTIONS_MAX 128
extern const struct opt_def options_opts[];
extern const size_t options_nopts;

/* True if the option takes an argument (required or optional). */
bool options_takes_arg(const struct opt_def *d);
/* getopt's has_arg for the option. */
int options_has_arg(const struct opt_def *d);

/* The words of --mode (by enum play_mode) and --eval (heuristic, then
 * average), for the parser and the shell completion. */
extern const char *const options_play_names[4];
extern const char *const options_eval_names[2];

/* The readers of the options of kind OPT_CUSTOM (options.c): 0, or -1
 * after a cli_error() line. */
int options_arg_threads(struct options *o, const char *arg);
int options_arg_split(struct options *o, const char *arg);
int options_arg_dist_table(struct options *o, const char *arg);
int options_arg_time(struct options *o, const char *arg);
int options_arg_eval(struct options *o, const char *arg);
int options_arg_seed(struct options *o, const char *arg);
int options_arg_mode(struct options *o, const char *arg);
int options_arg_list(struct options *o, const char *arg);
int options_arg_depth(struct options *o, const char *arg);
int options_arg_text(struct options *o, const char *arg);
int options_arg_book(struct options *o, const char *arg);
int options_arg_level(struct options *o, const char *arg);
int options_arg_nodes(struct options *o, const char *arg);

#endif
