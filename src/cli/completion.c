/* completion.c -- `dropfour --completion bash|zsh`: the shell completion
 * script, written from the tables of the command line.  It completes the
 * mode word, each mode's long options (the table's modes mask), and the
 * arguments that are words (levels, split schemes, evaluations, the
 * game's sides) or files and folders.  The build writes dropfour.bash
 * with it and installs that where bash-completion looks. */
#include "config.h"

#include <getopt.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/completion.h"
#include "cli/options-int.h"
#include "search/policy/level.h"
#include "search/search.h"

/* The bash line that completes an option's argument: its words (levels,
 * split schemes, evaluations, the game's sides), a file (FILE), a folder
 * (DIR), or nothing. */
static void
arg_words(FILE *f, const struct opt_def *d)
{
	const char *const *w = NULL;
	int n = 0;
	if (d->parse == options_arg_split) {
		w = search_split_names;
		n = SPLIT_NSCHEMES;
	} else if (d->parse == options_arg_eval) {
		w = options_eval_names;
		n = 2;
	} else if (d->parse == options_arg_mode) {
		w = options_play_names;
		n = 4;
	}
	if (d->parse == options_arg_level) {
		fputs("COMPREPLY=($(compgen -W \"", f);
		for (int i = 0; i < LEVEL_COUNT; i++)
			fprintf(f, "%s%s", i ? " " : "", levels[i].name);
		fputs("\" -- \"$cur\"))", f);
	} else if (w != NULL) {
		fputs("COMPREPLY=($(compgen -W \"", f);
		for (int i = 0; i < n; i++)
			fprintf(f, "%s%s", i ? " " : "", w[i]);
		fputs("\" -- \"$cur\"))", f);
	} else if (d->arg != NULL && strcmp(d->arg, "FILE") == 0) {
		fputs("COMPREPLY=($(compgen -f -- \"$cur\"))", f);
	} else if (d->arg != NULL && strcmp(d->arg, "DIR") == 0) {
		fputs("COMPREPLY=($(compgen -d -- \"$cur\"))", f);
	} else {
		fputs("COMPREPLY=()", f);
	}
}

/* The modes mask of a mode word: the game takes the options of the
 * plain game and of --text. */
static unsigned
mode_mask(const struct mode_def *m)
{
	return m->mode == MODE_PLAY ? M(MODE_PLAY) | M(MODE_TEXT) : M(m->mode);
}

/* The long options of the modes of mask, as their --help lists them. */
static void
long_options(FILE *f, unsigned mask)
{
	bool first = true;
	for (size_t i = 0; i < options_nopts; i++)
		if ((options_opts[i].modes & mask) &&
		    options_opts[i].help != NULL) { /* (NULL: an alias) */
			fprintf(f, "%s--%s", first ? "" : " ",
			        options_opts[i].name);
			first = false;
		}
}

static void
bash(FILE *f)
{
	fputs("# bash completion for dropfour, written by `dropfour "
	      "--completion bash`\n"
	      "# from its table of options: do not edit.\n"
	      "_dropfour()\n{\n"
	      "\tlocal cur=${COMP_WORDS[COMP_CWORD]} i mode= opts\n"
	      "\tlocal prev=${COMP_WORDS[COMP_CWORD - 1]}\n"
	      "\t# --name=value: bash splits at the '='\n"
	      "\tif [ \"$cur\" = = ]; then\n"
	      "\t\tcur=\n"
	      "\telif [ \"$prev\" = = ] && [ \"$COMP_CWORD\" -ge 2 ]; then\n"
	      "\t\tprev=${COMP_WORDS[COMP_CWORD - 2]}\n"
	      "\tfi\n"
	      "\tfor ((i = 1; i < COMP_CWORD; i++)); do\n"
	      "\t\tcase ${COMP_WORDS[i]} in\n\t\t",
	      f);
	bool first = true;
	for (size_t i = 0; i < options_nmodes; i++)
		if (options_modes[i].word != NULL) {
			fprintf(f, "%s%s", first ? "" : " | ",
			        options_modes[i].word);
			first = false;
		}
	fputs(")\n\t\t\tmode=${COMP_WORDS[i]}\n\t\t\tbreak\n\t\t\t;;\n"
	      "\t\tesac\n\tdone\n"
	      "\t# an option's argument\n\tcase $prev in\n",
	      f);
	for (size_t i = 0; i < options_nopts; i++) {
		const struct opt_def *d = &options_opts[i];
		if (options_has_arg(d) != required_argument)
			continue;
		fprintf(f, "\t--%s", d->name);
		if (d->short_name)
			fprintf(f, " | -%c", d->short_name);
		fputs(")\n\t\t", f);
		arg_words(f, d);
		fputs("\n\t\treturn\n\t\t;;\n", f);
	}
	fputs("\tesac\n\t# the options of the mode\n\tcase $mode in\n", f);
	for (size_t i = 0; i < options_nmodes; i++) {
		const struct mode_def *m = &options_modes[i];
		fprintf(f, "\t%s)\n\t\topts=\"", m->word ? m->word : "''");
		long_options(f, mode_mask(m));
		fputs("\"\n\t\t;;\n", f);
	}
	fputs("\tesac\n"
	      "\tif [[ $cur == -* ]]; then\n"
	      "\t\tCOMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
	      "\telif [ -z \"$mode\" ]; then\n"
	      "\t\tCOMPREPLY=($(compgen -W \"",
	      f);
	first = true;
	for (size_t i = 0; i < options_nmodes; i++)
		if (options_modes[i].word != NULL) {
			fprintf(f, "%s%s", first ? "" : " ",
			        options_modes[i].word);
			first = false;
		}
	fputs("\" -- \"$cur\"))\n"
	      "\telse\n"
	      "\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n"
	      "\tfi\n}\n"
	      "complete -F _dropfour dropfour\n",
	      f);
}

int
completion_print(FILE *f, const char *shell)
{
	if (strcmp(shell, "bash") == 0) {
		bash(f);
		return 0;
	}
	if (strcmp(shell, "zsh") == 0) {
		fputs("# zsh: the bash completion through bashcompinit\n"
		      "autoload -U +X bashcompinit && bashcompinit\n",
		      f);
		bash(f);
		return 0;
	}
	cli_error("--completion: no completion for '%s' (bash, zsh)", shell);
	return -1;
}
