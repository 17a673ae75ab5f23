/* ui-panel.c -- the live search panel beside the board: its drawing
 * helpers, its sections and their layout (the thread rows and the load
 * balance are ui-threads.c's, the timeline ui-timeline.c's).
 *
 * Drawn only from the frame's model (ui->model, ui-model.c): one search's
 * snapshot, taken 12 times a second while it runs and once when it ends,
 * with the state the UI keeps for that search alone; never from live
 * counters, never from another search.  From the top:
 *   one row per search thread: work share (its nodes over all) as a bar
 *     and a percentage, nodes, nodes per second, busy % over the search
 *     and over the last second, tasks run and stolen;
 *   the load balance: the busy-time imbalance (max / mean busy time, and
 *     the percent imbalance (max - mean) / max), the spread of the work
 *     shares, oversubscription;
 *   the timeline: each thread's activity over the last seconds (busy,
 *     idle, stealing) scrolling while the search runs, and where it works
 *     (the root column and the ply of its split point);
 *   totals: nodes, nodes per second, time, depth reached (or exact),
 *     transposition table fill and hit rate, tasks, principal variation,
 *     and the move played against the search's best;
 *   the root columns with the threads in each, when there is room;
 *   the history of the AI's searches in this game, when there is room;
 *   a one-line legend under each section when rows are left over;
 *   and at the bottom the settings the keys change.
 * Every text is clipped inside the box (ui_puts_box()): from the smallest
 * terminal the game accepts to the largest, no row loses its border.
 * docs/panel.md defines every field; `i` shows the same definitions over
 * the panel (ui-legend.c).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "book/book.h"
#include "core/util.h"
#include "search/policy/level.h"
#include "ui/ui-int.h"

/* A separator across the box, with an optional label: ├─ label ───┤ */
static void
panel_rule(const struct ui *ui, WINDOW *w, int y, const char *label)
{
	int W = getmaxx(w);
	attr_t a = ui_attr(ui, UI_C_FRAME);

	wattron(w, a);
	mvwaddstr(w, y, 0, ui->utf8 ? "\u251c" : "+");
	for (int x = 1; x < W - 1; x++)
		waddstr(w, ui->utf8 ? "\u2500" : "-");
	waddstr(w, ui->utf8 ? "\u2524" : "+");
	wattroff(w, a);
	if (label != NULL && W > 8) {
		char buf[96];
		snprintf(buf, sizeof buf, " %s ", label);
		wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
		wmove(w, y, 2);
		ui_addn(w, buf, W - 4);
		wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	}
}

/* A dim one-line legend at row y (the large layouts). */
static void
panel_legend_line(WINDOW *w, int y, const char *s)
{
	wattron(w, A_DIM);
	ui_puts_box(w, y, 2, s);
	wattroff(w, A_DIM);
}

/* ---- the title --------------------------------------------------------- */

static void
panel_title(struct ui *ui, WINDOW *w, const struct panel_model *m)
{
	char buf[160];
	int p = game_to_move(&ui->game), room = getmaxx(w) - 5;

	if (room < 4)
		return;
	wmove(w, 0, 2);
	if (m->running && m->kind == MODEL_MOVE) {
		attr_t a = ui_attr(ui, p == 1 ? UI_C_P1 : UI_C_P2) | A_BOLD;
		snprintf(buf, sizeof buf, " Search: %s ",
		         ui_player_name(ui, p));
		wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
		room -= ui_addn(w, buf, room);
		wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
		wattron(w, a);
		room -= ui_addn(w, ui_token(ui, p), room);
		wattroff(w, a);
		snprintf(buf, sizeof buf, " %s ", m->label);
		wattron(w, A_BOLD);
		ui_addn(w, buf, room);
		wattroff(w, A_BOLD);
		return;
	}
	wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	room -= ui_addn(w, " Search: ", room);
	wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	if (m->running)
		wattron(w, A_BOLD);
	/* never cut mid-word: the short form where the whole does not fit */
	const char *label =
	    ui_cells(m->label) < room ? m->label : m->label_short;
	ui_addn(w, label, room);
	ui_addn(w, " ", room - ui_cells(label));
	wattroff(w, A_BOLD);
}

/* ---- totals ------------------------------------------------------------ */

/* The speed's factors, as words that fit width: the product line and the
 * one-thread rate it compares with (*ref, a row of its own when the
 * panel is narrow); before that rate is measured, the threads at work. */
static void
factor_words(const struct panel_model *m, int width, char *line, size_t size,
             char *ref, size_t rsize)
{
	const struct model_factors *f = &m->f;
	char a[16], c[16], tail[128];

	ref[0] = '\0';
	if (!f->on) {
		int len =
		    snprintf(line, size,
		             "%d x busy %.0f%% = %.2f threads "
		             "at work",
		             f->threads, f->busy * 100, f->threads * f->busy);
		if (f->unfair)
			snprintf(tail, sizeof tail, "%s",
			         len + 52 <= width
			             ? "(node speed: one thread's rate was "
			               "measured under other load)"
			             : "(node speed: measured under load)");
		else
			snprintf(tail, sizeof tail, "%s",
			         len + 45 <= width
			             ? "(node speed: once one thread has "
			               "run this position)"
			             : "(node speed: after the move)");
		if (len + 1 + ui_cells(tail) <= width)
			snprintf(line + len, size - len, " %s", tail);
		else if (m->kind == MODEL_MOVE)
			snprintf(ref, rsize, "%s", tail);
		return;
	}
	util_si(a, sizeof a, f->base);
	util_si(c, sizeof c, f->session);
	int len = snprintf(line, size,
	                   "%d x busy %.0f%% x node speed %.2f = %.2f x one "
	                   "thread",
	                   f->threads, f->busy * 100, f->speed, f->product);
	if (len > width)
		len =
		    snprintf(line, size, "%d x busy %.0f%% x speed %.2f = %.2f",
		             f->threads, f->busy * 100, f->speed, f->product);
	if (f->session > 0 && !f->exact)
		snprintf(tail, sizeof tail,
		         "(one thread: %s n/s on this position; %s this "
		         "session)",
		         a, c);
	else
		snprintf(tail, sizeof tail,
		         "(one thread: %s n/s on this "
		         "position)",
		         a);
	if (len + 1 + ui_cells(tail) <= width)
		snprintf(line + len, size - len, " %s", tail);
	else
		snprintf(ref, rsize, "%s", tail);
}

/* The proof beside the depth-limited search, its rows p0.. on the panel:
 * its threads, nodes and state: proving until it stopped, then proven
 * (every legal column of its root done) or gave up (its time ran out or
 * the search stopped it). */
static void
proof_words(const struct panel_model *m, char *buf, size_t size)
{
	char a[16], rows[24] = "";

	util_si(a, sizeof a, (double)m->proof_nodes);
	if (m->proof_threads > 0)
		snprintf(rows, sizeof rows, " on p0-p%d", m->proof_threads - 1);
	switch (m->proof) {
	case MODEL_PROOF_PROVING:
		snprintf(buf, size, "proof%s: proving %.1fs, %s", rows,
		         m->proof_s, a);
		break;
	case MODEL_PROOF_PROVEN:
		snprintf(buf, size, "proof%s: proven, %s", rows, a);
		break;
	case MODEL_PROOF_GAVE_UP:
		snprintf(buf, size, "proof%s: gave up at %.1fs, %s", rows,
		         m->proof_s, a);
		break;
	default:
		buf[0] = '\0';
	}
}

/* The tasks of the search: under MPI handed to the ranks, with the
 * network, messages both ways and their bytes, each a rate over the
 * search so far; else spawned and stolen. */
static void
tasks_text(const struct stats_snapshot *s, int width, char *buf, size_t size)
{
	char a[16], b[16], c[16], d[16];
	if (s->ranks) {
		uint64_t nt = 0;
		for (int i = 0; i < s->nthreads; i++)
			nt += s->thread[i].run;
		double t = s->elapsed > 0 ? s->elapsed : 1;
		util_si(a, sizeof a, (double)nt);
		util_si(b, sizeof b, (double)s->net.msgs);
		util_si(c, sizeof c, (double)s->net.msgs / t);
		util_si(d, sizeof d, (double)s->net.bytes / t);
		int len = snprintf(buf, size,
		                   "tasks %s to %d ranks, %s msgs %s/s %sB/s",
		                   a, s->nthreads, b, c, d);
		if (len > width) /* the messages' rate left out */
			snprintf(buf, size,
			         "tasks %s to %d ranks, %s msgs %sB/s", a,
			         s->nthreads, b, d);
	} else {
		snprintf(buf, size, "tasks %s spawned, %s stolen",
		         util_si(a, sizeof a, (double)s->spawned),
		         util_si(b, sizeof b, (double)s->stolen));
	}
}

/* The first of n forms that fits width, else the last (the shortest). */
static const char *
fitting(char forms[][128], int n, int width)
{
	for (int i = 0; i < n - 1; i++)
		if (ui_cells(forms[i]) <= width)
			return forms[i];
	return forms[n - 1];
}

/* A total over its count, "-" for none: "0.012 ms". */
static void
per_one(char *buf, size_t len, double total, uint64_t n, int digits,
        const char *unit)
{
	if (n > 0)
		snprintf(buf, len, "%.*f %s", digits, total / (double)n, unit);
	else
		snprintf(buf, len, "-");
}

/* The network of a search across the ranks beyond its messages: the mean
 * hand-off a task (task asked to task running) with the tasks measured
 * and the waits for work, and the table across machines (--dist-upper):
 * its entries, messages and bytes, and rank 0's time a message of it.
 * One row when all fits, else a row each, each in the longest form that
 * fits (a word never cut).  Returns the rows written. */
static int
network_text(const struct stats_snapshot *s, int width, char rows[][256])
{
	const struct stats_network *net = &s->net;
	char ho[4][128], up[6][128], mean[24], cost[24], a[16], b[16], c[16];
	const double waits = net->starved_s * 1e3;

	per_one(mean, sizeof mean, net->handoff_s * 1e3, net->handoffs, 3,
	        "ms");
	util_si(a, sizeof a, (double)net->handoffs);
	snprintf(ho[0], sizeof ho[0],
	         "hand-off %s a task (%s), waits for work %.0f ms", mean, a,
	         waits);
	snprintf(ho[1], sizeof ho[1], "hand-off %s a task (%s), waits %.0f ms",
	         mean, a, waits);
	snprintf(ho[2], sizeof ho[2], "hand-off %s (%s), waits %.0f ms", mean,
	         a, waits);
	snprintf(ho[3], sizeof ho[3], "hand-off %s (%s)", mean, a);
	if (net->upper <= 0) {
		snprintf(rows[0], 256, "%.127s", fitting(ho, 4, width));
		return 1;
	}
	per_one(cost, sizeof cost, net->upper_s * 1e6, net->upper_msgs, 1,
	        "us");
	util_si(a, sizeof a, (double)net->upper_entries);
	util_si(b, sizeof b, (double)net->upper_msgs);
	util_si(c, sizeof c, (double)net->upper_bytes);
	snprintf(up[0], sizeof up[0],
	         "table across machines: %s entries in %s msgs (%sB), %s a "
	         "message",
	         a, b, c, cost);
	snprintf(up[1], sizeof up[1],
	         "table across: %s in %s msgs (%sB), %s a msg", a, b, c, cost);
	snprintf(up[2], sizeof up[2], "table across: %s in %s msgs, %s a msg",
	         a, b, cost);
	snprintf(up[3], sizeof up[3], "table across: %s in %s msgs, %s/msg", a,
	         b, cost);
	snprintf(up[4], sizeof up[4], "table across: %s entries, %s a msg", a,
	         cost);
	snprintf(up[5], sizeof up[5], "table across: %s entries", a);
	if (ui_cells(ho[0]) + 2 + ui_cells(up[0]) <= width) {
		snprintf(rows[0], 256, "%.120s; %.120s", ho[0], up[0]);
		return 1;
	}
	snprintf(rows[0], 256, "%.127s", fitting(ho, 4, width));
	snprintf(rows[1], 256, "%.127s", fitting(up, 6, width));
	return 2;
}

/* The totals' rows as text, each whole (a row that does not fit goes on
 * the next row, never cut), into rows[][]; returns how many. */
#define TOTALS_MAX 11
static int
totals_text(struct ui *ui, const struct panel_model *m, int width,
            char rows[TOTALS_MAX][256], bool bold[TOTALS_MAX])
{
	const struct stats_snapshot *s = &m->s;
	char a[16], b[16], ref[128];
	int n = 0;

	memset(bold, 0, sizeof(bool) * TOTALS_MAX);
	/* the nodes, and the tasks on the same row when they fit */
	char tasks[96];
	tasks_text(s, width, tasks, sizeof tasks);
	int len = snprintf(rows[n], 256, "nodes %s  %s n/s  %.2fs",
	                   util_si(a, sizeof a, (double)s->nodes),
	                   util_si(b, sizeof b, s->nps), m->elapsed);
	const bool tasks_here = len + 2 + ui_cells(tasks) <= width;
	if (tasks_here)
		snprintf(rows[n] + len, 256 - len, "  %s", tasks);
	n++;
	if (m->f.threads > 0) {
		factor_words(m, width, rows[n++], 256, ref, sizeof ref);
		if (ref[0] != '\0')
			snprintf(rows[n++], 256, "  %s", ref);
	}
	if (m->why != NULL) {
		bold[n] = true;
		snprintf(rows[n++], 256, "played %s",
		         7 + ui_cells(m->why) <= width ? m->why : m->why_short);
	}
	/* depth, the proof, the table */
	char dep[64], tt[64], pr[96];
	if (s->nthreads == 0)
		snprintf(dep, sizeof dep, "depth -");
	else if (s->exact)
		snprintf(dep, sizeof dep, "%s",
		         m->running ? "solving, exact" : "exact");
	else if (ui->level >= 0 || ui->perfect)
		snprintf(dep, sizeof dep, "depth %d", s->depth);
	else
		/* Against the depth that search was asked for, not the
		 * setting changed since (+ -). */
		snprintf(dep, sizeof dep, "depth %d/%d", s->depth,
		         m->kind == MODEL_MOVE ? ui->move.asked_depth
		                               : ui->cur.asked_depth);
	if (s->ranks)
		snprintf(tt, sizeof tt, "%s",
		         s->tables == 1            ? "one table for all ranks"
		         : s->tables < s->nthreads ? "a table a machine"
		                                   : "a table a rank");
	else
		snprintf(tt, sizeof tt, "TT %.0f%% full, %.0f%% hits",
		         s->tt_fill * 100, s->tt_hitrate * 100);
	proof_words(m, pr, sizeof pr);
	if (pr[0] != '\0' &&
	    ui_cells(dep) + 2 + ui_cells(pr) + 2 + ui_cells(tt) <= width)
		snprintf(rows[n++], 256, "%s, %s  %s", dep, pr, tt);
	else if (pr[0] != '\0') {
		snprintf(rows[n++], 256, "%s  %s", dep, tt);
		snprintf(rows[n++], 256, "%s", pr);
	} else if (s->beside > 0 && m->running)
		snprintf(rows[n++], 256, "%s, a proof beside on %d  %s", dep,
		         s->beside, tt);
	else
		snprintf(rows[n++], 256, "%s  %s", dep, tt);
	if (!tasks_here)
		snprintf(rows[n++], 256, "%s", tasks);
	if (s->ranks)
		n += network_text(s, width, rows + n);
	/* The PV: the line of the last whole iteration, with its depth. */
	if (m->hidden && m->kind != MODEL_MOVE)
		len = snprintf(rows[n], 256, "PV hidden (the AI's ponder)");
	else if (!s->exact && s->depth > 0 && s->pv_len > 0)
		len = snprintf(rows[n], 256, "PV (depth %d)", s->depth);
	else
		len = snprintf(rows[n], 256, "PV");
	for (int i = 0; i < s->pv_len && len < 200; i++)
		len += snprintf(rows[n] + len, 256 - len, " %c",
		                board_col_char(s->pv[i]));
	if (len > width && width > 3) {
		rows[n][width - 3] = '\0';
		strcat(rows[n], "...");
	}
	n++;
	return n;
}

static int
totals_rows(struct ui *ui, const struct panel_model *m, int width)
{
	char rows[TOTALS_MAX][256];
	bool bold[TOTALS_MAX];
	return totals_text(ui, m, width, rows, bold);
}

static int
panel_totals(struct ui *ui, WINDOW *w, int y, int width, int rows,
             const struct panel_model *m)
{
	char text[TOTALS_MAX][256];
	bool bold[TOTALS_MAX];
	int n = totals_text(ui, m, width, text, bold), used = 0;

	for (int i = 0; i < n && used < rows; i++, used++) {
		if (bold[i])
			wattron(w, A_BOLD);
		ui_puts_box(w, y + used, 2, text[i]);
		if (bold[i])
			wattroff(w, A_BOLD);
	}
	return used;
}

/* ---- root columns ------------------------------------------------------ */

/* The root columns of the search on show, in words, each value with the
 * depth it comes from ("d12", or dimmed "from depth 11" when older than
 * the newest iteration of the rows); on a wide panel each column's share
 * of the root's nodes as a bar.  After a move from the opening book, the
 * book's exact value of every column. */
static void
panel_columns(struct ui *ui, WINDOW *w, int y, int rows, int width,
              const struct panel_model *m)
{
	char words[64], a[16], buf[160], origin[32];
	uint64_t total = 0;
	int bar = width >= 70 ? width - 60 : 0;

	if (bar > 30)
		bar = 30;
	for (int c = 0; c < m->ncols; c++)
		total += m->col[c].nodes;
	for (int c = 0; c < m->ncols && c < rows; c++) {
		const struct model_column *col = &m->col[c];
		const char *state = ui_model_col_state(col->state);
		origin[0] = '\0';
		if (col->kind != SCORE_NONE && col->stale)
			snprintf(origin, sizeof origin, "from depth %d",
			         col->depth);
		else if (col->kind != SCORE_NONE && col->depth > 0)
			snprintf(origin, sizeof origin, "d%d", col->depth);
		if (col->state == COL_ILLEGAL) {
			snprintf(buf, sizeof buf, "%c  -", ui_col_char(c));
		} else if (col->state == MODEL_COL_BOOK) {
			if (col->kind == SCORE_NONE)
				snprintf(words, sizeof words, "?");
			else
				score_words(&m->root, col->kind, col->score,
				            words, sizeof words);
			snprintf(buf, sizeof buf, "%c  %-16s %5s %s",
			         ui_col_char(c), words, "",
			         col->kind == SCORE_NONE ? "not in the book"
			                                 : state);
		} else if (col->kind == SCORE_NONE) {
			snprintf(
			    buf, sizeof buf, "%c  %-16s %5s %s", ui_col_char(c),
			    col->state == COL_SKIPPED ||
			            col->state == MODEL_COL_UNFINISHED
			        ? "-"
			        : "?",
			    util_si(a, sizeof a, (double)col->nodes), state);
		} else {
			score_words(&m->root, col->kind, col->score, words,
			            sizeof words);
			snprintf(buf, sizeof buf, "%c  %-16s %5s %-13s %s",
			         ui_col_char(c), words,
			         util_si(a, sizeof a, (double)col->nodes),
			         origin, state);
		}
		/* The search's threads working under this column now. */
		if (col->threads > 0) {
			size_t len = strlen(buf);
			snprintf(buf + len, sizeof buf - len, " [%d %s%s]",
			         col->threads, m->s.ranks ? "rank" : "thread",
			         col->threads == 1 ? "" : "s");
		}
		if (col->stale)
			wattron(w, A_DIM);
		ui_puts_box(w, y + c, 2, buf);
		if (col->stale)
			wattroff(w, A_DIM);
		/* The bar past the widest words, next to the numbers however
		 * wide the panel. */
		if (bar > 0 && col->state != COL_ILLEGAL &&
		    col->state != MODEL_COL_BOOK && total > 0)
			ui_bar(ui, w, y + c, 59, bar, (double)col->nodes,
			       (double)total, ui_attr(ui, UI_C_BAR2));
	}
}

/* ---- the game's searches ----------------------------------------------- */

/* The AI's searches of this game, the newest last: one row each with its
 * move, time, nodes, rate, busy, imbalance, threads and depth; on a wide
 * panel its time as a bar against the longest shown (the chart). */
static int
panel_history(struct ui *ui, WINDOW *w, int y, int rows, int width)
{
	const struct ui_history *h = &ui->hist;
	char a[16], b[16], dp[16];
	int n = h->n < rows - 1 ? h->n : rows - 1, first = h->n - n;
	int bar = width >= 64 ? width - 52 : 0;
	double tmax = 0;

	if (rows < 2)
		return 0;
	if (bar > 40)
		bar = 40;
	wattron(w, A_BOLD);
	ui_panel_printf(w, y, 2, "%4s %6s %5s %5s %4s %5s %3s %5s%s", "move",
	                "time", "nodes", "n/s", "busy", "imbal", "thr", "depth",
	                bar > 0 ? "  vs the longest" : "");
	wattroff(w, A_BOLD);
	if (n == 0) {
		wattron(w, A_DIM);
		ui_puts_box(w, y + 1, 2, "no search of the AI's yet");
		wattroff(w, A_DIM);
		return 2;
	}
	for (int i = first; i < h->n; i++)
		if (h->e[i].secs > tmax)
			tmax = h->e[i].secs;
	for (int i = first; i < h->n; i++) {
		const struct ui_history_entry *e = &h->e[i];
		int yy = y + 1 + i - first;
		if (e->depth < 0)
			snprintf(dp, sizeof dp, "exact");
		else
			snprintf(dp, sizeof dp, "%d", e->depth);
		ui_panel_printf(
		    w, yy, 2, "%4d %5.2fs %5s %5s %3.0f%% %5.2f %3d %5s",
		    e->ply, e->secs, util_si(a, sizeof a, (double)e->nodes),
		    util_si(b, sizeof b, e->nps), e->busy * 100, e->imbalance,
		    e->threads, dp);
		if (bar > 0)
			ui_bar(ui, w, yy, 2 + 48, bar, e->secs, tmax,
			       ui_attr(ui, UI_C_BAR));
	}
	return 1 + n;
}

/* ---- settings ---------------------------------------------------------- */

static void
panel_settings(struct ui *ui, WINDOW *w, int y, int width)
{
	char buf[160], t[32];
	int len;

	if (ui->level >= 0)
		len = snprintf(buf, sizeof buf, "level %s",
		               levels[ui->level].name);
	else if (ui->perfect)
		len = snprintf(buf, sizeof buf, "perfect play");
	else
		len = snprintf(buf, sizeof buf, "depth %d", ui->depth);
	snprintf(buf + len, sizeof buf - len, "  threads %d/%d  split %s",
	         ui->threads, ui->max_threads, search_split_names[ui->split]);
	ui_puts_box(w, y, 2, buf);

	/* Under MPI (a runner) the distributed search has no clock: a
	 * level's search runs to a fixed depth (dist_limits_for_game()),
	 * and the settings say so. */
	const bool mpi = ui->session->runner != NULL;
	const bool exact =
	    ui->perfect || (ui->level >= 0 && levels[ui->level].perfect);
	if (mpi && !exact)
		snprintf(t, sizeof t, "none (MPI: depth %d)",
		         ui->level >= 0 ? ui->o->depth : ui->depth);
	else if (mpi)
		snprintf(t, sizeof t, "none (MPI: exact)");
	else if (ui->level >= 0 && !levels[ui->level].perfect)
		snprintf(t, sizeof t, "%gs",
		         ui->time_limit > 0 ? ui->time_limit
		                            : levels[ui->level].think);
	else if (ui->time_limit > 0)
		snprintf(t, sizeof t, "%gs", ui->time_limit);
	else
		snprintf(t, sizeof t, "none");
	len = snprintf(buf, sizeof buf, "time %s  analysis %s", t,
	               ui->analysis ? "on" : "off");
	/* Pondering is for perfect play only. */
	if (ui->perfect)
		len += snprintf(buf + len, sizeof buf - len, "  ponder %s",
		                ui->ponder ? "on" : "off");
	/* The last restart's delay, when it fits whole. */
	char lat[32];
	int ll = snprintf(lat, sizeof lat, "  restart %.2fms", ui->latency_ms);
	if (ui->latency_ms > 0 && len + ll <= width)
		strcat(buf, lat);
	/* The legend's key, when it fits whole. */
	if ((int)strlen(buf) + 12 <= width)
		strcat(buf, "  i: legend");
	wattron(w, A_DIM);
	ui_puts_box(w, y + 1, 2, buf);
	wattroff(w, A_DIM);
}

/* ---- the layout -------------------------------------------------------- */

/* Rows of each section, decided from the room: the threads (header and
 * rows), the load line, the timeline, the totals, the root columns, the
 * history, and a legend line under each when rows are left over. */
struct panel_plan {
	int threads, load, timeline, totals, columns, history;
	int tl_height; /* rows of each thread's timeline (taller: finer) */
	bool legend_threads, legend_timeline, legend_totals, legend_history;
};

static void
panel_plan(struct ui *ui, const struct panel_model *m, int rows, int width,
           struct panel_plan *p)
{
	const struct stats_snapshot *s = &m->s;
	int n = s->nthreads > 0 ? s->nthreads : 1, left = rows;
	int want_totals = totals_rows(ui, m, width);

	memset(p, 0, sizeof *p);
	/* The threads' header and up to two rows (or one and "+N more"). */
	p->threads = 1 + n < 3 ? 1 + n : 3;
	p->threads = p->threads < left ? p->threads : left;
	left -= p->threads;
	if (left >= 1) {
		p->load = 1;
		left--;
	}
	/* The totals: a rule and at least two rows, or nothing. */
	if (left >= 3) {
		p->totals = want_totals < left - 1 ? want_totals : left - 1;
		left -= 1 + p->totals;
	}
	/* Every thread's row, when there is room. */
	int more = 1 + n - p->threads;
	more = more < left ? more : left;
	p->threads += more;
	left -= more;
	/* The timeline (a rule and a row a thread) and the root columns
	 * (whole): both when they fit, else the root columns, whose values
	 * the board's scores and the PV are read against. */
	int tl = s->nthreads > 0 ? 1 + s->nthreads : 0;
	int cols = m->ncols > 0 ? 1 + m->ncols : 0;
	if (cols > 0 && left >= cols && left < tl + cols) {
		p->columns = m->ncols;
		left -= cols;
	}
	if (left >= 2 && s->nthreads > 0) {
		p->timeline = s->nthreads < left - 1 ? s->nthreads : left - 1;
		left -= 1 + p->timeline;
	}
	if (!p->columns && cols > 0 && left >= cols) {
		p->columns = m->ncols;
		left -= cols;
	}
	/* The history: a rule, its header and at least two searches. */
	if (left >= 4) {
		p->history =
		    left - 1 < 1 + UI_HISTORY ? left - 1 : 1 + UI_HISTORY;
		if (p->history > 1 + ui->hist.n + 2)
			p->history = 1 + (ui->hist.n > 2 ? ui->hist.n : 2);
		left -= 1 + p->history;
	}
	/* A legend line under each section that is shown whole. */
	if (left > 0 && p->threads == 1 + n && p->load) {
		p->legend_threads = true;
		left--;
	}
	if (left > 0 && p->timeline) {
		p->legend_timeline = true;
		left--;
	}
	if (left > 0 && p->totals) {
		p->legend_totals = true;
		left--;
	}
	if (left > 0 && p->history) {
		p->legend_history = true;
		left--;
	}
	/* Rows still left make the timeline taller, up to four rows a
	 * thread: its bars show the busy share in finer steps, and a large
	 * terminal's space is used by what a watcher wants more of. */
	p->tl_height = 1;
	if (p->timeline == s->nthreads && s->nthreads > 0) {
		int more = left / s->nthreads;
		p->tl_height = 1 + (more > 3 ? 3 : more);
	}
}

void
ui_panel_draw(struct ui *ui, WINDOW *w)
{
	int W = getmaxx(w), H = getmaxy(w);
	int width = W - 4, y, bottom = H - 4;
	/* The frame's model (ui_model_build(), once a frame): one search's
	 * values only, each with its origin. */
	const struct panel_model *m = &ui->model;
	const struct stats_snapshot *s = &m->s;
	struct panel_plan p;

	werase(w);
	ui_box(ui, w);
	panel_title(ui, w, m);
	panel_plan(ui, m, bottom - 1, width, &p);
	double recent[STATS_MAX_THREADS];
	for (int i = 0; i < s->nthreads; i++)
		recent[i] = m->th[i].recent;
	y = 1;
	y += ui_panel_threads(ui, w, y, 1, width + 1, p.threads, s, recent);
	if (p.legend_threads)
		panel_legend_line(w, y++,
		                  width >= 68 ? "work: its nodes/all  busy: "
		                                "searching/elapsed  1s: busy, "
		                                "last second"
		                              : "work: nodes/all  busy: "
		                                "search/elapsed");
	if (p.load)
		ui_panel_balance(ui, w, y++, 2, width, s);
	if (p.timeline) {
		panel_rule(ui, w, y++,
		           s->ranks ? "Timeline of the ranks: busy, idle"
		                    : "Timeline: busy, idle, stolen");
		y += ui_panel_timeline(ui, w, y, width, p.timeline, p.tl_height,
		                       m);
		if (p.legend_timeline)
			panel_legend_line(w, y++,
			                  width >= 64
			                      ? "a cell a snapshot (0.08s): "
			                        "height busy, dot idle, "
			                        "inverse a steal"
			                      : "a cell 0.08s: height busy, "
			                        "inverse steal");
	}
	if (p.totals) {
		panel_rule(ui, w, y++, "Totals");
		y += panel_totals(ui, w, y, width, p.totals, m);
		if (p.legend_totals && s->ranks)
			panel_legend_line(w, y++,
			                  width >= 64
			                      ? "hand-off: a task asked to it "
			                        "running  us: rank 0's time a "
			                        "message"
			                      : "hand-off: task asked to "
			                        "running");
		else if (p.legend_totals)
			panel_legend_line(w, y++,
			                  width >= 60
			                      ? "TT: table slots used, "
			                        "probes that hit  PV: the "
			                        "line expected"
			                      : "TT: slots used, hits  PV: "
			                        "line expected");
	}
	if (p.columns) {
		panel_rule(ui, w, y++, "Root columns");
		panel_columns(ui, w, y, p.columns, width, m);
		y += p.columns;
	}
	if (p.history) {
		panel_rule(ui, w, y++, "The AI's searches this game");
		y += panel_history(ui, w, y, p.history, width);
		if (p.legend_history)
			panel_legend_line(w, y++,
			                  width >= 56
			                      ? "imbal: max/mean busy time "
			                        "of the threads (1.00: even)"
			                      : "imbal: max/mean busy time");
	}
	/* The box ends under its content: on a tall terminal the rows no
	 * section can use stay outside it, below, rather than blank rows
	 * inside.  Settings take the box's bottom three rows (rule
	 * included). */
	if (y < bottom) {
		WINDOW *end;

		wmove(w, y, 0);
		wclrtobot(w);
		H = y + 4;
		bottom = y;
		end = derwin(w, 4, W, y, 0);
		if (end != NULL) {
			ui_box(ui, end);
			delwin(end);
		}
		touchwin(w);
	}
	panel_rule(ui, w, bottom, "Settings");
	panel_settings(ui, w, H - 3, width);
	wnoutrefresh(w);
}
