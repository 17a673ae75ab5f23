# lib-tmux.sh -- drive a full-screen program in a detached tmux session.
#
# Sourced by tests/tui.sh, tests/tour.sh, tests/faults.sh, tests/tui-soak.sh
# and bench/responsiveness.sh.  Every helper talks to a private tmux server
# (its own socket, no config file), so a user's tmux is never touched.  The
# session is named "main" and has one pane.  A test that sources
# tests/lib-check.sh first stops the server at exit with
# `check_at_exit tmux_kill`; a script without it traps EXIT itself.
#
#   tmux_start W H CMD   start CMD (a shell command line) in a W x H pane;
#                        when it ends the pane shows "[exited STATUS]"
#   tmux_send KEYS...    tmux send-keys (names like Enter, Left, C-c work)
#   tmux_type TEXT       send TEXT literally
#   tmux_capture         print the screen
#   tmux_wait TEXT [S]   wait up to S seconds (default 10) for TEXT on screen
#   tmux_wait_re RE [S]  the same for an extended regular expression
#   tmux_wait_gone TEXT [S]   wait for TEXT to leave the screen
#   tmux_poll S WHAT CMD...   read the screen into $tmux_last until CMD
#                        succeeds, up to S seconds
#   tmux_count_re RE     how many screen lines match RE
#   tmux_quit            q, and q again when the game asks (a game in
#                        progress is not left on one key)
#   tmux_resize W H      resize the window
#   tmux_pid             pid of the pane's shell
#   tmux_alive           true while the session exists
#   tmux_kill            stop the server (safe to call twice)
#
# A failed wait prints what was expected and the screen, and returns 1.

TMUX_BIN=${TMUX_BIN:-tmux}
tmux_socket="dropfour-test-$$"
tmux_last=""

tmux_cmd() {
	"$TMUX_BIN" -L "$tmux_socket" -f /dev/null "$@"
}

# CMD runs under sh, which then prints "[exited STATUS]" and waits: a
# shell reaps the program (tmux as the direct parent was seen to miss the
# exit of a program with many threads now and then).
tmux_start() {
	_w=$1
	_h=$2
	shift 2
	tmux_cmd new-session -d -s main -x "$_w" -y "$_h" \
	    "$*; echo \"[exited \$?]\"; exec sleep 3600" \; \
	    set-option -g status off \; \
	    set-option -s escape-time 0
}

tmux_send() {
	tmux_cmd send-keys -t main "$@"
}

tmux_type() {
	tmux_cmd send-keys -t main -l -- "$1"
}

tmux_capture() {
	tmux_cmd capture-pane -p -t main
}

# Sleep a little: fractional sleep where the system has it.
tmux_nap() {
	sleep 0.05 2>/dev/null || sleep 1
}

tmux_fail() {
	echo "FAIL: $1" >&2
	echo "---- screen ----" >&2
	tmux_capture >&2
	echo "----------------" >&2
	return 1
}

# Read the screen into $tmux_last until the command PRED... succeeds on it,
# for at most LIMIT seconds; then fail with "WHAT after LIMITs".
tmux_poll() {
	_limit=$1
	_what=$2
	shift 2
	_start=$(date +%s)
	while :; do
		tmux_last=$(tmux_capture)
		if "$@"; then
			return 0
		fi
		if [ $(($(date +%s) - _start)) -ge "$_limit" ]; then
			tmux_fail "$_what after ${_limit}s"
			return 1
		fi
		tmux_nap
	done
}

# Read the screen into $tmux_last and run the command PRED... on it until it
# succeeds, with a nap between tries; false (quietly) after N naps.
tmux_retry() {
	_n=$1
	shift
	_i=0
	while :; do
		tmux_last=$(tmux_capture)
		"$@" && return 0
		_i=$((_i + 1))
		[ $_i -gt "$_n" ] && return 1
		tmux_nap
	done
}

_tmux_has() {
	case $tmux_last in
	*"$1"*) return 0 ;;
	esac
	return 1
}

_tmux_lacks() { ! _tmux_has "$1"; }

_tmux_matches() { printf '%s\n' "$tmux_last" | grep -Eq -- "$1"; }

tmux_wait() {
	tmux_poll "${2:-10}" "no '$1' on screen" _tmux_has "$1"
}

tmux_wait_re() {
	tmux_poll "${2:-10}" "nothing matches /$1/" _tmux_matches "$1"
}

tmux_wait_gone() {
	tmux_poll "${2:-10}" "'$1' still on screen" _tmux_lacks "$1"
}

tmux_count_re() {
	tmux_capture | grep -Ec -- "$1"
}

_tmux_asks_quit() { _tmux_has "q again quits"; }
tmux_quit() {
	tmux_send q || return 1
	if tmux_retry 10 _tmux_asks_quit; then
		tmux_send q
	fi
	return 0
}

tmux_resize() {
	tmux_cmd resize-window -t main -x "$1" -y "$2"
}

tmux_pid() {
	tmux_cmd display-message -p -t main '#{pane_pid}'
}

tmux_alive() {
	tmux_cmd has-session -t main 2>/dev/null
}

tmux_kill() {
	tmux_cmd kill-server 2>/dev/null || :
	# Let the server go before a new one takes the socket name.
	_i=0
	while tmux_cmd list-sessions >/dev/null 2>&1 && [ $_i -lt 40 ]; do
		tmux_nap
		_i=$((_i + 1))
	done
}
