/* ui-keys.c -- the key table of the curses game, the one source of what
 * the keys do and of every list of them, and the dispatch through it: a
 * mode (the review, the help overlay, the legend) takes the keys it has
 * before play does.  Also the key list of --help.  The handlers are in
 * ui-keys-game.c, ui-keys-search.c and ui-keys-view.c; the key bar is
 * ui-keybar.c's.
 */
#include "config.h"

#include <stdio.h>

#include "ui/ui-int.h"
#include "ui/ui.h"

/* When a key belongs in the bar: the keys of the current mode only. */
static bool
when_human(const struct ui *ui)
{
	return ui_has_human(ui);
}

static bool
when_ai_ai(const struct ui *ui)
{
	return ui->game.player[0] == PLAYER_AI &&
	       ui->game.player[1] == PLAYER_AI;
}

static bool
when_depth(const struct ui *ui)
{
	return ui->level < 0;
}

static bool
when_over(const struct ui *ui)
{
	return ui->game.state != GAME_ON;
}

static bool
when_ai(const struct ui *ui)
{
	return ui_has_ai(ui);
}

/*
 * Every key, the one source of what the keys do and of every list of them:
 * the dispatch below, the key bars (ui_keybar_draw() in ui-keybar.c), the
 * help overlay (ui-help.c) and the key list of --help (ui_keys_usage());
 * tests/keys.sh checks that the man page names every key of it.  The
 * modes' entries come last, with no keys listed: they are the review's,
 * the help's and the legend's own keys, not keys of play.
 */
const struct ui_key ui_keys[] = {
    {.keys = "1-9",
     .what = "drop into that column",
     .fn = ui_keys_game_drop,
     .screens = UI_SCREEN_GAME,
     .bar = "Drop",
     .bar_when = when_human,
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'1', '2', '3', '4', '5', '6', '7', '8', '9'}},
    {.keys = "A-G",
     .what = "drop into column 10 to 16 (boards wider than 9)",
     .fn = ui_keys_game_drop,
     .screens = UI_SCREEN_GAME,
     .codes = {'A', 'B', 'C', 'D', 'E', 'F', 'G'}},
    {.keys = "Left Right",
     .what = "move the cursor",
     .fn = ui_keys_game_cursor,
     .screens = UI_SCREEN_GAME,
     .bar = "Aim",
     .bar_when = when_human,
     .bar_screens = UI_SCREEN_GAME,
     .bar_utf8 = "\u2190\u2192\u23ce",
     .bar_keys = "<>Ent",
     .codes = {KEY_LEFT, KEY_RIGHT}},
    {.keys = "Home End",
     .what = "the cursor to the first / last column",
     .fn = ui_keys_game_cursor_end,
     .screens = UI_SCREEN_GAME,
     .codes = {KEY_HOME, KEY_END}},
    {.keys = "Enter",
     .what = "drop at the cursor",
     .fn = ui_keys_game_enter,
     .screens = UI_SCREEN_GAME,
     .codes = {'\n', '\r', KEY_ENTER}},
    {.keys = "+ -",
     .what = "depth up / down",
     .fn = ui_keys_search_depth,
     .screens = UI_SCREEN_BOTH,
     .bar = "Depth",
     .bar_when = when_depth,
     .bar_screens = UI_SCREEN_BOTH,
     .codes = {'+', '=', '-', '_'}},
    {.keys = "l L",
     .what = "level up / down: beginner ... perfect",
     .fn = ui_keys_search_level,
     .screens = UI_SCREEN_GAME,
     .bar = "Level",
     .bar_when = when_ai,
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'l', 'L'}},
    {.keys = "T t",
     .what = "threads up / down",
     .fn = ui_keys_search_threads,
     .screens = UI_SCREEN_BOTH,
     .bar = "Threads",
     .bar_screens = UI_SCREEN_BOTH,
     .codes = {'T', 't'}},
    {.keys = "u",
     .what = "undo (and the AI's reply)",
     .fn = ui_keys_game_undo,
     .screens = UI_SCREEN_GAME,
     .bar = "Undo",
     .bar_when = when_human,
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'u'}},
    {.keys = "r",
     .what = "redo",
     .fn = ui_keys_game_redo,
     .screens = UI_SCREEN_GAME,
     .codes = {'r'}},
    {.keys = "r",
     .what = "run again",
     .fn = ui_keys_search_speedup_again,
     .screens = UI_SCREEN_SPEEDUP,
     .bar = "Again",
     .bar_screens = UI_SCREEN_SPEEDUP,
     .codes = {'r'}},
    {.keys = "h",
     .what = "hint: best move for you",
     .fn = ui_keys_game_hint,
     .screens = UI_SCREEN_GAME,
     .bar = "Hint",
     .bar_when = when_human,
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'h'}},
    {.keys = "s",
     .what = "swap sides with the AI",
     .fn = ui_keys_game_swap,
     .screens = UI_SCREEN_GAME,
     .codes = {'s'}},
    {.keys = "p",
     .what = "perfect play on / off",
     .fn = ui_keys_search_perfect,
     .screens = UI_SCREEN_BOTH,
     .bar = "Perfect",
     .bar_screens = UI_SCREEN_SPEEDUP,
     .codes = {'p'}},
    {.keys = "m",
     .what = "make the AI move now",
     .fn = ui_keys_game_move_now,
     .screens = UI_SCREEN_GAME,
     .codes = {'m'}},
    {.keys = "a",
     .what = "analysis on / off",
     .fn = ui_keys_search_analysis,
     .screens = UI_SCREEN_GAME,
     .bar = "Analysis",
     .bar_when = when_human,
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'a'}},
    {.keys = "P",
     .what = "ponder on / off (perfect play)",
     .fn = ui_keys_search_ponder,
     .screens = UI_SCREEN_GAME,
     .codes = {'P'}},
    {.keys = "S",
     .what = "speedup: 1..N threads",
     .fn = ui_keys_search_speedup,
     .screens = UI_SCREEN_GAME,
     .bar = "Speedup",
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'S'}},
    {.keys = "space",
     .what = "pause / resume the AI",
     .fn = ui_keys_game_pause,
     .screens = UI_SCREEN_GAME,
     .bar = "Pause",
     .bar_when = when_ai_ai,
     .bar_utf8 = "\u2423",
     .bar_keys = "spc",
     .bar_screens = UI_SCREEN_GAME,
     .codes = {' '}},
    {.keys = "v",
     .what = "review the game: where it was won or lost",
     .fn = ui_keys_view_review,
     .screens = UI_SCREEN_GAME,
     .bar = "Review",
     .bar_when = when_over,
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'v'}},
    {.keys = "n",
     .what = "new game",
     .fn = ui_keys_game_new,
     .screens = UI_SCREEN_GAME,
     .codes = {'n'}},
    {.keys = "w",
     .what = "save the game",
     .fn = ui_keys_game_save,
     .screens = UI_SCREEN_GAME,
     .codes = {'w'}},
    {.keys = "M",
     .what = "mouse on / off (off: copy with the terminal)",
     .fn = ui_keys_view_mouse_toggle,
     .screens = UI_SCREEN_GAME,
     .codes = {'M'}},
    {.keys = "R",
     .what = "reduced motion on / off",
     .fn = ui_keys_view_motion,
     .screens = UI_SCREEN_GAME,
     .codes = {'R'}},
    {.keys = "i",
     .what = "legend: what every number of the panel means",
     .fn = ui_keys_view_legend,
     .screens = UI_SCREEN_BOTH,
     .codes = {'i'}},
    {.keys = "? F1",
     .what = "this help",
     .fn = ui_keys_view_help,
     .screens = UI_SCREEN_BOTH,
     .bar = "Help",
     .bar_keys = "?",
     .bar_screens = UI_SCREEN_BOTH,
     .codes = {'?', KEY_F(1)}},
    {.keys = "q F10",
     .what = "quit",
     .fn = ui_keys_game_quit,
     .screens = UI_SCREEN_GAME,
     .bar = "Quit",
     .bar_keys = "q",
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'q', KEY_F(10)}},
    {.keys = "q Esc",
     .what = "back to the game",
     .fn = ui_keys_search_speedup_back,
     .screens = UI_SCREEN_SPEEDUP,
     .bar = "Back",
     .bar_keys = "q",
     .bar_screens = UI_SCREEN_SPEEDUP,
     .codes = {'q', 'S', UI_KEY_ESC}},
    {.keys = NULL, /* not listed: the mouse */
     .what = NULL,
     .fn = ui_keys_game_mouse,
     .screens = UI_SCREEN_GAME,
     .codes = {KEY_MOUSE}},
    /* The modes' keys, taken before play's (ui_key()); not listed. */
    {.mode = UI_MODE_REVIEW,
     .fn = ui_keys_view_review_back,
     .screens = UI_SCREEN_BOTH,
     .codes = {'v', 'q', UI_KEY_ESC, KEY_F(10)}},
    {.mode = UI_MODE_REVIEW,
     .fn = ui_keys_view_review_help,
     .screens = UI_SCREEN_BOTH,
     .codes = {'?', KEY_F(1)}},
    {.mode = UI_MODE_REVIEW,
     .fn = ui_keys_view_review_wait,
     .screens = UI_SCREEN_BOTH,
     .codes = {UI_KEY_ANY}},
    {.mode = UI_MODE_HELP,
     .fn = ui_keys_view_help_scroll,
     .screens = UI_SCREEN_BOTH,
     .codes = {KEY_DOWN, KEY_NPAGE, KEY_UP, KEY_PPAGE}},
    {.mode = UI_MODE_HELP,
     .fn = ui_keys_view_help_close,
     .screens = UI_SCREEN_BOTH,
     .codes = {UI_KEY_ANY}},
    {.mode = UI_MODE_LEGEND,
     .fn = ui_keys_view_legend_scroll,
     .screens = UI_SCREEN_GAME,
     .codes = {KEY_DOWN, KEY_NPAGE, KEY_UP, KEY_PPAGE}},
    {.mode = UI_MODE_LEGEND,
     .fn = ui_keys_view_legend_close,
     .screens = UI_SCREEN_GAME,
     .codes = {UI_KEY_ESC}},
};
const int ui_nkeys = (int)(sizeof ui_keys / sizeof ui_keys[0]);

/* The mode the keys are in: the review takes every key, then the help
 * overlay, then the legend (on the game's screen) the keys it has. */
static enum ui_mode
key_mode(const struct ui *ui, enum ui_screen screen, int ch)
{
	if (ui->review != NULL && ch != KEY_RESIZE)
		return UI_MODE_REVIEW;
	if (ui->help)
		return UI_MODE_HELP;
	if (ui->legend && screen == UI_SCREEN_GAME)
		return UI_MODE_LEGEND;
	return UI_MODE_PLAY;
}

/* The first entry of the table for ch in mode on screen (an entry for
 * UI_KEY_ANY takes every key), or NULL. */
static const struct ui_key *
key_find(enum ui_mode mode, enum ui_screen screen, int ch)
{
	for (int i = 0; i < ui_nkeys; i++) {
		const struct ui_key *k = &ui_keys[i];
		if (k->mode != mode || !(k->screens & screen))
			continue;
		for (int j = 0; j < UI_KEY_CODES && k->codes[j] != 0; j++)
			if (k->codes[j] == ch || k->codes[j] == UI_KEY_ANY)
				return k;
	}
	return NULL;
}

void
ui_key(struct ui *ui, int ch)
{
	/* Only q right after q quits a game in progress. */
	if (ch != 'q' && ch != KEY_F(10))
		ui->quit_asked = false;
	const enum ui_screen screen = ui_screen(ui);
	enum ui_mode mode = key_mode(ui, screen, ch);
	const struct ui_key *k = key_find(mode, screen, ch);

	if (k == NULL && mode == UI_MODE_LEGEND) /* other keys play on */
		k = key_find(mode = UI_MODE_PLAY, screen, ch);
	if (k != NULL) {
		k->fn(ui, ch);
		if (mode == UI_MODE_PLAY)
			ui->dirty |= UI_DIRTY_TITLE | UI_DIRTY_PANEL;
		return;
	}
	if (screen == UI_SCREEN_GAME && ch != KEY_RESIZE && ch != UI_KEY_ESC)
		ui_message(ui, true, "no such key (? shows the keys)");
}

void
ui_keys_usage(FILE *f)
{
	static const struct {
		enum ui_screen screen;
		const char *title;
	} screens[] = {
	    {UI_SCREEN_GAME, "Keys in the game"},
	    {UI_SCREEN_SPEEDUP, "Keys on the speedup screen (S)"},
	};

	int cols, lines;
	ui_min_size(7, 6, &cols, &lines);
	fprintf(f,
	        "The game needs a terminal of at least %dx%d for the 7x6 "
	        "board (it says so when smaller).\n",
	        cols, lines);
	for (size_t s = 0; s < sizeof screens / sizeof screens[0]; s++) {
		fprintf(f, "%s:\n", screens[s].title);
		for (int i = 0; i < ui_nkeys; i++) {
			const struct ui_key *k = &ui_keys[i];
			if (k->keys != NULL && (k->screens & screens[s].screen))
				fprintf(f, "  %-12s %s\n", k->keys, k->what);
		}
	}
}
