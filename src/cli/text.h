/* text.h -- the plain line-based front-end. */
#ifndef DROPFOUR_TEXT_H
#define DROPFOUR_TEXT_H

#include "cli/options.h"
#include "cli/session.h"

/* Play a game on stdin/stdout; returns the exit status. */
int text_main(const struct options *o, struct cli_session *session);

#endif
