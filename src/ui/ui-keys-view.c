/* ui-keys-view.c -- the keys of what the screen shows: the review, the
 * help overlay and the panel's legend, each opened by a key of play and
 * then holding the keys of its own mode (the table's entries with its
 * `mode`); the mouse and reduced motion.  The key table (ui-keys.c) names
 * these handlers. */
#include "config.h"

#include "ui/ui-int.h"

void
ui_keys_view_review(struct ui *ui, int ch)
{
	(void)ch;
	if (ui_review_open(ui))
		ui_message(ui, false,
		           "review: the exact value after every "
		           "move (v or q: back)");
}

void
ui_keys_view_help(struct ui *ui, int ch)
{
	(void)ch;
	ui->help = true;
	ui->help_scroll = 0;
	ui->dirty |= UI_DIRTY_PANEL;
}

void
ui_keys_view_legend(struct ui *ui, int ch)
{
	(void)ch;
	ui->legend = !ui->legend;
	ui->legend_scroll = 0;
	ui->dirty |= UI_DIRTY_PANEL;
}

void
ui_keys_view_mouse_toggle(struct ui *ui, int ch)
{
	(void)ch;
	ui_term_mouse(ui, !ui->mouse);
	ui_message(ui, false, "mouse %s",
	           ui->mouse ? "on: click a column to drop"
	                     : "off: the terminal selects and copies");
}

void
ui_keys_view_motion(struct ui *ui, int ch)
{
	(void)ch;
	ui->motion = !ui->motion;
	ui_message(ui, false, "%s",
	           ui->motion ? "motion on: tokens fall"
	                      : "reduced motion: no falling, no spinners");
}

/* ---- the review's mode: v, q, Esc or F10 close it; other keys wait ---- */

void
ui_keys_view_review_back(struct ui *ui, int ch)
{
	(void)ch;
	ui_review_close(ui);
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
}

void
ui_keys_view_review_help(struct ui *ui, int ch)
{
	(void)ch;
	ui->help = true;
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
}

void
ui_keys_view_review_wait(struct ui *ui, int ch)
{
	(void)ch;
	ui_message(ui, true,
	           "reviewing: v or q goes back to "
	           "the game");
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
}

/* ---- the help's mode: any key closes it; arrows scroll it ------------- */

void
ui_keys_view_help_scroll(struct ui *ui, int ch)
{
	if (ch == KEY_DOWN || ch == KEY_NPAGE)
		ui->help_scroll++;
	else
		ui->help_scroll -= ui->help_scroll > 0;
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
}

void
ui_keys_view_help_close(struct ui *ui, int ch)
{
	(void)ch;
	ui->help = false;
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
}

/* ---- the legend's mode: it scrolls; Esc closes it; other keys play on -- */

void
ui_keys_view_legend_scroll(struct ui *ui, int ch)
{
	ui->legend_scroll += ch == KEY_DOWN    ? 1
	                     : ch == KEY_NPAGE ? 10
	                     : ch == KEY_UP    ? -1
	                                       : -10;
	if (ui->legend_scroll < 0)
		ui->legend_scroll = 0;
	ui->dirty |= UI_DIRTY_PANEL;
}

void
ui_keys_view_legend_close(struct ui *ui, int ch)
{
	(void)ch;
	ui->legend = false;
	ui->dirty |= UI_DIRTY_PANEL;
}
