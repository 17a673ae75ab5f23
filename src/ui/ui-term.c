/* ui-term.c -- the terminal: curses start and end, colours, signals
 * (quit, suspend, fatal ones) and the terminal's restoration on every way
 * out.
 *
 * Signals only set flags that the main loop reads (ui_term_quit_signal(),
 * ui_term_stop_asked()): SIGINT, SIGTERM and SIGHUP end the game, SIGTSTP
 * suspends it; SIGWINCH is left to curses, which turns it into KEY_RESIZE.
 * Fatal signals and exit() restore the terminal first.
 */
#include "config.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/util.h"
#include "ui/ui-int.h"

static volatile sig_atomic_t ui_sig_quit;
static volatile sig_atomic_t ui_sig_tstp;
static volatile sig_atomic_t ui_curses_on;
static bool ui_stop_group; /* ui_suspend_group() */

void
ui_suspend_group(bool on)
{
	ui_stop_group = on;
}

static void
ui_on_signal(int sig)
{
	if (sig == SIGTSTP)
		ui_sig_tstp = 1;
	else
		ui_sig_quit = sig;
}

/* The program continues after a suspension: the clock leaves the stopped
 * time out (util_clock_continued()). */
static void
ui_on_cont(int sig)
{
	(void)sig;
	util_clock_continued();
}

static void
ui_on_fatal(int sig)
{
	if (ui_curses_on) {
		ui_curses_on = 0;
		endwin();
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
ui_atexit(void)
{
	if (ui_curses_on) {
		ui_curses_on = 0;
		endwin();
	}
}

void
ui_term_signals(void)
{
	static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = ui_on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGTSTP, &sa, NULL);
	sa.sa_handler = ui_on_cont;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGCONT, &sa, NULL);
	sa.sa_handler = ui_on_fatal;
	sa.sa_flags = SA_RESETHAND;
	for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		sigaction(fatal[i], &sa, NULL);
}

void
ui_term_block_signals(sigset_t *old)
{
	sigset_t block;

	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGTSTP);
	sigaddset(&block, SIGWINCH);
	pthread_sigmask(SIG_BLOCK, &block, old);
}

void
ui_term_signals_default(void)
{
	static const int sigs[] = {SIGINT,  SIGTERM, SIGHUP, SIGTSTP, SIGCONT,
	                           SIGSEGV, SIGBUS,  SIGFPE, SIGILL,  SIGABRT};

	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], SIG_DFL);
}

void
ui_term_suspend(struct ui *ui)
{
	struct sigaction sa, old;

	ui_sig_tstp = 0;
	ui_log(ui, "suspend");
	curs_set(1);
	endwin();
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTSTP, &sa, &old);
	/* Stops here until SIGCONT; with the group (ui_suspend_group()), the
	 * job's every process stops, so the shell sees its job stopped, and
	 * only once the terminal is restored. */
	util_clock_stopping();
	if (ui_stop_group)
		kill(0, SIGSTOP);
	else
		kill(getpid(), SIGTSTP);
	sigaction(SIGTSTP, &old, NULL);
	ui_log(ui, "resume");
	/* The shell wrote on the terminal meanwhile (its prompt, the job's
	 * name after fg, a scroll): repaint all of it, not only what curses
	 * thinks has changed. */
	clearok(curscr, TRUE);
	refresh();
	curs_set(0);
	ui->dirty |= UI_DIRTY_ALL;
	ui->repaint_at = ui_now() + UI_REPAINT_AFTER_RESUME_S;
	ui->repaint_key = true;
}

bool
ui_term_start(struct ui *ui)
{
	static bool atexit_done;
	SCREEN *scr;

	if (!atexit_done) {
		atexit(ui_atexit);
		atexit_done = true;
	}
	scr = newterm(NULL, stdout, stdin);
	if (scr == NULL)
		return false;
	set_term(scr);
	ui_curses_on = 1;
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	/* Home and End as terminals and multiplexers really send them, not
	 * only as the terminfo entry says: inside tmux or screen with
	 * TERM=xterm-256color, End arrives as ESC [ 4 ~, which unknown would
	 * be read as Esc, '[', '4' (a move in column 4) and '~'. */
	static const struct {
		const char *seq;
		int key;
	} extra[] = {
	    {"\033[1~", KEY_HOME}, {"\033[7~", KEY_HOME}, {"\033[H", KEY_HOME},
	    {"\033OH", KEY_HOME},  {"\033[4~", KEY_END},  {"\033[8~", KEY_END},
	    {"\033[F", KEY_END},   {"\033OF", KEY_END},
	};
	for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
		if (key_defined(extra[i].seq) == 0)
			define_key(extra[i].seq, extra[i].key);
	set_escdelay(25);
	curs_set(0);
	/* getch() refreshes stdscr: refresh it once now, so that later it
	 * has nothing to draw over the windows. */
	refresh();
	ui_term_mouse(ui, ui->mouse);
	ui->color = has_colors() && !ui->o->no_color;
	if (ui->color) {
		start_color();
		use_default_colors();
		init_pair(UI_C_P1, COLOR_RED, -1);
		init_pair(UI_C_P2, COLOR_YELLOW, -1);
		init_pair(UI_C_FRAME, COLOR_BLUE, -1);
		init_pair(UI_C_WIN, COLOR_GREEN, -1);
		init_pair(UI_C_DRAW, COLOR_YELLOW, -1);
		init_pair(UI_C_LOSS, COLOR_RED, -1);
		init_pair(UI_C_HEUR, COLOR_CYAN, -1);
		init_pair(UI_C_TITLE, COLOR_BLACK, COLOR_CYAN);
		init_pair(UI_C_KEY, COLOR_BLACK, COLOR_CYAN);
		init_pair(UI_C_BAR, COLOR_GREEN, -1);
		init_pair(UI_C_BAR2, COLOR_MAGENTA, -1);
		init_pair(UI_C_HEAD, COLOR_CYAN, -1);
		init_pair(UI_C_WARN, COLOR_RED, -1);
	}
	return true;
}

void
ui_term_mouse(struct ui *ui, bool on)
{
	/* The release is asked for too, and ignored (key_mouse()): a button
	 * event outside the mask is swallowed inside getch(), which then
	 * waits for the next input whatever timeout() said, and the screen
	 * froze until a key came.  No click resolution (mouseinterval 0):
	 * the press drops the token at once. */
	ui->mouse = on;
	mousemask(on ? BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED : 0,
	          NULL);
	mouseinterval(0);
}

void
ui_term_end(void)
{
	curs_set(1);
	ui_curses_on = 0;
	endwin();
}

int
ui_term_quit_signal(void)
{
	return ui_sig_quit;
}

bool
ui_term_stop_asked(void)
{
	return ui_sig_tstp != 0;
}
