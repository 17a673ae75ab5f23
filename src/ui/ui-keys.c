/* ui-keys.c -- the keys of the curses game: one handler per key and the
 * key table, the single source of the dispatch, the key bars, the help
 * overlay and the key list of --help.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/level.h"
#include "ui/ui-int.h"
#include "ui/ui.h"

#define UI_SAVE_DEFAULT "dropfour-save.txt"

/* 1-9, and A-G for columns 10 to 16 of a wide board. */
static void
key_drop(struct ui *ui, int ch)
{
	ui_drop(ui, board_char_col(ch), false);
}

/* Home and End: the cursor to the first or the last column. */
static void
key_cursor_end(struct ui *ui, int ch)
{
	ui->cursor = ch == KEY_HOME ? 0 : ui->game.w - 1;
	ui->dirty |= UI_DIRTY_BOARD;
}

static void
key_cursor(struct ui *ui, int ch)
{
	int w = ui->game.w;

	ui->cursor = (ui->cursor + (ch == KEY_LEFT ? w - 1 : 1)) % w;
	ui->dirty |= UI_DIRTY_BOARD;
}

static void
key_enter(struct ui *ui, int ch)
{
	(void)ch;
	ui_drop(ui, ui->cursor, false);
}

static void
key_depth(struct ui *ui, int ch)
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
	ui_settings_changed(ui, why);
}

static void
key_threads(struct ui *ui, int ch)
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
	ui_settings_changed(ui, why);
}

static void
key_level(struct ui *ui, int ch)
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
	ui_settings_changed(ui, why);
}

static void
key_mouse_toggle(struct ui *ui, int ch)
{
	(void)ch;
	ui_term_mouse(ui, !ui->mouse);
	ui_message(ui, false, "mouse %s",
	           ui->mouse ? "on: click a column to drop"
	                     : "off: the terminal selects and copies");
}

static void
key_motion(struct ui *ui, int ch)
{
	(void)ch;
	ui->motion = !ui->motion;
	ui_message(ui, false, "%s",
	           ui->motion ? "motion on: tokens fall"
	                      : "reduced motion: no falling, no spinners");
}

static void
key_review(struct ui *ui, int ch)
{
	(void)ch;
	if (ui_review_open(ui))
		ui_message(ui, false,
		           "review: the exact value after every "
		           "move (v or q: back)");
}

static void
key_perfect(struct ui *ui, int ch)
{
	(void)ch;
	ui->perfect = !ui->perfect;
	ui->level = ui->perfect ? LEVEL_PERFECT : -1;
	if (ui->perfect)
		ui_message(ui, false, "perfect play: the exact solver");
	else
		ui_message(ui, false, "depth-limited play, depth %d",
		           ui->depth);
	ui_settings_changed(ui, ui->perfect ? "perfect on" : "perfect off");
}

static bool
ui_has_human(const struct ui *ui)
{
	return ui->game.player[0] == PLAYER_HUMAN ||
	       ui->game.player[1] == PLAYER_HUMAN;
}

bool
ui_has_ai(const struct ui *ui)
{
	return game_has_ai(&ui->game);
}

static void
ui_reset_view(struct ui *ui)
{
	ui_cancel(ui);
	ui->move_pending = false;
	ui->anim.on = false;
	ui->hint_col = -1;
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
}

static void
key_undo(struct ui *ui, int ch)
{
	int n = 0;

	(void)ch;
	ui_reset_view(ui);
	if (!game_undo(&ui->game)) {
		ui_message(ui, true, "nothing to undo");
		ui_think(ui);
		return;
	}
	n++;
	if (ui_has_human(ui)) {
		/* Against the AI, undo its reply and your move together. */
		while (game_current_player(&ui->game) == PLAYER_AI &&
		       game_undo(&ui->game))
			n++;
	} else {
		ui->paused = true;
	}
	ui_message(ui, false, "took back %d move%s%s", n, n == 1 ? "" : "s",
	           ui->paused ? " (paused: space resumes)" : "");
	ui_think(ui);
}

static void
key_redo(struct ui *ui, int ch)
{
	int n = 0;

	(void)ch;
	ui_reset_view(ui);
	if (!game_redo(&ui->game)) {
		ui_message(ui, true, "nothing to redo");
		ui_think(ui);
		return;
	}
	n++;
	while (ui_has_human(ui) &&
	       game_current_player(&ui->game) == PLAYER_AI &&
	       ui->game.nredo > 0 && game_redo(&ui->game))
		n++;
	ui_board_animate(ui, ui->game.moves[ui->game.nmoves - 1]);
	ui_message(ui, false, "replayed %d move%s", n, n == 1 ? "" : "s");
	if (ui->game.state != GAME_ON)
		ui_game_over(ui);
	ui_think(ui);
}

static void
key_hint(struct ui *ui, int ch)
{
	const board_t *b = &ui->game.board;
	char words[64];

	(void)ch;
	if (ui->game.state != GAME_ON) {
		ui_message(ui, true, "the game is over: no hint");
		return;
	}
	if (game_current_player(&ui->game) == PLAYER_AI) {
		ui_message(ui, true, "hints are for your turn");
		return;
	}
	if (ui->have_res && ui->res_key == board_key(b) &&
	    ui->res_moves == b->moves && ui->res.best >= 0 &&
	    !ui->res.partial) {
		ui->hint_col = ui->cursor = ui->res.best;
		score_words(b, ui->res.kind, ui->res.score, words,
		            sizeof words);
		ui_message(ui, false, "hint: column %c (%s)",
		           ui_col_char(ui->hint_col), words);
		ui->dirty |= UI_DIRTY_BOARD;
		return;
	}
	ui_start(ui, UI_JOB_HINT);
	ui_message(ui, false, "looking for a hint... (m: now)");
}

static void
key_swap(struct ui *ui, int ch)
{
	enum player_kind *k = ui->game.player;
	enum player_kind t;

	(void)ch;
	if (k[0] == k[1]) {
		ui_message(ui, true, "both sides are %s: nothing to swap",
		           k[0] == PLAYER_HUMAN ? "human" : "the AI");
		return;
	}
	ui_reset_view(ui);
	t = k[0];
	k[0] = k[1];
	k[1] = t;
	ui->play = k[0] == PLAYER_HUMAN ? PLAY_HUMAN_AI : PLAY_AI_HUMAN;
	ui_message(ui, false, "you now play %s (player %d)",
	           ui->utf8 && ui->color
	               ? (k[0] == PLAYER_HUMAN ? "red" : "yellow")
	               : ui_token(ui, k[0] == PLAYER_HUMAN ? 1 : 2),
	           k[0] == PLAYER_HUMAN ? 1 : 2);
	ui_think(ui);
}

static void
key_move_now(struct ui *ui, int ch)
{
	(void)ch;
	if (ui->job == UI_JOB_MOVE || ui->job == UI_JOB_HINT) {
		engine_stop(ui->engine);
		ui_message(ui, false, "stopped: the best move so far");
		return;
	}
	if (ui->game.state == GAME_ON &&
	    game_current_player(&ui->game) == PLAYER_AI && ui->paused) {
		ui->paused = false;
		ui_think(ui);
		ui_message(ui, false, "resumed");
		return;
	}
	ui_message(ui, true, "the AI is not thinking");
}

static void
key_analysis(struct ui *ui, int ch)
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

static void
key_ponder(struct ui *ui, int ch)
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

static void
key_speedup(struct ui *ui, int ch)
{
	(void)ch;
	ui_speedup_open(ui);
}

static void
key_speedup_back(struct ui *ui, int ch)
{
	(void)ch;
	ui_speedup_close(ui);
}

static void
key_speedup_again(struct ui *ui, int ch)
{
	(void)ch;
	ui_speedup_restart(ui);
}

static void
key_pause(struct ui *ui, int ch)
{
	(void)ch;
	if (!ui_has_ai(ui)) {
		ui_message(ui, true, "no AI to pause");
		return;
	}
	ui->paused = !ui->paused;
	if (ui->paused && ui->job == UI_JOB_MOVE)
		ui_cancel(ui);
	ui->move_pending = ui->paused ? false : ui->move_pending;
	ui_message(ui, false, ui->paused ? "paused" : "resumed");
	ui->dirty |= UI_DIRTY_STATUS | UI_DIRTY_PANEL;
	ui_think(ui);
}

static void
key_new(struct ui *ui, int ch)
{
	enum player_kind k0 = ui->game.player[0], k1 = ui->game.player[1];

	(void)ch;
	ui_reset_view(ui);
	ui_score_game(ui);
	game_init(&ui->game, ui->game.w, ui->game.h);
	/* Against the AI, who starts alternates from game to game. */
	bool swap = (k0 == PLAYER_AI) != (k1 == PLAYER_AI);
	ui->game.player[0] = swap ? k1 : k0;
	ui->game.player[1] = swap ? k0 : k1;
	ui->have_res = false;
	ui->hist.n = 0; /* the history is this game's */
	ui->move_why[0] = '\0';
	ui->cursor = (ui->game.w - 1) / 2;
	ui->seed += 0x9e3779b97f4a7c15ull;
	ui_message(ui, false, "new game: %s %s first", ui_player_name(ui, 1),
	           ui_side_name(ui, 1));
	ui_think(ui);
}

static void
key_save(struct ui *ui, int ch)
{
	const char *path = getenv("DROPFOUR_SAVE");

	(void)ch;
	if (path == NULL || path[0] == '\0')
		path = UI_SAVE_DEFAULT;
	if (game_save(&ui->game, path) != 0)
		ui_message(ui, true, "cannot save to %s: %s", path,
		           strerror(errno));
	else
		ui_message(ui, false, "saved to %s (dropfour --load %s)", path,
		           path);
}

static void
key_help(struct ui *ui, int ch)
{
	(void)ch;
	ui->help = true;
	ui->help_scroll = 0;
	ui->dirty |= UI_DIRTY_PANEL;
}

static void
key_legend(struct ui *ui, int ch)
{
	(void)ch;
	ui->legend = !ui->legend;
	ui->legend_scroll = 0;
	ui->dirty |= UI_DIRTY_PANEL;
}

static void
key_quit(struct ui *ui, int ch)
{
	(void)ch;
	ui->quit = true;
}

static void
key_mouse(struct ui *ui, int ch)
{
	MEVENT ev;
	int y, x, col;

	(void)ch;
	if (getmouse(&ev) != OK || ui->wboard == NULL)
		return;
	if (!(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
		return; /* the release, asked for so that none is swallowed */
	y = ev.y;
	x = ev.x;
	if (!wmouse_trafo(ui->wboard, &y, &x, FALSE))
		return;
	col = ui_board_column_at(ui, x);
	if (col < 0)
		return;
	ui->cursor = col;
	ui_drop(ui, col, false);
}

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
 * the dispatch below, the key bars (ui_keys_bar()), the help overlay
 * (ui-help.c) and the key list of --help (ui_keys_usage()); tests/keys.sh
 * checks that the man page names every key of it.
 */
const struct ui_key ui_keys[] = {
    {.keys = "1-9",
     .what = "drop into that column",
     .fn = key_drop,
     .screens = UI_SCREEN_GAME,
     .bar = "Drop",
     .bar_when = when_human,
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'1', '2', '3', '4', '5', '6', '7', '8', '9'}},
    {.keys = "A-G",
     .what = "drop into column 10 to 16 (boards wider than 9)",
     .fn = key_drop,
     .screens = UI_SCREEN_GAME,
     .codes = {'A', 'B', 'C', 'D', 'E', 'F', 'G'}},
    {.keys = "Left Right",
     .what = "move the cursor",
     .fn = key_cursor,
     .screens = UI_SCREEN_GAME,
     .bar = "Aim",
     .bar_when = when_human,
     .bar_screens = UI_SCREEN_GAME,
     .bar_utf8 = "\u2190\u2192\u23ce",
     .bar_keys = "<>Ent",
     .codes = {KEY_LEFT, KEY_RIGHT}},
    {.keys = "Home End",
     .what = "the cursor to the first / last column",
     .fn = key_cursor_end,
     .screens = UI_SCREEN_GAME,
     .codes = {KEY_HOME, KEY_END}},
    {.keys = "Enter",
     .what = "drop at the cursor",
     .fn = key_enter,
     .screens = UI_SCREEN_GAME,
     .codes = {'\n', '\r', KEY_ENTER}},
    {.keys = "+ -",
     .what = "depth up / down",
     .fn = key_depth,
     .screens = UI_SCREEN_BOTH,
     .bar = "Depth",
     .bar_when = when_depth,
     .bar_screens = UI_SCREEN_BOTH,
     .codes = {'+', '=', '-', '_'}},
    {.keys = "l L",
     .what = "level up / down: beginner ... perfect",
     .fn = key_level,
     .screens = UI_SCREEN_GAME,
     .bar = "Level",
     .bar_when = when_ai,
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'l', 'L'}},
    {.keys = "T t",
     .what = "threads up / down",
     .fn = key_threads,
     .screens = UI_SCREEN_BOTH,
     .bar = "Threads",
     .bar_screens = UI_SCREEN_BOTH,
     .codes = {'T', 't'}},
    {.keys = "u",
     .what = "undo (and the AI's reply)",
     .fn = key_undo,
     .screens = UI_SCREEN_GAME,
     .bar = "Undo",
     .bar_when = when_human,
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'u'}},
    {.keys = "r",
     .what = "redo",
     .fn = key_redo,
     .screens = UI_SCREEN_GAME,
     .codes = {'r'}},
    {.keys = "r",
     .what = "run again",
     .fn = key_speedup_again,
     .screens = UI_SCREEN_SPEEDUP,
     .bar = "Again",
     .bar_screens = UI_SCREEN_SPEEDUP,
     .codes = {'r'}},
    {.keys = "h",
     .what = "hint: best move for you",
     .fn = key_hint,
     .screens = UI_SCREEN_GAME,
     .bar = "Hint",
     .bar_when = when_human,
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'h'}},
    {.keys = "s",
     .what = "swap sides with the AI",
     .fn = key_swap,
     .screens = UI_SCREEN_GAME,
     .codes = {'s'}},
    {.keys = "p",
     .what = "perfect play on / off",
     .fn = key_perfect,
     .screens = UI_SCREEN_BOTH,
     .bar = "Perfect",
     .bar_screens = UI_SCREEN_SPEEDUP,
     .codes = {'p'}},
    {.keys = "m",
     .what = "make the AI move now",
     .fn = key_move_now,
     .screens = UI_SCREEN_GAME,
     .codes = {'m'}},
    {.keys = "a",
     .what = "analysis on / off",
     .fn = key_analysis,
     .screens = UI_SCREEN_GAME,
     .bar = "Analysis",
     .bar_when = when_human,
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'a'}},
    {.keys = "P",
     .what = "ponder on / off (perfect play)",
     .fn = key_ponder,
     .screens = UI_SCREEN_GAME,
     .codes = {'P'}},
    {.keys = "S",
     .what = "speedup: 1..N threads",
     .fn = key_speedup,
     .screens = UI_SCREEN_GAME,
     .bar = "Speedup",
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'S'}},
    {.keys = "space",
     .what = "pause / resume the AI",
     .fn = key_pause,
     .screens = UI_SCREEN_GAME,
     .bar = "Pause",
     .bar_when = when_ai_ai,
     .bar_utf8 = "\u2423",
     .bar_keys = "spc",
     .bar_screens = UI_SCREEN_GAME,
     .codes = {' '}},
    {.keys = "v",
     .what = "review the game: where it was won or lost",
     .fn = key_review,
     .screens = UI_SCREEN_GAME,
     .bar = "Review",
     .bar_when = when_over,
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'v'}},
    {.keys = "n",
     .what = "new game",
     .fn = key_new,
     .screens = UI_SCREEN_GAME,
     .codes = {'n'}},
    {.keys = "w",
     .what = "save the game",
     .fn = key_save,
     .screens = UI_SCREEN_GAME,
     .codes = {'w'}},
    {.keys = "M",
     .what = "mouse on / off (off: copy with the terminal)",
     .fn = key_mouse_toggle,
     .screens = UI_SCREEN_GAME,
     .codes = {'M'}},
    {.keys = "R",
     .what = "reduced motion on / off",
     .fn = key_motion,
     .screens = UI_SCREEN_GAME,
     .codes = {'R'}},
    {.keys = "i",
     .what = "legend: what every number of the panel means",
     .fn = key_legend,
     .screens = UI_SCREEN_GAME,
     .codes = {'i'}},
    {.keys = "? F1",
     .what = "this help",
     .fn = key_help,
     .screens = UI_SCREEN_BOTH,
     .bar = "Help",
     .bar_keys = "?",
     .bar_screens = UI_SCREEN_BOTH,
     .codes = {'?', KEY_F(1)}},
    {.keys = "q F10",
     .what = "quit",
     .fn = key_quit,
     .screens = UI_SCREEN_GAME,
     .bar = "Quit",
     .bar_keys = "q",
     .bar_screens = UI_SCREEN_GAME,
     .codes = {'q', KEY_F(10)}},
    {.keys = "q Esc",
     .what = "back to the game",
     .fn = key_speedup_back,
     .screens = UI_SCREEN_SPEEDUP,
     .bar = "Back",
     .bar_keys = "q",
     .bar_screens = UI_SCREEN_SPEEDUP,
     .codes = {'q', 'S', UI_KEY_ESC}},
    {.keys = NULL, /* not listed: the mouse */
     .what = NULL,
     .fn = key_mouse,
     .screens = UI_SCREEN_GAME,
     .codes = {KEY_MOUSE}},
};
const int ui_nkeys = (int)(sizeof ui_keys / sizeof ui_keys[0]);

enum ui_screen
ui_screen(const struct ui *ui)
{
	return ui->speedup.on ? UI_SCREEN_SPEEDUP : UI_SCREEN_GAME;
}

void
ui_key(struct ui *ui, int ch)
{
	const enum ui_screen screen = ui_screen(ui);

	if (ui->review != NULL && ch != KEY_RESIZE) {
		/* The review: v, q, Esc or F10 close it; other keys wait. */
		if (ch == 'v' || ch == 'q' || ch == UI_KEY_ESC ||
		    ch == KEY_F(10))
			ui_review_close(ui);
		else if (ch == '?' || ch == KEY_F(1))
			ui->help = true;
		else
			ui_message(ui, true,
			           "reviewing: v or q goes back to "
			           "the game");
		ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
		return;
	}
	if (ui->help) {
		/* Any key closes the help; arrows scroll it. */
		if (ch == KEY_DOWN || ch == KEY_NPAGE)
			ui->help_scroll++;
		else if (ch == KEY_UP || ch == KEY_PPAGE)
			ui->help_scroll -= ui->help_scroll > 0;
		else
			ui->help = false;
		ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
		return;
	}
	if (ui->legend && screen == UI_SCREEN_GAME) {
		/* The legend scrolls; Esc closes it; other keys play on. */
		if (ch == KEY_DOWN || ch == KEY_NPAGE || ch == KEY_UP ||
		    ch == KEY_PPAGE) {
			ui->legend_scroll += ch == KEY_DOWN    ? 1
			                     : ch == KEY_NPAGE ? 10
			                     : ch == KEY_UP    ? -1
			                                       : -10;
			if (ui->legend_scroll < 0)
				ui->legend_scroll = 0;
			ui->dirty |= UI_DIRTY_PANEL;
			return;
		}
		if (ch == UI_KEY_ESC) {
			ui->legend = false;
			ui->dirty |= UI_DIRTY_PANEL;
			return;
		}
	}
	for (int i = 0; i < ui_nkeys; i++) {
		const struct ui_key *k = &ui_keys[i];
		if (!(k->screens & screen))
			continue;
		for (int j = 0; j < UI_KEY_CODES && k->codes[j] != 0; j++) {
			if (k->codes[j] == ch) {
				k->fn(ui, ch);
				ui->dirty |= UI_DIRTY_TITLE | UI_DIRTY_PANEL;
				return;
			}
		}
	}
	if (screen == UI_SCREEN_GAME && ch != KEY_RESIZE && ch != UI_KEY_ESC)
		ui_message(ui, true, "no such key (? shows the keys)");
}

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
	return k->fn == key_help || k->fn == key_quit ||
	       k->fn == key_speedup_back;
}

/* Draw the bar entry k at x of row y, or only measure it (w NULL);
 * returns its cells. */
static int
bar_entry(const struct ui *ui, WINDOW *w, int y, int x, const struct ui_key *k)
{
	char keys[32];

	bar_glyphs(ui, k, keys, sizeof keys);
	/* A board wider than 9 columns drops into A-G too. */
	if (k->fn == key_drop && ui->game.w > 9)
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
ui_keys_bar(const struct ui *ui, WINDOW *w, int y, enum ui_screen screen)
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
