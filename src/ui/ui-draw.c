/* ui-draw.c -- the drawing primitives every ui file uses: tokens,
 * attributes (colour or monochrome), frames, clipped strings and bars. */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ui/ui-int.h"

const char *
ui_token(const struct ui *ui, int player)
{
	/* The sides differ by shape in every mode, not by colour alone
	 * (colour-blind players, monochrome terminals). */
	if (!ui->utf8)
		return player == 1 ? "X" : "O";
	return player == 1 ? "\u25cf" : "\u25c6"; /* ● ◆ */
}

attr_t
ui_attr(const struct ui *ui, enum ui_color c)
{
	if (ui->color)
		return COLOR_PAIR(c);
	switch (c) {
	case UI_C_TITLE:
	case UI_C_KEY:
		return A_REVERSE;
	case UI_C_HEAD:
	case UI_C_WARN:
	case UI_C_WIN:
		return A_BOLD;
	case UI_C_FRAME:
	case UI_C_HEUR:
		return A_NORMAL;
	default:
		return A_NORMAL;
	}
}

void
ui_box(const struct ui *ui, WINDOW *w)
{
	attr_t a = ui_attr(ui, UI_C_FRAME);

	wattron(w, a);
	if (ui->utf8)
		wborder_set(w, WACS_VLINE, WACS_VLINE, WACS_HLINE, WACS_HLINE,
		            WACS_ULCORNER, WACS_URCORNER, WACS_LLCORNER,
		            WACS_LRCORNER);
	else
		wborder(w, '|', '|', '-', '-', '+', '+', '+', '+');
	wattroff(w, a);
}

char
ui_col_char(int col)
{
	return (char)toupper((unsigned char)board_col_char(col));
}

int
ui_cells(const char *s)
{
	int n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

int
ui_addn(WINDOW *w, const char *s, int cells)
{
	int n = 0;
	size_t i = 0, len = strlen(s);

	/* Whole characters only: the bytes of the first `cells` of them. */
	while (i < len) {
		if (((unsigned char)s[i] & 0xc0) != 0x80) {
			if (n == cells)
				break;
			n++;
		}
		i++;
	}
	if (i > 0)
		waddnstr(w, s, (int)i);
	return n;
}

void
ui_puts(WINDOW *w, int y, int x, const char *s)
{
	int maxx = getmaxx(w);

	if (x < 0 || x >= maxx || y < 0 || y >= getmaxy(w))
		return;
	/* Never wrapped: the last column is written (the cursor then
	 * stays there), nothing beyond it. */
	wmove(w, y, x);
	ui_addn(w, s, maxx - x);
}

void
ui_puts_box(WINDOW *w, int y, int x, const char *s)
{
	int maxx = getmaxx(w);

	if (x < 1 || x >= maxx - 1 || y < 1 || y >= getmaxy(w) - 1)
		return;
	wmove(w, y, x);
	ui_addn(w, s, maxx - 1 - x);
}

int
ui_room(WINDOW *w)
{
	int r = getmaxx(w) - 1 - getcurx(w);
	return r > 0 ? r : 0;
}

void
ui_bar(const struct ui *ui, WINDOW *w, int y, int x, int width, double v,
       double t, attr_t attr)
{
	static const char *const eighth[] = {"",       "\u258f", "\u258e",
	                                     "\u258d", "\u258c", "\u258b",
	                                     "\u258a", "\u2589"};
	double f = t > 0 ? v / t : 0;
	int i, n;

	if (f < 0)
		f = 0;
	if (f > 1)
		f = 1;
	if (width < 1)
		return;
	if (!ui->utf8) {
		n = (int)ceil(f * width - 1e-9);
		mvwaddch(w, y, x, '[');
		wattron(w, attr);
		for (i = 0; i < width; i++)
			waddch(w, i < n ? '#' : ' ');
		wattroff(w, attr);
		waddch(w, ']');
		return;
	}
	n = (int)ceil(f * width * 8 - 1e-9);
	mvwaddstr(w, y, x, "\u2595"); /* ▕ */
	wattron(w, attr);
	for (i = 0; i < width; i++) {
		int e = n - i * 8;
		if (e >= 8)
			waddstr(w, "\u2588");
		else if (e > 0)
			waddstr(w, eighth[e]);
		else
			waddch(w, ' ');
	}
	wattroff(w, attr);
	waddstr(w, "\u258f"); /* ▏ */
}

/* Text in the panel's box at (y, x), cut at its frame. */
void
ui_panel_printf(WINDOW *w, int y, int x, const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	ui_puts_box(w, y, x, buf);
}

void
ui_panel_add(WINDOW *w, const char *s)
{
	ui_addn(w, s, ui_room(w));
}
