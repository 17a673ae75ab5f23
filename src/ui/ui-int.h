/* ui-int.h -- state shared by the files of the curses front-end (ui*.c).
 *
 * Only the main thread touches any of this, and only ui*.c include curses.
 * One `struct ui` holds the game, the engine handle, the settings the keys
 * change, the last statistics snapshot and the windows.  Mutations set bits
 * in `dirty`; ui_draw() redraws the dirty windows once per loop turn.
 */
#ifndef DROPFOUR_UI_INT_H
#define DROPFOUR_UI_INT_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "search/engine/engine.h"
#include "core/game.h"
#include "cli/options.h"
#include "cli/session.h"
#include "core/score.h"
#include "search/search.h"
#include "search/node/stats.h"
#include "ui/ui-model.h"

/* Dirty bits: which windows need drawing this turn. */
#define UI_DIRTY_TITLE  0x01
#define UI_DIRTY_BOARD  0x02
#define UI_DIRTY_PANEL  0x04
#define UI_DIRTY_STATUS 0x08
#define UI_DIRTY_LAYOUT 0x10 /* windows must be (re)created */
#define UI_DIRTY_ALL    0x1f

/* Colour pairs (0 is the terminal default). */
enum ui_color {
	UI_C_P1 = 1, /* first player's tokens */
	UI_C_P2,     /* second player's tokens */
	UI_C_FRAME,  /* the board frame */
	UI_C_WIN,    /* column scores: a win */
	UI_C_DRAW,   /* a draw */
	UI_C_LOSS,   /* a loss */
	UI_C_HEUR,   /* a heuristic value */
	UI_C_TITLE,  /* title bar */
	UI_C_KEY,    /* key labels in the key bar */
	UI_C_BAR,    /* per-thread share bars */
	UI_C_BAR2,   /* second bar colour (busy, ideal line) */
	UI_C_HEAD,   /* panel headings */
	UI_C_WARN,   /* refusals, errors */
	UI_C_COUNT
};

/* What the engine is doing for us. */
enum ui_job {
	UI_JOB_NONE = 0,
	UI_JOB_MOVE,     /* the AI chooses its move */
	UI_JOB_HINT,     /* best move for the human */
	UI_JOB_ANALYSIS, /* background scores on the human's turn */
	UI_JOB_SPEEDUP,  /* a run of the speedup screen */
	UI_JOB_PONDER,   /* perfect play: the AI thinks on the human's turn,
	                  * its scores hidden */
};

/* A token falling into place (purely visual: the game already has it). */
struct ui_anim {
	bool on;
	int col, row, player;
	double t0, duration;
};

/* The timeline: each thread's activity, one sample a snapshot while a
 * search runs (UI_TICK apart), the newest UI_TIMELINE of them.  A sample
 * is 0 (none), or 1 + the busy share of the interval in eighths (1: idle,
 * 9: busy throughout), with UI_TL_STOLE set when the thread took another
 * thread's task in it. */
#define UI_TIMELINE 256
#define UI_TL_STOLE 0x80
struct ui_timeline {
	unsigned char v[STATS_MAX_THREADS][UI_TIMELINE];
	/* The same samples exactly: each interval's length and each
	 * thread's busy fraction in it (the panel's "1s" busy and the load
	 * balance over the last second). */
	float dt[UI_TIMELINE];
	float busy[STATS_MAX_THREADS][UI_TIMELINE];
	int head, len; /* the next slot; samples held */
	double prev_busy[STATS_MAX_THREADS], prev_t;
	uint64_t prev_stolen[STATS_MAX_THREADS];
	uint64_t prev_searches;
};

/* The history of the AI's searches in this game (ui-jobs.c records one
 * entry per AI move that a search chose; the panel's History section). */
#define UI_HISTORY 128
struct ui_history_entry {
	int ply;     /* the move number the search chose (1-based) */
	double secs; /* the search's time */
	uint64_t nodes;
	double nps;
	double busy;      /* mean busy fraction of the threads */
	double imbalance; /* max busy / mean busy over the search */
	int threads;
	int depth; /* iteration reached; -1: exact */
	bool ranks;
	uint64_t id; /* the search's number (stats `searches`), finished */
};
struct ui_history {
	int n; /* entries held, the oldest dropped past UI_HISTORY */
	struct ui_history_entry e[UI_HISTORY];
};

/* One search of the game (the AI's move, a hint, analysis) as the panel
 * shows it: its own snapshot, its proof, its timeline, its result.  A new
 * search starts a new one (ui_search_begin(), ui-model.c), so nothing of
 * an earlier search can show as this one's; the AI's last move keeps its
 * copy (struct ui, move) to show while the AI ponders. */
struct ui_search {
	bool have;
	enum ui_job job;
	bool running;
	bool restarted;
	bool stopped;        /* ended without an answer: cancelled */
	uint64_t id;         /* its stats `searches`; 0 until it began */
	uint64_t before;     /* the engine's `searches` at its start */
	uint64_t proof0;     /* the proof table's `searches` at its start */
	board_t root;        /* the position searched */
	int ply;             /* its move number (1-based) */
	int asked_depth;     /* the depth asked for (--depth) */
	const char *source;  /* "book", "table": answered without a search */
	double main_elapsed; /* the depth-limited search's own time */
	struct stats_snapshot snap;  /* the proof's rows appended */
	struct stats_snapshot proof; /* the proof's own, frozen once over */
	bool proof_ours;             /* the proof ran in this search */
	enum model_proof proof_state;
	struct ui_timeline tl;
};

/* The speedup screen: one exact (or depth) search per thread count and
 * split scheme (one thread: one run for every scheme). */
struct ui_speedup {
	bool on;
	bool finished;
	int n;      /* largest thread count */
	int cur;    /* thread count of the run in progress */
	int scheme; /* its split scheme (enum split_scheme) */
	board_t root;
	struct search_limits lim;
	double t0;
	/* Per scheme and thread count: seconds, nodes, busy thread-seconds
	 * and the imbalance of the threads' busy time (0: not run). */
	double secs[SPLIT_NSCHEMES][STATS_MAX_THREADS + 1];
	uint64_t nodes[SPLIT_NSCHEMES][STATS_MAX_THREADS + 1];
	double busy[SPLIT_NSCHEMES][STATS_MAX_THREADS + 1];
	double imbalance[SPLIT_NSCHEMES][STATS_MAX_THREADS + 1];
	int threads[SPLIT_NSCHEMES][STATS_MAX_THREADS + 1]; /* that ran */
	int score;
	enum score_kind kind;
	int move;
	/* The one-thread run is chosen first: it is run again, deeper or
	 * from a position earlier in the game (back moves back), until it
	 * takes UI_SPEEDUP_TARGET_S; then the others run on the same. */
	bool choosing;
	bool clearing;  /* the next run waits for the table's clear */
	int back;       /* moves taken back from the game's position */
	int depth0;     /* the depth the choice started from */
	int tries;      /* one-thread runs made to choose */
	double short_s; /* the last run found too short, 0: none */
	bool short_end; /* nothing longer to choose: the runs are short */
};

struct ui {
	const struct options *o;
	struct cli_session *session; /* the book and the settings file */
	struct game game;
	struct engine *engine;
	enum play_mode play;

	/* Settings that the keys change. */
	int depth;
	bool perfect;
	int threads, max_threads;
	enum split_scheme split;
	double time_limit;
	bool analysis;
	bool ponder;
	bool paused;
	bool mouse;  /* mouse capture */
	bool motion; /* falling tokens and spinners (off: reduced) */
	int level;   /* enum level_id, -1: the expert's settings */
	/* The settings the game started with (the command line's over the
	 * file's): only what the keys changed from them is saved. */
	int start_level, start_threads, start_depth, start_split;
	bool start_motion, start_mouse;
	uint64_t seed;     /* the levels' noise, new each game */
	double repaint_at; /* a second whole repaint after a resume, 0 none
	                    * (ui_term_suspend()) */
	bool repaint_key;  /* and a third at the first key after it */
	double think_t0;   /* when the AI began thinking on this position
	                    * (kept when the search restarts) */
	bool restarted;    /* the search on show is a restart of that think:
	                    * the panel's time is since the restart */
	int score_you, score_ai, score_p[2], score_draws; /* this session */
	double move_think;       /* the AI's last think, restarts included */
	const char *move_source; /* "book", "table" or NULL: a search */
	/* The AI's last move against its search, in words for the panel
	 * ("club plays 6 (+3); the search's best is 4 (+7)"). */
	char move_why[192];
	char move_why_short[96]; /* the same in a few cells: "6 (+3), best 4
	                            (+7)" */
	struct ui_history hist;
	/* The game's search on show (the one running, or the last one) and
	 * the AI's last move's, and the model of the frame drawn from one of
	 * them (ui-model.c). */
	struct ui_search cur, move;
	struct panel_model model;
	uint64_t frames; /* frames drawn */
	FILE *frame_log; /* --frame-log: a JSON line per frame, or NULL */
	bool quit_asked; /* q during a game: asked once, q again quits */
	double one_nps;  /* one thread's node rate, measured once (engine.h) */
	/* One thread's node rate on the position of move_snap's search,
	 * measured after it (engine_measure_position()): its id (0 none) and
	 * the rate (0 to come, -1 not to be had). */
	uint64_t pos_nps_id;
	double pos_nps;
	bool legend; /* the panel's legend is on show (i) */
	int legend_scroll;

	/* The engine job in flight. */
	enum ui_job job;
	bool start_deferred; /* ui_think() waits for the engine's table */
	uint64_t job_id;
	bb_t job_key; /* board_key() of the position searched */
	int job_moves;
	int job_depth;    /* the depth the job's search was asked for */
	board_t job_root; /* the position searched */
	double job_t0;
	uint64_t job_searches; /* snap.searches before engine_start() */
	bool latency_pending;  /* log engine_start_latency() once known */
	const char *latency_why;
	double latency_ms; /* last measured toggle-to-search delay */

	/* The position of the last ponder that finished. */
	bool pondered;
	bb_t ponder_key;
	int ponder_moves;

	/* The last finished result, and which position it belongs to. */
	struct search_result res;
	bool have_res;
	bb_t res_key;
	int res_moves;
	uint64_t res_id; /* its search (struct ui_search's id) */

	/* An AI move waiting for the animation (or the pace) to end. */
	bool move_pending;
	int move_col;
	double move_not_before;

	/* The engine's last snapshot, of whatever ran (the speedup screen's
	 * too), and that screen's timeline; the panel draws neither but
	 * through struct ui_search. */
	struct stats_snapshot snap;
	bool have_snap;
	struct ui_timeline tl;
	double next_tick;

	/* The board view. */
	int cursor;
	int hint_col; /* -1 none */
	/* The hint's score as said, and the search it is read from (its
	 * stats `searches`, 0: not known): the frame log's "hint". */
	enum score_kind hint_kind;
	int hint_score;
	uint64_t hint_id;
	struct ui_anim anim;

	/* The screen. */
	bool utf8, color;
	int cw, ch; /* board cell width and height: 4x1; 6x2, 8x3 and up
	             * (2 * ch + 2 wide) as the terminal grows */
	int lines, cols;
	bool too_small;
	int need_w, need_h;
	WINDOW *wtitle, *wboard, *wpanel, *wstatus;
	int dirty;
	bool help;
	int help_scroll;
	char msg[192];
	bool msg_warn;
	double msg_time;
	struct ui_speedup speedup;
	struct ui_review *review; /* the v key's review, or NULL */

	bool quit;
	FILE *log;
};

/* The screens, for the key table: the game and the speedup screen. */
enum ui_screen {
	UI_SCREEN_GAME = 1,
	UI_SCREEN_SPEEDUP = 2,
	UI_SCREEN_BOTH = 3,
};

/* The modes of the keys: play, or a view that takes the keys it has
 * before play does (ui_key() in ui-keys.c). */
enum ui_mode {
	UI_MODE_PLAY = 0,
	UI_MODE_REVIEW, /* the review (v): every key */
	UI_MODE_HELP,   /* the help overlay: every key */
	UI_MODE_LEGEND, /* the panel's legend: its keys, the others play */
};

#define UI_KEY_ESC   27
#define UI_KEY_CODES 10
#define UI_KEY_ANY   (-2) /* in codes: every key (curses codes are >= 0) */

/* One entry of the key table (ui-keys.c). */
struct ui_key {
	const char *keys; /* as the help, --help and the man page name them;
	                     NULL: not listed (the mouse) */
	const char *what;
	enum ui_mode mode; /* the mode the key works in */
	void (*fn)(struct ui *, int);
	int screens; /* enum ui_screen bits where the key works */
	/* The key bars: label (NULL: not in a bar), on which screens, and
	 * the glyphs when not the keys themselves. */
	const char *bar;
	int bar_screens;
	const char *bar_keys, *bar_utf8;
	/* In the bar only when this says so (the mode of play); NULL: always.
	 */
	bool (*bar_when)(const struct ui *);
	int codes[UI_KEY_CODES]; /* 0-terminated */
};
extern const struct ui_key ui_keys[];
extern const int ui_nkeys;

/* ui.c */
double ui_now(void);
/* The hint's message: column col of the last result (ui->res, of the
 * position on the board), with that column's own score where it has one
 * (res.score may be a level's noisy value of the move it would play, not
 * the best column's); the hint's fields for the frame log. */
void ui_hint_say(struct ui *ui, int col);
void ui_message(struct ui *ui, bool warn, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void ui_log(struct ui *ui, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void ui_limits(const struct ui *ui, struct search_limits *lim);
/* Who plays the side to move, as words: "You", "AI", "Player 1". */
const char *ui_player_name(const struct ui *ui, int player);
/* The side itself: "red" / "yellow" in colour, else its token. */
const char *ui_side_name(const struct ui *ui, int player);
/* Count a finished game on the session's scoreboard. */
void ui_score_game(struct ui *ui);
/* Remember the settings in the settings file (cli/prefs.h), as the game
 * ends.  0, or -1 with errno. */
int ui_settings_save(struct ui *ui);

/* ui-draw.c */
/* "●" / "X": the token of player 1 or 2 as text (no colour). */
const char *ui_token(const struct ui *ui, int player);
attr_t ui_attr(const struct ui *ui, enum ui_color c);
/* A frame around the whole window, in the frame colour. */
void ui_box(const struct ui *ui, WINDOW *w);
/* Cells a UTF-8 string takes (every character drawn here is one wide). */
int ui_cells(const char *s);
/* A column's one-character name on screen, which is also its key: 1-9,
 * then A-G for columns 10 to 16 of a wide board (the move notation's
 * a-g, read in either case). */
char ui_col_char(int col);
/* Draw a string clipped to the window's width, never wrapped. */
void ui_puts(WINDOW *w, int y, int x, const char *s);
/* The same inside a boxed window: clipped before the right border, and
 * nothing on the border rows. */
void ui_puts_box(WINDOW *w, int y, int x, const char *s);
/* Add at most `cells` characters of s at the cursor; returns those added. */
int ui_addn(WINDOW *w, const char *s, int cells);
/* Cells left before a boxed window's right border from the cursor. */
int ui_room(WINDOW *w);
/* A horizontal bar: v out of t in width cells (eighths in UTF-8). */
void ui_bar(const struct ui *ui, WINDOW *w, int y, int x, int width, double v,
            double t, attr_t attr);

/* ui-jobs.c */
/* Start a search of b with lim as job (the one way every job starts). */
void ui_job_start(struct ui *ui, enum ui_job job, const board_t *b,
                  const struct search_limits *lim);
/* Start job on the game's position with the current settings. */
void ui_start(struct ui *ui, enum ui_job job);
void ui_cancel(struct ui *ui);
/* Decide what the engine should be doing now (move, hint, analysis, ponder or
 * nothing) and start or cancel searches to match. */
void ui_think(struct ui *ui);
/* Whether either player is the AI (ui-common.c). */
bool ui_has_ai(const struct ui *ui);
/* Drop a token; by_ai moves skip the whose-turn checks. */
bool ui_drop(struct ui *ui, int col, bool by_ai);
void ui_game_over(struct ui *ui);
/* Take a statistics snapshot now (marks the panel dirty). */
void ui_snapshot(struct ui *ui);
/* One loop turn's look at the engine, the AI's pending move and the
 * message's age. */
void ui_poll(struct ui *ui);

/* ui-keys.c */
enum ui_screen ui_screen(const struct ui *ui);
void ui_key(struct ui *ui, int ch);
/* Whether either player is a human. */
bool ui_has_human(const struct ui *ui);

/* ui-keys-game.c: the handlers of the keys that play (the table's fn). */
void ui_keys_game_drop(struct ui *ui, int ch);
void ui_keys_game_cursor_end(struct ui *ui, int ch);
void ui_keys_game_cursor(struct ui *ui, int ch);
void ui_keys_game_enter(struct ui *ui, int ch);
void ui_keys_game_undo(struct ui *ui, int ch);
void ui_keys_game_redo(struct ui *ui, int ch);
void ui_keys_game_hint(struct ui *ui, int ch);
void ui_keys_game_swap(struct ui *ui, int ch);
void ui_keys_game_move_now(struct ui *ui, int ch);
void ui_keys_game_pause(struct ui *ui, int ch);
void ui_keys_game_new(struct ui *ui, int ch);
void ui_keys_game_save(struct ui *ui, int ch);
void ui_keys_game_quit(struct ui *ui, int ch);
void ui_keys_game_mouse(struct ui *ui, int ch);

/* ui-keys-search.c: the handlers of the keys that set the search. */
void ui_keys_search_depth(struct ui *ui, int ch);
void ui_keys_search_threads(struct ui *ui, int ch);
void ui_keys_search_level(struct ui *ui, int ch);
void ui_keys_search_perfect(struct ui *ui, int ch);
void ui_keys_search_analysis(struct ui *ui, int ch);
void ui_keys_search_ponder(struct ui *ui, int ch);
void ui_keys_search_speedup(struct ui *ui, int ch);
void ui_keys_search_speedup_back(struct ui *ui, int ch);
void ui_keys_search_speedup_again(struct ui *ui, int ch);

/* ui-keys-view.c: the handlers of the views' keys, and of their modes. */
void ui_keys_view_review(struct ui *ui, int ch);
void ui_keys_view_help(struct ui *ui, int ch);
void ui_keys_view_legend(struct ui *ui, int ch);
void ui_keys_view_mouse_toggle(struct ui *ui, int ch);
void ui_keys_view_motion(struct ui *ui, int ch);
void ui_keys_view_review_back(struct ui *ui, int ch);
void ui_keys_view_review_help(struct ui *ui, int ch);
void ui_keys_view_review_wait(struct ui *ui, int ch);
void ui_keys_view_help_scroll(struct ui *ui, int ch);
void ui_keys_view_help_close(struct ui *ui, int ch);
void ui_keys_view_legend_scroll(struct ui *ui, int ch);
void ui_keys_view_legend_close(struct ui *ui, int ch);

/* ui-keybar.c */
/* The key bar of a screen on row y of w, htop style. */
void ui_keybar_draw(const struct ui *ui, WINDOW *w, int y,
                    enum ui_screen screen);

/* ui-term.c */
void ui_term_signals(void);
/* Block the terminal's signals in this thread, so that the threads it
 * starts leave them to it (they interrupt its getch()); undo with
 * pthread_sigmask(SIG_SETMASK, old, NULL). */
void ui_term_block_signals(sigset_t *old);
/* Back to the default actions (before the plain-text fallback). */
void ui_term_signals_default(void);
/* Start curses and colours; false if the terminal cannot. */
bool ui_term_start(struct ui *ui);
void ui_term_end(void);
/* Mouse capture on or off (off leaves the terminal's own selection, for
 * copying inside tmux). */
void ui_term_mouse(struct ui *ui, bool on);
void ui_term_suspend(struct ui *ui);
/* The engine's snapshot into ui->snap. */
void ui_take_snapshot(struct ui *ui);
/* The signal that asked to quit, or 0. */
int ui_term_quit_signal(void);
bool ui_term_stop_asked(void);

/* ui-board.c */
/* Width and height the board needs, score rows included (with cells of
 * cw x ch, or the current ones). */
void ui_board_size(const struct ui *ui, int *w, int *h);
void ui_board_size_at(const struct ui *ui, int cw, int ch, int *w, int *h);
void ui_board_draw(struct ui *ui, WINDOW *w);
/* Column under screen x in the board window, or -1. */
int ui_board_column_at(const struct ui *ui, int x);
void ui_board_animate(struct ui *ui, int col);
/* True while a token is still falling. */
bool ui_board_animating(struct ui *ui);

/* ui-model.c */
/* A new search of the game starts (job on root): new per-search state. */
void ui_search_begin(struct ui *ui, enum ui_job job, const board_t *root,
                     bool restarted);
/* The engine's snapshot ui->snap into the search on show (its proof
 * appended, its timeline sampled). */
void ui_search_update(struct ui *ui);
/* The search ended; source: "book" or "table" when no search chose. */
void ui_search_end(struct ui *ui, const char *source);
/* The search was cancelled (no answer): ended, and named "stopped". */
void ui_search_stop(struct ui *ui);
/* Forget the game's searches (a new game). */
void ui_search_forget(struct ui *ui);
/* The frame's model from the search on show (struct ui, model). */
void ui_model_build(struct ui *ui);
/* The proof's snapshot p ended with every legal column of its root done. */
bool ui_proof_proven(const struct stats_snapshot *p);
/* Row-state words of the root rows ("searching", "from depth 9", ...). */
const char *ui_model_col_state(int state);

/* ui-frames.c: --frame-log, one JSON line per frame drawn. */
void ui_frames_open(struct ui *ui, const char *path);
void ui_frames_write(struct ui *ui, const char *view);
void ui_frames_close(struct ui *ui);

/* ui-timeline.c */
/* Add snapshot s's interval to the timeline tl (while a search runs). */
void ui_timeline_sample(struct ui_timeline *tl, const struct stats_snapshot *s);
/* Each thread's busy over the last second of tl (its newest cells that
 * add up to a second) into recent[], s's busy where tl has none. */
void ui_timeline_recent(const struct ui_timeline *tl,
                        const struct stats_snapshot *s, double *recent);
/* Sample k back from the newest (0 the newest) of thread i, 0 if none. */
unsigned char ui_timeline_at(const struct ui_timeline *tl, int i, int k);
/* The timeline of the frame's model from row y, `height` rows a thread;
 * returns the rows used. */
int ui_panel_timeline(struct ui *ui, WINDOW *w, int y, int width, int maxrows,
                      int height, const struct panel_model *m);

/* ui-panel.c */
/* printf into row y from column x, clipped inside the box. */
void ui_panel_printf(WINDOW *w, int y, int x, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Add s at the cursor, clipped before the right border. */
void ui_panel_add(WINDOW *w, const char *s);
/* After fg the screen is repainted whole at once, again this much later
 * and at the first key: what lands on the terminal just after the resume
 * (under mpirun its "Forwarding signal 18 to job" line, which scrolls the
 * screen, later still on a loaded machine) is painted over too. */
#define UI_REPAINT_AFTER_RESUME_S 0.3
#define UI_PANEL_MIN_W            38
#define UI_BOARD_MIN_W            31 /* room for the selected column's score in words */
#define UI_PANEL_WIDE             60 /* a panel this wide leaves room for big cells */
#define UI_PANEL_LARGE            100 /* and this wide for the largest */
#define UI_PANEL_MAX_W            200
#define UI_CELL_MAX_H             12 /* the tallest cells on a huge terminal */
#define UI_PANEL_MIN_H            11
void ui_panel_draw(struct ui *ui, WINDOW *w);
/* ui-threads.c.  Per-thread rows of a snapshot from row y, with each
 * thread's busy over the last second (recent, NULL: none); returns the
 * rows used. */
int ui_panel_threads(const struct ui *ui, WINDOW *w, int y, int x, int width,
                     int maxrows, const struct stats_snapshot *s,
                     const double *recent);
/* The load balance line of a snapshot at row y, column x. */
void ui_panel_balance(const struct ui *ui, WINDOW *w, int y, int x, int width,
                      const struct stats_snapshot *s);

/* ui-review.c: the review of the game where the panel was (v) */
struct ui_review;
bool ui_review_open(struct ui *ui);
void ui_review_close(struct ui *ui);
/* True while the review is still being filled in (redraw it). */
bool ui_review_poll(struct ui *ui);
void ui_review_draw(struct ui *ui, WINDOW *w);

/* ui-legend.c: what every field of the panel means (i), in its place */
void ui_legend_draw(struct ui *ui, WINDOW *w);
/* The speedup screen's columns defined, over it from row y (i there). */
void ui_legend_speedup(struct ui *ui, int y);

/* ui-help.c */
void ui_help_draw(struct ui *ui);

/* ui-speedup.c */
void ui_speedup_open(struct ui *ui);
void ui_speedup_close(struct ui *ui);
/* Start the runs again from one thread, with the current settings. */
void ui_speedup_restart(struct ui *ui);
/* Poll the engine; returns true if the screen changed. */
bool ui_speedup_poll(struct ui *ui);
void ui_speedup_draw(struct ui *ui);

/* The cell size for the terminal, and the size the game then needs
 * (ui->need_w, need_h): ui-board.c. */
void ui_fit(struct ui *ui);

#endif
