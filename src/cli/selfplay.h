/* selfplay.h -- AI against AI without a screen. */
#ifndef DROPFOUR_SELFPLAY_H
#define DROPFOUR_SELFPLAY_H

#include "cli/options.h"
#include "cli/session.h"

int selfplay_main(const struct options *o, struct cli_session *session);

#endif
