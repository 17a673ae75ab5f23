/* engine-cli.h -- `dropfour engine`: the engine protocol, commands on
 * standard input and answers on standard output, line by line
 * (docs/engine-protocol.md). */
#ifndef DROPFOUR_ENGINE_CLI_H
#define DROPFOUR_ENGINE_CLI_H

#include "cli/options.h"
#include "cli/session.h"

int engine_cli_main(const struct options *o, struct cli_session *session);

#endif
