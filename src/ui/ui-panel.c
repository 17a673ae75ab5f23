/* ui-panel.c -- the live search panel beside the board: its drawing
 * helpers, its sections and their layout (the thread rows and the load
 * balance are ui-threads.c's, the timeline ui-timeline.c's).
 *
 * Drawn only from ui->snap, the stats_snapshot that ui-jobs.c takes with
 * engine_snapshot() 12 times a second while a search runs (and once when
 * it ends); never from live counters.  From the top:
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

/* What the snapshot on show is: "AI's move", "hint", "analysis". */
static const char *
snap_name(const struct ui *ui, const struct stats_snapshot *s)
{
	if (s == &ui->move_snap)
		return "AI's move";
	switch (ui->snap_job) {
	case UI_JOB_MOVE:
		return "AI's move";
	case UI_JOB_HINT:
		return "hint";
	case UI_JOB_ANALYSIS:
		return "analysis";
	default:
		return "last search";
	}
}

static void
panel_title(struct ui *ui, WINDOW *w, const struct stats_snapshot *s)
{
	char buf[128];
	const char *what;
	int p = game_to_move(&ui->game), room = getmaxx(w) - 5;

	if (room < 4)
		return;
	wmove(w, 0, 2);
	switch (ui->job) {
	case UI_JOB_MOVE: {
		attr_t a = ui_attr(ui, p == 1 ? UI_C_P1 : UI_C_P2) | A_BOLD;
		snprintf(buf, sizeof buf, " Search: %s ",
		         ui_player_name(ui, p));
		wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
		room -= ui_addn(w, buf, room);
		wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
		wattron(w, a);
		room -= ui_addn(w, ui_token(ui, p), room);
		wattroff(w, a);
		/* The time of the search on show: a toggle restarts it, and
		 * the title says so (the status line's think goes on). */
		if (s->ranks)
			snprintf(buf, sizeof buf, " thinking %.1fs, %d ranks ",
			         s->elapsed, s->nthreads);
		else
			snprintf(buf, sizeof buf, " thinking %.1fs%s ",
			         s->elapsed,
			         ui->restarted ? " since restart" : "");
		wattron(w, A_BOLD);
		ui_addn(w, buf, room);
		wattroff(w, A_BOLD);
		return;
	}
	case UI_JOB_HINT:
		snprintf(buf, sizeof buf, "hint %.1fs", s->elapsed);
		what = buf;
		break;
	case UI_JOB_ANALYSIS:
		snprintf(buf, sizeof buf, "analysis %.1fs", s->elapsed);
		what = buf;
		break;
	case UI_JOB_PONDER:
		/* The AI's own last search stays on show below. */
		if (ui->have_move_snap)
			snprintf(buf, sizeof buf,
			         "AI's move %.2fs%s%s, pondering %.0fs",
			         ui->move_snap.elapsed,
			         ui->move_source ? ", " : "",
			         ui->move_source ? ui->move_source : "",
			         ui_now() - ui->job_t0);
		else
			snprintf(buf, sizeof buf, "AI pondering %.0fs",
			         ui_now() - ui->job_t0);
		what = buf;
		break;
	default:
		if (ui->paused)
			what = "paused";
		else if (ui->have_move_snap && ui->move_source != NULL &&
		         ui->res_moves + 1 == ui->game.board.moves) {
			snprintf(buf, sizeof buf, "AI's move from the %s",
			         ui->move_source);
			what = buf;
		} else if (ui->have_snap && s->nthreads > 0) {
			/* The time of the search the panel shows, as its
			 * totals give it. */
			snprintf(buf, sizeof buf, "%s, %.2fs", snap_name(ui, s),
			         s->elapsed);
			what = buf;
		} else
			what = "idle";
		break;
	}
	wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	room -= ui_addn(w, " Search: ", room);
	wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	if (ui->job != UI_JOB_NONE)
		wattron(w, A_BOLD);
	ui_addn(w, what, room);
	ui_addn(w, " ", room - ui_cells(what));
	wattroff(w, A_BOLD);
}

/* ---- totals ------------------------------------------------------------ */

/* Rows the totals take: four, the move played when there is one, and
 * the speed's factors when they are known. */
/* The one-thread rate the factors compare with: one thread on the
 * position of the AI's last search, once measured (*here), else the
 * session's (engine_calibrate()); 0 none. */
static double
factor_base(const struct ui *ui, const struct stats_snapshot *s, bool *here)
{
	*here = s == &ui->move_snap && ui->pos_nps > 0;
	return *here ? ui->pos_nps : ui->one_nps;
}

static bool
has_factors(const struct ui *ui, const struct stats_snapshot *s)
{
	bool here;
	return factor_base(ui, s, &here) > 0 && s->nodes > 0 &&
	       s->nthreads > 0 && !s->ranks && s->elapsed > 0;
}

static int
totals_rows(const struct ui *ui, const struct stats_snapshot *s)
{
	return 4 + (ui->move_why[0] != '\0' && s == &ui->move_snap) +
	       has_factors(ui, s);
}

/* The speed's factors that can be measured live: the threads' mean busy
 * fraction, and the node rate per busy thread against one thread alone:
 * for the AI's last search, one thread on its position, measured once the
 * search ended (engine_measure_position()), the session's figure beside
 * it; else, and until then, the session's (engine_calibrate(): measured
 * once, on a fixed position).  Their product times the threads is the
 * rate against one thread. */
static void
panel_factors(const struct ui *ui, WINDOW *w, int y, int width,
              const struct stats_snapshot *s)
{
	char a[16], c[16];
	struct stats_speedup f;
	bool here;

	const double base = factor_base(ui, s, &here);
	stats_live_factors(s, base, &f);
	const double busy = f.busy, speed = f.node_speed;
	char buf[192];
	util_si(a, sizeof a, base);
	util_si(c, sizeof c, ui->one_nps);
	int len =
	    here && ui->one_nps > 0
	        ? snprintf(buf, sizeof buf,
	                   "%d x busy %.0f%% x node speed %.2f = %.2f x one "
	                   "thread alone (%s n/s on this position; %s this "
	                   "session)",
	                   s->nthreads, busy * 100, speed,
	                   s->nthreads * busy * speed, a, c)
	        : snprintf(buf, sizeof buf,
	                   "%d x busy %.0f%% x node speed %.2f = %.2f x one "
	                   "thread alone (%s n/s, measured %s)",
	                   s->nthreads, busy * 100, speed,
	                   s->nthreads * busy * speed, a,
	                   here ? "on this position" : "this session");
	if (len > width)
		len = snprintf(
		    buf, sizeof buf,
		    "%d x busy %.0f%% x node speed %.2f = %.2f x one "
		    "thread",
		    s->nthreads, busy * 100, speed, s->nthreads * busy * speed);
	if (len > width)
		snprintf(buf, sizeof buf,
		         "%d x busy %.0f%% x speed %.2f = %.2f", s->nthreads,
		         busy * 100, speed, s->nthreads * busy * speed);
	ui_puts_box(w, y, 2, buf);
}

/* The proof beside the depth-limited search, its rows p0.. on the panel
 * (s->beside_rows): its threads, nodes and state, from its own snapshot
 * (ui->proof): proving (running), proven (every legal column of the root
 * done), or gave up when its time ran out or the search stopped it. */
static void
proof_words(const struct ui *ui, const struct stats_snapshot *s, char *buf,
            size_t size)
{
	const struct stats_snapshot *p = &ui->proof;
	char a[16];
	bool proven = ui_proof_proven(p);
	util_si(a, sizeof a, (double)p->nodes);
	if (p->running && s->running)
		snprintf(buf, size, ", proof on p0-p%d: proving %.1fs, %s",
		         s->beside_rows - 1, p->elapsed, a);
	else if (proven)
		snprintf(buf, size, ", proof on p0-p%d: proven, %s",
		         s->beside_rows - 1, a);
	else
		snprintf(buf, size, ", proof on p0-p%d: gave up at %.1fs, %s",
		         s->beside_rows - 1, p->elapsed, a);
}

static int
panel_totals(struct ui *ui, WINDOW *w, int y, int width, int rows,
             const struct stats_snapshot *s, bool hidden)
{
	char a[16], b[16], c[16], d[16], buf[256];
	int len, used = 0;

	if (rows <= 0)
		return 0;
	ui_panel_printf(w, y + used++, 2, "nodes %s  %s n/s  %.2fs",
	                util_si(a, sizeof a, (double)s->nodes),
	                util_si(b, sizeof b, s->nps), s->elapsed);

	if (used < rows && has_factors(ui, s))
		panel_factors(ui, w, y + used++, width, s);

	/* The move played against the search's best (the AI's own). */
	if (used < rows && ui->move_why[0] != '\0' && s == &ui->move_snap) {
		wattron(w, A_BOLD);
		ui_panel_printf(w, y + used++, 2, "played %s",
		                7 + ui_cells(ui->move_why) <= width
		                    ? ui->move_why
		                    : ui->move_why_short);
		wattroff(w, A_BOLD);
	}

	if (used < rows) {
		if (s->nthreads == 0)
			snprintf(buf, sizeof buf, "depth -");
		else if (s->exact)
			snprintf(buf, sizeof buf, "%s",
			         s->running ? "solving, exact" : "exact");
		else if (ui->level >= 0)
			snprintf(buf, sizeof buf, "depth %d", s->depth);
		else
			/* Against the depth that search was asked for, not
			 * the setting changed since (+ -). */
			snprintf(buf, sizeof buf, "depth %d/%d", s->depth,
			         ui->perfect           ? s->depth
			         : s == &ui->move_snap ? ui->move_depth
			                               : ui->job_depth);
		len = (int)strlen(buf);
		if (s->beside_rows > 0) {
			proof_words(ui, s, buf + len, sizeof buf - len);
			len = (int)strlen(buf);
		} else if (s->beside > 0 && s->running) {
			snprintf(buf + len, sizeof buf - len,
			         ", a proof beside on %d", s->beside);
			len = (int)strlen(buf);
		}
		if (s->ranks)
			snprintf(buf + len, sizeof buf - len, "  %s",
			         s->tables == 1 ? "one table for all ranks"
			         : s->tables < s->nthreads ? "a table a machine"
			                                   : "a table a rank");
		else
			snprintf(buf + len, sizeof buf - len,
			         "  TT %.0f%% full, %.0f%% hits",
			         s->tt_fill * 100, s->tt_hitrate * 100);
		ui_puts_box(w, y + used++, 2, buf);
	}

	if (used < rows) {
		if (s->ranks) {
			uint64_t tasks = 0;
			for (int i = 0; i < s->nthreads; i++)
				tasks += s->thread[i].run;
			/* and the network: messages both ways and their
			 * bytes, each a rate over the search so far */
			double t = s->elapsed > 0 ? s->elapsed : 1;
			snprintf(
			    buf, sizeof buf,
			    "tasks %s to %d ranks, %s msgs %s/s %sB/s",
			    util_si(a, sizeof a, (double)tasks), s->nthreads,
			    util_si(b, sizeof b, (double)s->net_msgs),
			    util_si(c, sizeof c, (double)s->net_msgs / t),
			    util_si(d, sizeof d, (double)s->net_bytes / t));
		} else {
			snprintf(buf, sizeof buf, "tasks %s spawned, %s stolen",
			         util_si(a, sizeof a, (double)s->spawned),
			         util_si(b, sizeof b, (double)s->stolen));
		}
		ui_puts_box(w, y + used++, 2, buf);
	}

	if (used < rows) {
		len = snprintf(buf, sizeof buf, "PV%s",
		               hidden ? " hidden (the AI's ponder)" : "");
		for (int i = 0; i < s->pv_len && !hidden && len < 200; i++)
			len += snprintf(buf + len, sizeof buf - len, " %c",
			                board_col_char(s->pv[i]));
		if (len > width && width > 3) {
			buf[width - 3] = '\0';
			strcat(buf, "...");
		}
		ui_puts_box(w, y + used++, 2, buf);
	}
	return used;
}

/* ---- root columns ------------------------------------------------------ */

/* The panel's own state of a column: one the search ended without
 * finishing (enum col_state's values end at COL_SKIPPED). */
#define COL_UNFINISHED (COL_SKIPPED + 1)

/* The AI's move on show came from the opening book: the position it was
 * played from into *root, and true. */
static bool
book_move_root(const struct ui *ui, const struct stats_snapshot *s,
               board_t *root)
{
	const struct game *g = &ui->game;

	if (s != &ui->move_snap || ui->move_source == NULL ||
	    strcmp(ui->move_source, "book") != 0 || ui->session->book == NULL ||
	    g->nmoves < 1 || ui->res_moves + 1 != g->board.moves)
		return false;
	board_init(root, g->w, g->h);
	for (int i = 0; i < g->nmoves - 1; i++)
		board_play(root, g->moves[i]);
	return true;
}

/* The book's exact value of column c of root (the mover's), into *col:
 * false where the book does not hold the position after it. */
static bool
book_column(const struct ui *ui, const board_t *root, int c,
            struct stats_column_snap *col)
{
	board_t nb = *root;
	int known;

	if (!board_can_play(root, c))
		return false;
	col->kind = SCORE_EXACT;
	if (board_is_winning_move(root, c)) {
		col->score = board_max_score(root);
		return true;
	}
	board_play(&nb, c);
	if (!book_probe(ui->session->book, &nb, &known))
		return false;
	col->score = -known;
	return true;
}

/* The root columns of the snapshot's search, in words; on a wide panel
 * each column's share of the root's nodes as a bar.  After a move from
 * the opening book, the book's exact value of every column it holds. */
static void
panel_columns(struct ui *ui, WINDOW *w, int y, int rows, int width,
              const struct stats_snapshot *s, bool hidden)
{
	char words[64], a[16], buf[160];
	static const char *const state[] = {
	    [COL_ILLEGAL] = "full",        [COL_WAITING] = "waiting",
	    [COL_SEARCHING] = "searching", [COL_DONE] = "",
	    [COL_SKIPPED] = "not needed",  [COL_UNFINISHED] = "unfinished",
	};
	/* Words need the root: that of the last search started. */
	const board_t *root = &ui->job_root;
	bool same = ui->job_root.w > 0;
	board_t broot;
	const bool book = !hidden && book_move_root(ui, s, &broot);
	if (book)
		root = &broot, same = true;
	uint64_t total = 0;
	int bar = width >= 70 ? width - 56 : 0;

	if (bar > 30)
		bar = 30;
	for (int c = 0; c < s->ncols; c++)
		total += s->col[c].nodes;
	for (int c = 0; c < s->ncols && c < rows; c++) {
		struct stats_column_snap stale = s->col[c];
		const struct stats_column_snap *col = &s->col[c];
		/* A search that ended leaves no column searching or waiting:
		 * those it did not finish (stopped, its time up, the proof
		 * beside it done first) say so. */
		if (!s->running && (col->state == COL_SEARCHING ||
		                    col->state == COL_WAITING)) {
			stale.state = COL_UNFINISHED;
			col = &stale;
		}
		if (book && col->state != COL_ILLEGAL) {
			stale.state = COL_DONE;
			if (!book_column(ui, root, c, &stale))
				stale.kind = SCORE_NONE;
			col = &stale;
		}
		if (book && col->state != COL_ILLEGAL) {
			if (col->kind == SCORE_NONE)
				snprintf(words, sizeof words, "?");
			else
				score_words(root, col->kind, col->score, words,
				            sizeof words);
			snprintf(buf, sizeof buf, "%c  %-16s %5s %s",
			         ui_col_char(c), words, "",
			         col->kind == SCORE_NONE ? "not in the book"
			                                 : "book, exact");
		} else if (col->state == COL_ILLEGAL) {
			snprintf(buf, sizeof buf, "%c  -", ui_col_char(c));
		} else if (hidden || col->kind == SCORE_NONE || !same) {
			snprintf(buf, sizeof buf, "%c  %-16s %5s %s",
			         ui_col_char(c),
			         hidden                    ? "hidden"
			         : col->kind != SCORE_NONE ? ""
			         : col->state == COL_SKIPPED ||
			                 col->state == COL_UNFINISHED
			             ? "-"
			             : "?",
			         util_si(a, sizeof a, (double)col->nodes),
			         state[col->state]);
		} else {
			score_words(root, col->kind, col->score, words,
			            sizeof words);
			snprintf(buf, sizeof buf, "%c  %-16s %5s %s",
			         ui_col_char(c), words,
			         util_si(a, sizeof a, (double)col->nodes),
			         state[col->state]);
		}
		/* The threads working under this column now. */
		int in = 0;
		for (int i = 0; s->running && i < s->nthreads; i++)
			in +=
			    s->thread[i].root_col == c &&
			    (ui_timeline_at(&ui->tl, i, 0) & ~UI_TL_STOLE) > 1;
		if (in > 0) {
			size_t len = strlen(buf);
			snprintf(buf + len, sizeof buf - len, " [%d %s%s]", in,
			         s->ranks ? "rank" : "thread",
			         in == 1 ? "" : "s");
		}
		ui_puts_box(w, y + c, 2, buf);
		/* The bar just past the widest words (56 cells in), next to
		 * the numbers however wide the panel. */
		if (bar > 0 && col->state != COL_ILLEGAL && total > 0)
			ui_bar(ui, w, y + c, 55, bar, (double)col->nodes,
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

	if (ui->level >= 0 && !levels[ui->level].perfect)
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
	bool legend_threads, legend_timeline, legend_totals, legend_history;
};

static void
panel_plan(const struct ui *ui, const struct stats_snapshot *s, int rows,
           struct panel_plan *p)
{
	int n = s->nthreads > 0 ? s->nthreads : 1, left = rows;
	int want_totals = totals_rows(ui, s);

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
	/* The timeline: a rule and a row a thread. */
	if (left >= 2 && s->nthreads > 0) {
		p->timeline = s->nthreads < left - 1 ? s->nthreads : left - 1;
		left -= 1 + p->timeline;
	}
	/* The root columns, whole. */
	if (s->ncols > 0 && left >= 1 + s->ncols) {
		p->columns = s->ncols;
		left -= 1 + s->ncols;
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
}

void
ui_panel_draw(struct ui *ui, WINDOW *w)
{
	int W = getmaxx(w), H = getmaxy(w);
	int width = W - 4, y, bottom = H - 4;
	/* While the AI ponders (and after), its own last search stays on
	 * show: a ponder's snapshot is never drawn. */
	const struct stats_snapshot *s =
	    (ui->scores_hidden || ui->job == UI_JOB_NONE) &&
	            ui->have_move_snap &&
	            (ui->scores_hidden || ui->snap_job == UI_JOB_MOVE ||
	             ui->snap_job == UI_JOB_PONDER)
	        ? &ui->move_snap
	        : &ui->snap;
	/* The AI's own search is shown whole; only a ponder's is hidden. */
	const bool hidden = ui->scores_hidden && s == &ui->snap;
	struct panel_plan p;

	werase(w);
	ui_box(ui, w);
	panel_title(ui, w, s);
	panel_plan(ui, s, bottom - 1, &p);
	y = 1;
	y += ui_panel_threads(ui, w, y, 1, width + 1, p.threads, s);
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
		y += ui_panel_timeline(ui, w, y, width, p.timeline, s);
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
		y += panel_totals(ui, w, y, width, p.totals, s, hidden);
		if (p.legend_totals)
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
		panel_columns(ui, w, y, p.columns, width, s, hidden);
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
