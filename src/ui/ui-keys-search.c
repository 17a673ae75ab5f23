/* ui-keys-search.c -- the keys that set how the AI searches: depth,
 * level, threads, perfect play, analysis and ponder, and the speedup
 * screen's keys (open, run again, back).  The key table (ui-keys.c) names
 * these handlers. */
#include "config.h"

#include <stdio.h>

#include "search/policy/level.h"
#include "ui/ui-int.h"

/* A setting of the search changed (threads, depth, level, perfect play):
 * the running search, the ponder or the speedup run restarted with it. */
static void
settings_changed(struct ui *ui, const char *why)
{
	ui->have_res = false;
	ui->dirty |= UI_DIRTY_PANEL | UI_DIRTY_TITLE | UI_DIRTY_BOARD;
	ui->pondered = false;
	if (ui->speedup.on) {
		ui_speedup_restart(ui);
		ui_log(ui, "toggle %s: speedup restarted", why);
	} else if (ui->job == UI_JOB_PONDER) {
		/* Perhaps no ponder at all now (depth-limited play). */
		ui_cancel(ui);
		ui_think(ui);
		ui->latency_pending = ui->job == UI_JOB_PONDER;
		ui->latency_why = why;
		ui_log(ui, "toggle %s: ponder restarted", why);
	} else if (ui->job != UI_JOB_NONE) {
		ui_start(ui, ui->job);
		ui->latency_pending = true;
		ui->latency_why = why;
		ui_log(ui, "toggle %s: search restarted", why);
	} else {
		ui_think(ui);
	}
}

void
ui_keys_search_depth(struct ui *ui, int ch)
{
	int d = ui->depth + ((ch == '+' || ch == '=') ? 1 : -1);
	static char why[32];

	/* From a level or perfect play either key goes to depth-limited
	 * play (also - at depth 1, which stays 1). */
	bool leaving = ui->perfect || ui->level >= 0;
	if (leaving) {
		d = d < 1 ? 1 : d > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH : d;
	} else if (d < 1 || d > SEARCH_MAX_DEPTH) {
		ui_message(ui, true, "depth stays %d (1-%d)", ui->depth,
		           SEARCH_MAX_DEPTH);
		return;
	}
	ui->depth = d;
	ui->perfect = false;
	ui->level = -1;
	if (leaving)
		ui_message(ui, false,
		           "depth-limited play, depth %d (l: levels)", d);
	else
		ui_message(ui, false, "depth %d", d);
	snprintf(why, sizeof why, "depth %d", d);
	settings_changed(ui, why);
}

void
ui_keys_search_threads(struct ui *ui, int ch)
{
	int t = ui->threads + (ch == 'T' ? 1 : -1);
	static char why[32];

	if (t < 1 || t > ui->max_threads) {
		ui_message(ui, true, "threads stay %d (1-%d)", ui->threads,
		           ui->max_threads);
		return;
	}
	ui->threads = t;
	ui_message(ui, false, "%d thread%s", t, t == 1 ? "" : "s");
	snprintf(why, sizeof why, "threads %d", t);
	settings_changed(ui, why);
}

void
ui_keys_search_level(struct ui *ui, int ch)
{
	int l =
	    ui->level < 0 ? LEVEL_DEFAULT : ui->level + (ch == 'l' ? 1 : -1);
	static char why[32];

	/* The ladder ends at both ends: no wrapping round from the weakest
	 * to the strongest (a player pressing L to ease off must not meet
	 * perfect play). */
	if (l < 0 || l >= LEVEL_COUNT) {
		ui_message(ui, true, "already the %s level, %s",
		           l < 0 ? "lowest" : "highest",
		           levels[ui->level].name);
		return;
	}
	ui->level = l;
	ui->perfect = levels[l].perfect;
	ui_message(ui, false, "level %d of %d: %s, %s", l + 1, LEVEL_COUNT,
	           levels[l].name, levels[l].about);
	snprintf(why, sizeof why, "level %s", levels[l].name);
	settings_changed(ui, why);
}

void
ui_keys_search_perfect(struct ui *ui, int ch)
{
	(void)ch;
	ui->perfect = !ui->perfect;
	ui->level = ui->perfect ? LEVEL_PERFECT : -1;
	if (ui->perfect)
		ui_message(ui, false, "perfect play: the exact solver");
	else
		ui_message(ui, false, "depth-limited play, depth %d",
		           ui->depth);
	settings_changed(ui, ui->perfect ? "perfect on" : "perfect off");
}

void
ui_keys_search_analysis(struct ui *ui, int ch)
{
	(void)ch;
	ui->analysis = !ui->analysis;
	ui_message(ui, false, "analysis %s",
	           ui->analysis ? "on: column "
	                          "scores on your turn"
	                        : "off");
	if (!ui->analysis && ui->job == UI_JOB_ANALYSIS)
		ui_cancel(ui);
	ui->dirty |= UI_DIRTY_PANEL | UI_DIRTY_BOARD;
	ui_think(ui);
}

void
ui_keys_search_ponder(struct ui *ui, int ch)
{
	(void)ch;
	ui->ponder = !ui->ponder;
	ui_message(ui, false, "ponder %s",
	           ui->ponder ? "on: in perfect play the AI thinks on "
	                        "your turn (its scores hidden)"
	                      : "off");
	ui->dirty |= UI_DIRTY_PANEL;
	ui_think(ui); /* starts or (off) cancels the ponder */
}

void
ui_keys_search_speedup(struct ui *ui, int ch)
{
	(void)ch;
	ui_speedup_open(ui);
}

void
ui_keys_search_speedup_back(struct ui *ui, int ch)
{
	(void)ch;
	ui_speedup_close(ui);
}

void
ui_keys_search_speedup_again(struct ui *ui, int ch)
{
	(void)ch;
	ui_speedup_restart(ui);
}
