/* ui-keybar.c -- the key bar, htop style: the keys of the current screen
 * and mode of play from the key table (ui-keys.c), each as its glyphs and
 * a label, fitted to the width with help, quit and back always kept. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ui/ui-int.h"

/* The key glyphs of an entry in a key bar: bar_utf8 or bar_keys when the
 * entry has them, else its keys without spaces ("T t" -> "Tt"). */
static void
bar_glyphs(const struct ui *ui, const struct ui_key *k, char *buf, size_t len)
{
	const char *s = ui->utf8 && k->bar_utf8 ? k->bar_utf8
	                : k->bar_keys           ? k->bar_keys
	                                        : k->keys;
	size_t n = 0;

	for (; *s != '\0' && n + 1 < len; s++)
		if (*s != ' ')
			buf[n++] = *s;
	buf[n] = '\0';
}

/* Keys that every bar keeps, drawn last: help, quit and back. */
static bool
bar_kept(const struct ui_key *k)
{
	return k->fn == ui_keys_view_help || k->fn == ui_keys_game_quit ||
	       k->fn == ui_keys_search_speedup_back;
}

/* Draw the bar entry k at x of row y, or only measure it (w NULL);
 * returns its cells. */
static int
bar_entry(const struct ui *ui, WINDOW *w, int y, int x, const struct ui_key *k)
{
	char keys[32];

	bar_glyphs(ui, k, keys, sizeof keys);
	/* A board wider than 9 columns drops into A-G too. */
	if (k->fn == ui_keys_game_drop && ui->game.w > 9)
		snprintf(keys, sizeof keys, "1-9A-%c",
		         ui_col_char(ui->game.w - 1));
	if (w != NULL) {
		wattron(w, ui_attr(ui, UI_C_KEY) | A_BOLD);
		mvwaddstr(w, y, x, keys);
		wattroff(w, ui_attr(ui, UI_C_KEY) | A_BOLD);
		waddstr(w, k->bar);
	}
	return ui_cells(keys) + (int)strlen(k->bar) + 1;
}

static bool
bar_shown(const struct ui *ui, const struct ui_key *k, enum ui_screen screen)
{
	return k->bar != NULL && (k->bar_screens & screen) &&
	       !(screen == UI_SCREEN_GAME && k->bar_when != NULL &&
	         !k->bar_when(ui));
}

void
ui_keybar_draw(const struct ui *ui, WINDOW *w, int y, enum ui_screen screen)
{
	int x = 0, maxx = getmaxx(w), keep = 0;

	/* Room for the kept keys first, so that a long bar never loses
	 * Quit or Help. */
	for (int i = 0; i < ui_nkeys; i++)
		if (bar_shown(ui, &ui_keys[i], screen) && bar_kept(&ui_keys[i]))
			keep += bar_entry(ui, NULL, 0, 0, &ui_keys[i]);
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < ui_nkeys; i++) {
			const struct ui_key *k = &ui_keys[i];
			if (!bar_shown(ui, k, screen) ||
			    bar_kept(k) != (pass == 1))
				continue;
			int need = bar_entry(ui, NULL, 0, 0, k);
			if (x + need + (pass == 0 ? keep : 0) > maxx)
				continue;
			bar_entry(ui, w, y, x, k);
			x += need;
		}
	}
}
