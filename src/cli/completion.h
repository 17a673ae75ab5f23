/* completion.h -- the shell completion of dropfour, made from the tables
 * of the command line (options_modes[], options_opts[]) and the words of
 * the options' arguments, so that it never falls behind them. */
#ifndef DROPFOUR_COMPLETION_H
#define DROPFOUR_COMPLETION_H

#include <stdio.h>

/* Print the completion script for `shell` ("bash", or "zsh": the bash
 * script through zsh's bashcompinit) to f: 0, or -1 after a message
 * naming the shells there are. */
int completion_print(FILE *f, const char *shell);

#endif
