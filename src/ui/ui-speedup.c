/* ui-speedup.c -- the speedup screen: the reports' speedup graph, live.
 *
 * It searches the current position with 1, 2, ... N threads in turn (N is
 * the thread setting, at least 2), at each count from 2 up once with each
 * split scheme (deep, root, lazy), each run on an empty transposition
 * table.  During a run it draws the per-thread rows of the live panel; as
 * each run finishes it adds a row to the table (time, speedup and where it
 * goes: threads x busy x node speed / node overhead, stats_speedup_factors()
 * against the one-thread run; the imbalance of busy time) and a point to
 * the scheme's speedup curve, drawn against the ideal line.  Perfect play
 * solves exactly; depth-limited play searches to the depth setting.  The runs
 * start through the job API (ui_job_start()) and the keys are the key table's
 * (p, + -, T t act as in the game and restart the runs through
 * ui-keys-search.c's settings_changed()).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui/ui-int.h"

/* The one-thread run is made at least this long (seconds) before the
 * others are timed against it: deeper, or from earlier in the game. */
#define UI_SPEEDUP_TARGET_S 0.5
/* The depth a depth-limited choice starts from with a level on (the
 * level's own searches are timed, not depth-limited). */
#define UI_SPEEDUP_START_DEPTH 12
/* A run shorter than this is timed to worse than a tenth of itself by
 * the milliseconds the table shows: its figures are marked. */
#define UI_SPEEDUP_NOISE_S 0.01
#include "core/util.h"

/* Start the run of t threads with scheme `scheme` once the table is empty
 * (ui_speedup_poll() starts it): a search started before the clear ends
 * would empty the table on its own clock. */
static void
speedup_run(struct ui *ui, int t, int scheme)
{
	struct ui_speedup *su = &ui->speedup;

	engine_clear(ui->engine);
	su->lim.threads = t;
	su->lim.split = (enum split_scheme)scheme;
	su->cur = t;
	su->scheme = scheme;
	su->clearing = true;
	su->t0 = ui_now();
}

/* The game's position less `back` moves. */
static void
speedup_root(struct ui *ui)
{
	struct ui_speedup *su = &ui->speedup;
	const struct game *g = &ui->game;

	board_init(&su->root, g->w, g->h);
	for (int i = 0; i < g->nmoves - su->back; i++)
		board_play(&su->root, g->moves[i]);
}

/* The limits of the runs: the mode and depth, the split's settings; no
 * book, no proof beside, no level, no time: the same search each time. */
static void
speedup_limits(struct ui *ui, struct search_limits *lim)
{
	struct search_limits l;

	ui_limits(ui, &l);
	search_limits_default(lim);
	lim->mode = l.mode == SEARCH_EXACT || l.mode == SEARCH_AVERAGE
	                ? l.mode
	                : SEARCH_DEPTH;
	lim->split_depth = l.split_depth;
	lim->no_ordering = l.no_ordering;
	if (lim->mode != SEARCH_EXACT) {
		int d = ui->level >= 0 ? UI_SPEEDUP_START_DEPTH : ui->depth;
		if (ui->level >= 0 && ui->move.have && ui->move.snap.depth > 0)
			d = ui->move.snap.depth;
		lim->depth = d < 1                  ? 1
		             : d > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH
		                                    : d;
	}
}

/* From one thread to n, with the current settings. */
static void
speedup_begin(struct ui *ui, int n)
{
	struct ui_speedup *su = &ui->speedup;

	/* The game's search it interrupts ends as stopped, not done. */
	if (ui->job != UI_JOB_NONE)
		ui_cancel(ui);
	memset(su, 0, sizeof *su);
	su->on = true;
	su->n = n < 2 ? 2 : n > ui->max_threads ? ui->max_threads : n;
	speedup_root(ui);
	speedup_limits(ui, &su->lim);
	su->depth0 = su->lim.depth;
	su->choosing = true;
	su->move = -1;
	speedup_run(ui, 1, SPLIT_DEEP);
}

void
ui_speedup_open(struct ui *ui)
{
	if (ui->game.state != GAME_ON) {
		ui_message(ui, true, "the game is over: nothing to solve");
		return;
	}
	ui->move_pending = false;
	ui->anim.on = false;
	speedup_begin(ui, ui->threads > 1 ? ui->threads : util_ncpus());
	clearok(curscr, TRUE);
	ui->dirty |= UI_DIRTY_ALL;
}

void
ui_speedup_restart(struct ui *ui)
{
	/* The thread setting (T, t) is the largest thread count. */
	speedup_begin(ui, ui->threads);
	ui->dirty |= UI_DIRTY_PANEL;
}

void
ui_speedup_close(struct ui *ui)
{
	if (ui->job == UI_JOB_SPEEDUP)
		engine_cancel(ui->engine);
	ui->job = UI_JOB_NONE;
	ui->speedup.on = false;
	ui->legend = false;
	ui->have_res = false;
	ui->dirty |= UI_DIRTY_ALL;
	ui_think(ui);
}

/* A one-thread run of secs seconds that went to depth `depth` was too
 * short: the next is deeper, or from a move earlier; false when there
 * is nothing longer to run. */
static bool
speedup_lengthen(struct ui *ui, double secs, int depth)
{
	struct ui_speedup *su = &ui->speedup;
	const int empty = su->root.w * su->root.h - su->root.moves;

	if (secs >= UI_SPEEDUP_TARGET_S)
		return false;
	if (su->lim.mode == SEARCH_DEPTH && depth >= su->lim.depth &&
	    su->lim.depth < empty && su->lim.depth < SEARCH_MAX_DEPTH) {
		su->lim.depth++;
	} else if (su->back < ui->game.nmoves) {
		su->back++;
		speedup_root(ui);
	} else {
		return false;
	}
	su->short_s = secs;
	su->tries++;
	speedup_run(ui, 1, SPLIT_DEEP);
	return true;
}

/* Record the run that ended with r (its time and busy time from its own
 * statistics, which start after the table's clear). */
static void
speedup_record(struct ui *ui, const struct search_result *r)
{
	struct ui_speedup *su = &ui->speedup;
	const int t = su->cur, k = su->scheme;
	const struct stats_snapshot *s = &ui->snap;

	su->secs[k][t] = s->end_ns > s->start_ns && s->nthreads > 0 ? s->elapsed
	                 : r->seconds > 0                           ? r->seconds
	                                  : ui_now() - su->t0;
	su->nodes[k][t] = r->nodes;
	su->busy[k][t] = s->busy_total_s;
	su->threads[k][t] = s->nthreads > 0 ? s->nthreads : t;
	su->imbalance[k][t] = s->imbalance;
	if (t == 1) {
		su->score = r->score;
		su->kind = r->kind;
		su->move = r->move;
		/* One thread splits nothing: the same run for every scheme. */
		for (int j = 0; j < SPLIT_NSCHEMES; j++) {
			su->secs[j][1] = su->secs[k][1];
			su->nodes[j][1] = su->nodes[k][1];
			su->busy[j][1] = su->busy[k][1];
			su->threads[j][1] = su->threads[k][1];
			su->imbalance[j][1] = su->imbalance[k][1];
		}
	}
	ui_log(ui,
	       "speedup threads %d split %s depth %d back %d time %.4f "
	       "nodes %llu busy %.4f",
	       t, search_split_names[k], su->lim.depth, su->back,
	       su->secs[k][t], (unsigned long long)r->nodes, su->busy[k][t]);
}

bool
ui_speedup_poll(struct ui *ui)
{
	struct ui_speedup *su = &ui->speedup;
	struct search_result r;

	if (su->on && su->clearing && ui->job == UI_JOB_NONE) {
		if (engine_clear_pending(ui->engine))
			return false;
		su->clearing = false;
		ui_job_start(ui, UI_JOB_SPEEDUP, &su->root, &su->lim);
		su->t0 = ui->job_t0;
		return true;
	}
	if (!su->on || ui->job != UI_JOB_SPEEDUP ||
	    !engine_poll(ui->engine, ui->job_id, &r))
		return false;
	ui->job = UI_JOB_NONE;
	ui_snapshot(ui);
	const int t = su->cur, k = su->scheme;
	speedup_record(ui, &r);
	if (t == 1 && su->choosing) {
		if (speedup_lengthen(ui, su->secs[k][t], r.depth)) {
			ui->dirty |= UI_DIRTY_PANEL;
			return true;
		}
		su->choosing = false;
		su->short_end = su->secs[k][t] < UI_SPEEDUP_TARGET_S;
	}
	if (t > 1 && k + 1 < SPLIT_NSCHEMES)
		speedup_run(ui, t, k + 1);
	else if (t < su->n)
		speedup_run(ui, t + 1, SPLIT_DEEP);
	else
		su->finished = true;
	ui->dirty |= UI_DIRTY_PANEL;
	return true;
}

/* The speedup of scheme k at t threads, 0 if not run or timed too
 * coarsely. */
static double
speedup_of(const struct ui_speedup *su, int k, int t)
{
	return su->secs[k][t] >= UI_SPEEDUP_NOISE_S &&
	               su->secs[k][1] >= UI_SPEEDUP_NOISE_S && !su->choosing
	           ? su->secs[k][1] / su->secs[k][t]
	           : 0;
}

/* The letter of scheme k on the curve (deep: the point). */
static const char *
scheme_mark(const struct ui *ui, int k)
{
	static const char *const marks[SPLIT_NSCHEMES] = {"*", "r", "l"};
	if (k == SPLIT_DEEP && ui->utf8)
		return "\u25cf";
	return marks[k];
}

/* v in exactly `width` characters (with `unit` after it, counted): as
 * many decimals as fit, at most `dec`; a value too large for the column
 * is its largest, after a '>'. */
static void
speedup_fixed(char *out, size_t len, int width, int dec, double v,
              const char *unit)
{
	const int w = width - (int)strlen(unit);

	for (int d = dec; d >= 0; d--)
		if (snprintf(out, len, "%*.*f%s", w, d, v, unit) <= width)
			return;
	snprintf(out, len, ">%.*s%s", w - 1, "999999999", unit);
}

/* One row of the table: t threads, scheme k (-1: the one-thread run).
 * Every column has its fixed width (the header's); a run shorter than
 * UI_SPEEDUP_NOISE_S has its time marked '~' and no factors. */
static void
speedup_table_row(struct ui *ui, int y, int x, int width, int t, int k)
{
	struct ui_speedup *su = &ui->speedup;
	const int kk = k < 0 ? 0 : k;
	const char mark = t > util_ncpus() ? '*' : ' ';
	const char *name = k < 0 ? "-" : search_split_names[k];
	char tm[16], f1[16], f2[16], f3[16], f4[16], f5[16], buf[128];

	if (su->secs[kk][t] > 0 && !(t == 1 && su->choosing)) {
		struct stats_speedup f;
		const double secs = su->secs[kk][t];
		const bool noise = secs < UI_SPEEDUP_NOISE_S ||
		                   su->secs[kk][1] < UI_SPEEDUP_NOISE_S;
		stats_speedup_factors(su->secs[kk][1], su->nodes[kk][1],
		                      su->threads[kk][t], secs,
		                      su->nodes[kk][t], su->busy[kk][t], &f);
		speedup_fixed(tm, sizeof tm, 7, 3, secs, noise ? "s~" : "s");
		if (noise || f.speedup <= 0) {
			snprintf(buf, sizeof buf, "%2d%c %-4s %7s %7s", t, mark,
			         name, tm, "-");
		} else {
			speedup_fixed(f1, sizeof f1, 7, 2, f.speedup, "x");
			speedup_fixed(f2, sizeof f2, 4, 0, 100 * f.busy, "%");
			speedup_fixed(f3, sizeof f3, 5, 2, f.node_speed, "");
			speedup_fixed(f4, sizeof f4, 5, 2, f.node_overhead, "");
			speedup_fixed(f5, sizeof f5, 5, 2, su->imbalance[kk][t],
			              "");
			snprintf(buf, sizeof buf,
			         "%2d%c %-4s %7s %s %s %s %s %s", t, mark, name,
			         tm, f1, f2, f3, f4, f5);
		}
		mvaddnstr(y, x, buf, width);
	} else if (t == su->cur && kk == su->scheme &&
	           (ui->job == UI_JOB_SPEEDUP || su->clearing)) {
		speedup_fixed(tm, sizeof tm, 7, 1, ui_now() - su->t0, "s");
		snprintf(buf, sizeof buf, "%2d%c %-4s %7s %s", t, mark, name,
		         tm,
		         su->clearing             ? "clearing the table"
		         : su->choosing && t == 1 ? "running (choosing the run)"
		                                  : "running");
		attron(A_BOLD);
		mvaddnstr(y, x, buf, width);
		attroff(A_BOLD);
	} else {
		snprintf(buf, sizeof buf, "%2d%c %-4s %7s", t, mark, name, "-");
		attron(A_DIM);
		mvaddnstr(y, x, buf, width);
		attroff(A_DIM);
	}
}

/* The note under the table, dim, on row y: false when it does not fit. */
static bool
speedup_note(int y, int x, int width, const char *text)
{
	attron(A_DIM);
	mvaddnstr(y, x, text, width);
	attroff(A_DIM);
	return true;
}

/* The table of the runs: at each thread count, each scheme's speedup and
 * its factors (speedup = threads x busy x speed / ovhd); returns the rows
 * used. */
static int
speedup_table(struct ui *ui, int y, int x, int width, int maxrows)
{
	struct ui_speedup *su = &ui->speedup;
	char buf[128];
	int ncpu = util_ncpus(), used = 0;
	bool noise = false;

	attron(A_BOLD);
	mvaddnstr(y, x, "thr split   time speedup busy speed  ovhd imbal",
	          width);
	attroff(A_BOLD);
	used++;
	if (used < maxrows)
		speedup_note(y + used++, x, width,
		             " speedup = thr x busy x speed / ovhd");
	for (int t = 1; t <= su->n && used < maxrows; t++)
		for (int k = t == 1 ? -1 : 0;
		     k < (t == 1 ? 0 : SPLIT_NSCHEMES) && used < maxrows; k++)
			speedup_table_row(ui, y + used++, x, width, t, k);
	for (int k = 0; k < SPLIT_NSCHEMES; k++)
		for (int t = 1; t <= su->n; t++)
			if (su->secs[k][t] > 0 &&
			    su->secs[k][t] < UI_SPEEDUP_NOISE_S &&
			    !(t == 1 && su->choosing))
				noise = true;
	if (noise && used < maxrows) {
		snprintf(buf, sizeof buf,
		         " ~ under %.0f ms, near the times' 1 ms resolution",
		         UI_SPEEDUP_NOISE_S * 1e3);
		speedup_note(y + used++, x, width, buf);
	}
	if (su->n > ncpu && used < maxrows) {
		snprintf(buf, sizeof buf, " * more threads than the %d cores",
		         ncpu);
		speedup_note(y + used++, x, width, buf);
	}
	return used;
}

/* Every scheme's measured points on the chart (rows y0 + 1 .. y0 + pr,
 * columns from xa, pw wide, speedups up to ymax).  Points that fall on
 * one cell are all shown: a later scheme's goes beside the earlier's,
 * inwards (to the right in the chart's left half, else to the left), so
 * that none covers the axis: at one thread every scheme's point is 1.00,
 * `*rl`. */
static void
speedup_points(struct ui *ui, int y0, int pr, int xa, int pw, double ymax)
{
	const struct ui_speedup *su = &ui->speedup;
	const int n = su->n;
	attr_t ma = ui_attr(ui, UI_C_BAR) | A_BOLD;

	attron(ma);
	for (int t = 1; t <= n; t++) {
		int used[SPLIT_NSCHEMES], nused = 0;
		for (int k = 0; k < SPLIT_NSCHEMES; k++) {
			const double v = speedup_of(su, k, t);
			if (!(v > 0))
				continue;
			int y = y0 + 1 + (pr - 1) -
			        (int)lround(v / ymax * (pr - 1));
			int x = xa + 1 +
			        (int)lround((t - 1) * (double)(pw - 2) /
			                    (n > 1 ? n - 1 : 1));
			const int step = x - xa <= pw / 2 ? 1 : -1;
			int off = 0;
			for (int j = 0; j < nused; j++)
				if (used[j] == y * 1000 + x + off) {
					off += step;
					j = -1;
				}
			used[nused++] = y * 1000 + x + off;
			mvaddstr(y, x + off, scheme_mark(ui, k));
		}
	}
	attroff(ma);
}

/* Speedup against threads, with the ideal line y = x. */
static void
speedup_chart(struct ui *ui, int y0, int x0, int w, int h)
{
	struct ui_speedup *su = &ui->speedup;
	int n = su->n, pr = h - 3, pw = w - 5, xa = x0 + 3;
	double ymax = n;
	const char *ideal = ui->utf8 ? "\u00b7" : ".";
	/* The path differs from the ideal line by shape, not colour alone. */
	const char *path = "+";
	attr_t ma = ui_attr(ui, UI_C_BAR) | A_BOLD;
	char lab[16];

	if (pr < 3 || pw < 2 * n || pw < 8)
		return;
	for (int k = 0; k < SPLIT_NSCHEMES; k++)
		for (int t = 1; t <= n; t++)
			if (speedup_of(su, k, t) > ymax)
				ymax = ceil(speedup_of(su, k, t));
#define ROW(v) (y0 + 1 + (pr - 1) - (int)lround((v) / ymax * (pr - 1)))
#define COL(t)                                                                 \
	(xa + 1 + (int)lround(((t)-1) * (double)(pw - 2) / (n > 1 ? n - 1 : 1)))
	attron(A_BOLD);
	mvaddnstr(y0, x0, "speedup", w);
	attroff(A_BOLD);
	/* The legend, as far as it fits: "* deep r root l lazy . ideal". */
	int lx = x0 + 7;
	for (int k = 0; k <= SPLIT_NSCHEMES; k++) {
		const char *word =
		    k < SPLIT_NSCHEMES ? search_split_names[k] : "ideal";
		int len = 3 + (int)strlen(word);
		if (lx + len > x0 + w)
			break;
		if (k < SPLIT_NSCHEMES)
			attron(ma);
		else
			attron(A_DIM);
		mvaddstr(y0, lx + 1,
		         k < SPLIT_NSCHEMES ? scheme_mark(ui, k) : ideal);
		attroff(k < SPLIT_NSCHEMES ? ma : A_DIM);
		mvaddstr(y0, lx + 3, word);
		lx += len;
	}
	/* axes */
	for (int r = 0; r < pr; r++)
		mvaddstr(y0 + 1 + r, xa, ui->utf8 ? "\u2502" : "|");
	mvaddstr(y0 + 1 + pr, xa, ui->utf8 ? "\u2514" : "+");
	for (int x = xa + 1; x < xa + pw; x++)
		addstr(ui->utf8 ? "\u2500" : "-");
	for (int v = 0; v <= (int)ymax; v++) {
		if ((int)ymax > pr - 1 && v % 2 && v != (int)ymax)
			continue;
		snprintf(lab, sizeof lab, "%2d", v);
		mvaddstr(ROW(v), x0, lab);
	}
	for (int t = 1; t <= n; t++) {
		if (n > (pw - 2) / 3 && t % 2 == 0 && t != n)
			continue;
		snprintf(lab, sizeof lab, "%d", t);
		mvaddstr(y0 + 2 + pr, COL(t), lab);
	}
	/* the ideal line, then the measured path and points on top */
	attron(A_DIM);
	for (int x = xa + 1; x < xa + pw; x++) {
		double t = 1 + (x - xa - 1) * (double)(n - 1) / (pw - 2);
		if (t <= n)
			mvaddstr(ROW(t), x, ideal);
	}
	attroff(A_DIM);
	/* deep's path; every scheme's points */
	attron(ui_attr(ui, UI_C_BAR));
	for (int t = 1; t < n; t++) {
		double s0 = speedup_of(su, SPLIT_DEEP, t);
		double s1 = speedup_of(su, SPLIT_DEEP, t + 1);
		if (!(s0 > 0 && s1 > 0))
			continue;
		for (int x = COL(t) + 1; x < COL(t + 1); x++) {
			double f = (double)(x - COL(t)) / (COL(t + 1) - COL(t));
			mvaddstr(ROW(s0 + f * (s1 - s0)), x, path);
		}
	}
	attroff(ui_attr(ui, UI_C_BAR));
	speedup_points(ui, y0, pr, xa, pw, ymax);
#undef ROW
#undef COL
}

/* What the runs are: the run chosen, or the choice so far, in words. */
static void
speedup_chosen(const struct ui *ui, char *buf, size_t len)
{
	const struct ui_speedup *su = &ui->speedup;
	char at[64] = "", one[16];
	int n = 0;

	if (su->secs[0][1] < 0.001)
		snprintf(one, sizeof one, "under 1 ms");
	else
		snprintf(one, sizeof one, "%.3fs", su->secs[0][1]);

	if (su->lim.mode != SEARCH_EXACT && su->lim.depth != su->depth0)
		n += snprintf(at + n, sizeof at - n, "depth %d from %d",
		              su->lim.depth, su->depth0);
	if (su->back > 0)
		snprintf(at + n, sizeof at - n, "%s%d move%s back",
		         n ? ", " : "", su->back, su->back == 1 ? "" : "s");
	if (su->choosing && su->short_s > 0)
		snprintf(
		    buf, len,
		    "choosing the run: one thread took %.3fs, under %.2fs: "
		    "now %s",
		    su->short_s, UI_SPEEDUP_TARGET_S, at);
	else if (su->choosing)
		snprintf(buf, len,
		         "choosing the run: one thread for at least %.2fs",
		         UI_SPEEDUP_TARGET_S);
	else if (su->short_end)
		snprintf(buf, len,
		         "run: one thread %s, under %.2fs%s%s: nothing longer "
		         "here (times noisy)",
		         one, UI_SPEEDUP_TARGET_S, at[0] ? ", " : "", at);
	else
		snprintf(buf, len, "run: one thread %.2fs (at least %.2fs%s%s)",
		         su->secs[0][1], UI_SPEEDUP_TARGET_S, at[0] ? ": " : "",
		         at);
}

void
ui_speedup_draw(struct ui *ui)
{
	struct ui_speedup *su = &ui->speedup;
	char moves[BOARD_MAX_CELLS + 1], buf[256], words[64];
	int y, width = ui->cols - 2, trows, tw;

	erase();
	/* title: the position run (the game's, or earlier) */
	attron(ui_attr(ui, UI_C_TITLE));
	mvhline(0, 0, ' ', ui->cols);
	game_moves_string(&ui->game, moves, sizeof moves);
	if (su->root.moves >= 0 && su->root.moves < (int)sizeof moves)
		moves[su->root.moves] = '\0';
	snprintf(buf, sizeof buf, " Speedup   position %s (%dx%d)   %s",
	         moves[0] ? moves : "(empty)", su->root.w, su->root.h,
	         su->lim.mode == SEARCH_EXACT ? "exact solve" : "");
	if (su->lim.mode != SEARCH_EXACT)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf),
		         "depth %d search (p: exact)", su->lim.depth);
	attron(A_BOLD);
	mvaddnstr(0, 0, buf, ui->cols);
	attroff(A_BOLD);
	attroff(ui_attr(ui, UI_C_TITLE));

	/* what runs now, and the answer once known */
	const int runs = 1 + (su->n - 1) * SPLIT_NSCHEMES;
	const int run =
	    su->cur == 1 ? 1 : 2 + (su->cur - 2) * SPLIT_NSCHEMES + su->scheme;
	if (ui->job == UI_JOB_SPEEDUP || su->clearing)
		snprintf(buf, sizeof buf,
		         "Run %d of %d: %d thread%s, split %s, %.1fs", run,
		         runs, su->cur, su->cur == 1 ? "" : "s",
		         search_split_names[su->scheme], ui_now() - su->t0);
	else
		snprintf(buf, sizeof buf, "Done: %d runs", runs);
	attron(A_BOLD);
	mvaddnstr(1, 1, buf, width);
	attroff(A_BOLD);
	if (su->secs[0][1] > 0 && !su->choosing) {
		score_words(&su->root, su->kind, su->score, words,
		            sizeof words);
		snprintf(buf, sizeof buf, "   score %s, best column %d", words,
		         su->move + 1);
		addnstr(buf, ui->cols - getcurx(stdscr) - 1);
	}
	speedup_chosen(ui, buf, sizeof buf);
	attron(A_DIM);
	mvaddnstr(2, 1, buf, width);
	attroff(A_DIM);

	/* the live per-thread rows */
	trows = ui->snap.nthreads + 1;
	if (trows > (ui->lines - 5) / 2)
		trows = (ui->lines - 5) / 2;
	tw = width < 72 ? width : 72;
	double recent[STATS_MAX_THREADS];
	ui_timeline_recent(&ui->tl, &ui->snap, recent);
	y = 3 +
	    ui_panel_threads(ui, stdscr, 3, 1, tw, trows, &ui->snap, recent);
	attron(ui_attr(ui, UI_C_FRAME));
	/* The rule in the characters themselves, not the alternate
	 * character set (which a terminal with another TERM inside tmux
	 * showed as a row of q). */
	move(y, 0);
	for (int x = 0; x < ui->cols; x++)
		addstr(ui->utf8 ? "\u2500" : "-");
	attroff(ui_attr(ui, UI_C_FRAME));
	y++;

	/* the table on the left, the curve on the right */
	int h = ui->lines - 1 - y;
	if (ui->legend) {
		ui_legend_speedup(ui, y);
	} else {
		speedup_table(ui, y, 1, 48, h);
		speedup_chart(ui, y, 50, ui->cols - 51, h);
	}

	ui_keybar_draw(ui, stdscr, ui->lines - 1, UI_SCREEN_SPEEDUP);
	wnoutrefresh(stdscr);
}
