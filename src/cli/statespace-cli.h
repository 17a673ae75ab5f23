/* statespace-cli.h -- the `dropfour statespace` mode and its table. */
#ifndef DROPFOUR_STATESPACE_CLI_H
#define DROPFOUR_STATESPACE_CLI_H

#include <stdio.h>

#include "cli/options.h"
#include "cli/session.h"
#include "statespace/statespace.h"

/* One row per ply (positions, terminal, won, drawn, lost for the side to
 * move, the time of each pass), then the rate of each pass. */
void statespace_cli_print_table(FILE *f, const struct statespace *ss);
/* The last two lines: the empty board's value, then
 * "total N positions, W won, D drawn, L lost by the side to move". */
void statespace_cli_print_result(FILE *f, const struct statespace *ss);
int statespace_cli_main(const struct options *o, struct cli_session *session);
/* The same, as one rank of a distributed run (comm NULL: one process):
 * rank 0 prints the table, which is the one-process table. */
int statespace_cli_run_ranks(const struct options *o,
                             const struct statespace_comm *comm);

#endif
