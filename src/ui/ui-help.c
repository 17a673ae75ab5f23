/* ui-help.c -- the help overlay: every key of the screen it is opened on
 * (the game or the speedup screen), from the same table (ui_keys in
 * ui-keys.c) that dispatches them, so the two cannot drift.
 *
 * A box in the middle of the screen, in two columns when the terminal is
 * wide enough, else one column that Up and Down scroll.  ui-keys.c closes it on
 * any other key.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ui/ui-int.h"

static const char *const help_notes[] = {
    "Mouse: click a column to drop a token there.",
    "w saves to $DROPFOUR_SAVE (dropfour-save.txt).",
    "On the speedup screen (S), ? lists its keys.",
    "Any other key closes this help.",
};

#define NNOTES    ((int)(sizeof help_notes / sizeof help_notes[0]))
#define HELP_KEYW 10

static bool
listed(const struct ui_key *k, enum ui_screen screen)
{
	return k->keys != NULL && (k->screens & screen);
}

void
ui_help_draw(struct ui *ui)
{
	int nkeys = 0, nnotes = NNOTES;
	int ncol, rows, body, w, h, y0, x0, colw, descw = 0;
	int avail, first, i;
	const enum ui_screen screen = ui_screen(ui);
	WINDOW *win;

	if (screen != UI_SCREEN_GAME)
		nnotes = 1; /* "Any other key closes this help." */
	/* The columns are as wide as the longest description: nothing is
	 * cut short where the terminal has the room. */
	for (i = 0; i < ui_nkeys; i++) {
		if (!listed(&ui_keys[i], screen))
			continue;
		nkeys++;
		if (ui_cells(ui_keys[i].what) > descw)
			descw = ui_cells(ui_keys[i].what);
	}
	for (i = 0; i < NNOTES; i++)
		if (ui_cells(help_notes[i]) > descw + HELP_KEYW + 1)
			descw = ui_cells(help_notes[i]) - HELP_KEYW - 1;
	colw = HELP_KEYW + 1 + descw;
	ncol = ui->cols >= 2 * colw + 6 ? 2 : 1;
	rows = (nkeys + ncol - 1) / ncol;
	body = rows + 1 + nnotes;
	w = ncol * colw + (ncol - 1) * 2 + 4;
	if (w > ui->cols)
		w = ui->cols;
	h = body + 4;
	if (h > ui->lines)
		h = ui->lines;
	avail = h - 4;
	if (ui->help_scroll > body - avail)
		ui->help_scroll = body - avail > 0 ? body - avail : 0;
	first = ui->help_scroll;
	y0 = (ui->lines - h) / 2;
	x0 = (ui->cols - w) / 2;
	win = newwin(h, w, y0, x0);
	if (win == NULL)
		return;
	ui_box(ui, win);
	wattron(win, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	mvwaddstr(win, 0, 2,
	          screen == UI_SCREEN_GAME ? " dropfour keys "
	                                   : " speedup screen keys ");
	wattroff(win, ui_attr(ui, UI_C_HEAD) | A_BOLD);

	/* Line l of the body: a key row (both columns), blank, or a note. */
	for (int l = first; l < body && l - first < avail; l++) {
		int y = 2 + l - first;
		if (l < rows) {
			for (int c = 0; c < ncol; c++) {
				int k = c * rows + l, n = -1;
				for (i = 0; i < ui_nkeys; i++) {
					if (listed(&ui_keys[i], screen) &&
					    ++n == k)
						break;
				}
				if (i >= ui_nkeys || k >= nkeys)
					continue;
				int x = 2 + c * (colw + 2);
				wattron(win, A_BOLD);
				mvwaddnstr(win, y, x, ui_keys[i].keys,
				           w - x - 1);
				wattroff(win, A_BOLD);
				if (x + HELP_KEYW + 1 < w - 1)
					mvwaddnstr(win, y, x + HELP_KEYW + 1,
					           ui_keys[i].what,
					           w - 2 - (x + HELP_KEYW + 1));
			}
		} else if (l > rows) {
			mvwaddnstr(win, y, 2,
			           help_notes[l - rows - 1 + (NNOTES - nnotes)],
			           w - 4);
		}
	}
	if (first > 0 || first + avail < body) {
		wattron(win, A_DIM);
		mvwaddstr(win, h - 1, w - 14 > 1 ? w - 14 : 1, " Up/Down ");
		wattroff(win, A_DIM);
	}
	wnoutrefresh(win);
	delwin(win);
}
