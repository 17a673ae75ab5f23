/* tour-cli.h -- the `dropfour tour` mode and its plan: which board, which
 * start squares (up to symmetry), the prefixes to count.  Shared by the
 * text output, the live screen (ui-tour.c) and the speedup benchmark. */
#ifndef DROPFOUR_TOUR_CLI_H
#define DROPFOUR_TOUR_CLI_H

#include <stdio.h>

#include "cli/options.h"
#include "cli/session.h"
#include "tour/tour.h"

struct tour_plan {
	struct tour_board b;
	bool all;       /* --from all */
	bool symmetric; /* one start per orbit, weighted */
	int from;       /* start square unless all */
	int nstarts;    /* squares the count stands for */
	/* One prefix per start square (of an orbit) and first move; a start
	 * square without a move is a prefix of its own. */
	int n;
	struct tour_prefix *pre;
	int *weight; /* squares each prefix's start stands for */
	struct tour_params par;
};

/*
 * Build the plan from the options: board (default 4x7 unless -W/-H),
 * --from, --closed, --threads, --split-depth, --list.  Board defaults of
 * dflt_w x dflt_h; `from_all` makes every square a start (bench).  0, or -1
 * after a cli_error() line on a bad size or square.
 */
int tour_cli_plan_make(const struct options *o, int dflt_w, int dflt_h,
                       bool from_all, struct tour_plan *p);
void tour_cli_plan_free(struct tour_plan *p);
/* The weighted sum of per-prefix counts: the tours the plan asks for. */
uint64_t tour_cli_plan_total(const struct tour_plan *p, const uint64_t *counts);
/* "4x7 board, from a1, open tours" and the like. */
void tour_cli_plan_describe(const struct tour_plan *p, char *buf, size_t len);

/* Per first move, per thread, nodes/s and time, and the last line
 * `tours N`, on stdout. */
void tour_cli_report(const struct tour_plan *p, const uint64_t *counts,
                     const struct tour_result *r);
/* Its parts: the table per first move; the totals and `tours N`. */
void tour_cli_report_moves(const struct tour_plan *p, const uint64_t *counts);
void tour_cli_report_total(const struct tour_plan *p, const uint64_t *counts,
                           uint64_t nodes, double seconds);
/* `dropfour tour` without --watch. */
int tour_cli_main(const struct options *o, struct cli_session *session);

#endif
