#!/bin/sh
# faults.sh -- signals, kills, full and read-only disks, too little memory.
# Run by `make check` with $DROPFOUR naming the binary and
# $TMUX_BIN naming tmux; tests/faults-long.sh runs the same cases many
# more times (FAULT_KILLS, FAULT_SIGNALS) and counts them.
#
#   1. Exit statuses of --version, --help and a bad option (the ASan build
#      of make check also sees a leak on these early exits).
#   2. Memory: a --tt-mb larger than the memory available, and a small
#      ulimit -v, stop the run at start with a sentence naming the option
#      (exit status 2), before any board is shown.
#   3. Saves: a save never leaves a half-written file.  strace shows that
#      the save file itself is only ever the target of rename(2), and a
#      text game saving in a loop is killed (SIGKILL) at random moments
#      FAULT_KILLS times (default 5): the file is always absent or a complete save.
#      Saving to /dev/full, into a read-only folder or onto a full tmpfs
#      (root only: mount) says why and the game goes on; a full disk keeps
#      the previous save; a symbolic link is followed and kept; the file's
#      mode is kept.
#   4. Signals: SIGINT, SIGTERM and SIGHUP at random moments of the
#      curses game's searches (perfect play and depth-limited AI against
#      AI): the exit status is 128 + the signal and `stty -a` is the same
#      before and after.  FAULT_SIGNALS rounds of the three (default 1).
#      Saving to /dev/full from the curses game shows the reason and play
#      goes on.
#
# Cases that need what the machine lacks (strace, tmux, mount, a binary
# that runs under ulimit -v) say so and are skipped.
set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib-check.sh"
check_begin faults
kill_rounds=${FAULT_KILLS:-5}
sig_rounds=${FAULT_SIGNALS:-1}
TMUX_BIN=${TMUX_BIN:-}
if [ -n "$TMUX_BIN" ] && command -v "$TMUX_BIN" >/dev/null 2>&1; then
	. "$here/lib-tmux.sh"
	have_tmux=yes
	check_at_exit tmux_kill
else
	have_tmux=no
fi

# The tmpfs mounted under $tmp are unmounted at exit, before $tmp goes.
mounted=""
check_at_exit 'for m in $mounted; do umount "$m" 2>/dev/null; done'
out=$tmp/out
# Counts for tests/faults-long.sh.
kills=0
signals=0

# A case that passed says so; one that failed is lib-check's fail_with
# (with the output); a case that cannot run here says why (the others run).
skip() { check_part_skip "$1" "$2"; }

# random N: a number from 0 to N-1.
random() {
	od -An -N2 -tu2 /dev/urandom | awk -v n="$1" '{ print $1 % n }'
}

# A small table keeps every run quick.
T="--tt-mb 8"

# ---- 1. early exits ---------------------------------------------------

"$DROPFOUR" --version >"$out" 2>&1
s1=$?
"$DROPFOUR" --help >"$out" 2>&1
s2=$?
"$DROPFOUR" --depth=0 >"$out" 2>&1
s3=$?
if [ "$s1$s2$s3" = 002 ] && grep -q "invalid argument '0' for --depth" "$out"; then
	ok "exit statuses of --version, --help, a bad option (0 0 2)"
else
	fail_with "$out" "exit statuses of --version, --help, a bad option: $s1 $s2 $s3"
fi

# ---- 2. memory ------------------------------------------------------------

# refused_at_start WHAT LIMIT PATTERN ARGS...: dropfour ARGS (stdin "4")
# under ulimit -v LIMIT (kB, or "unlimited") must stop with exit status 2
# and a line matching PATTERN, before any board or game starts.
refused_at_start() {
	_what=$1
	_limit=$2
	_pattern=$3
	shift 3
	(ulimit -v "$_limit" && echo 4 | "$DROPFOUR" "$@") >"$out" 2>&1
	_s=$?
	if [ $_s -eq 2 ] && grep -q -- "$_pattern" "$out" &&
		! grep -qE "to move|game 1" "$out"; then
		ok "$_what: a clear error at start"
	else
		fail_with "$out" "$_what: exit $_s"
	fi
}

# text mode, human first: the table would only be needed after a move.
refused_at_start "--tt-mb larger than the memory" unlimited "--tt-mb" \
	--text --tt-mb 1048576

if (ulimit -v 1000000 && "$DROPFOUR" --version) >/dev/null 2>&1; then
	for mode in "--text" "selfplay -W 4 -H 4 -d 2" "solve"; do
		# shellcheck disable=SC2086
		refused_at_start "ulimit -v below the default table ($mode)" \
			200000 "ulimit -v" $mode
	done
	# Room for the table but not for the 8 threads asked for.
	# shellcheck disable=SC2086
	refused_at_start "ulimit -v too small for the threads asked for" \
		120000 "8 search threads" selfplay $T -W 4 -H 4 -d 2 -j 1,8
	# What it asks for fits: the game is played.
	(ulimit -v 400000 && "$DROPFOUR" selfplay $T -W 4 -H 4 -d 2 -j 1,4) >"$out" 2>&1
	s=$?
	if [ $s -eq 0 ] && grep -q "^result: " "$out"; then
		ok "ulimit -v with room enough: the game is played"
	else
		fail_with "$out" "ulimit -v with room enough: exit $s"
	fi
else
	skip "ulimit -v" "this binary does not run under ulimit -v (a sanitizer build?)"
fi

# ---- 3. saves -------------------------------------------------------------

# text_saves FILE MOVES...: a human-human 4x4 text game that plays MOVES,
# saving to FILE after each one; output in $out.
text_saves() {
	_f=$1
	shift
	for _m in "$@"; do printf '%s\nw %s\n' "$_m" "$_f"; done |
		"$DROPFOUR" --text --mode human-human -W 4 -H 4 $T >"$out" 2>&1
}

# valid_save FILE: a complete save of a 4x4 game (or no file at all).
valid_save() {
	[ ! -e "$1" ] && return 0
	awk 'NR == 1 && $0 != "dropfour-game 1" { bad = 1 }
	     NR == 2 && $0 != "size 4x4" { bad = 1 }
	     NR == 3 && $0 !~ /^players (human|ai) (human|ai)$/ { bad = 1 }
	     NR == 4 && $0 !~ /^moves [1-4]*$/ { bad = 1 }
	     END { exit bad || NR != 4 }' "$1"
}

if command -v strace >/dev/null 2>&1 &&
	strace -f -o /dev/null true 2>/dev/null; then
	save=$tmp/strace-save.txt
	printf '1\nw %s\n2\nw %s\n' "$save" "$save" |
		strace -f -o "$tmp/trace" -e trace=open,openat,creat,truncate,rename,renameat,renameat2,unlink,unlinkat \
			"$DROPFOUR" --text --mode human-human -W 4 -H 4 $T >"$out" 2>&1
	# Every system call naming the save file itself (not its .tmp).
	grep -F "\"$save\"" "$tmp/trace" >"$tmp/calls"
	renames=$(grep -c "^[0-9]* *rename.*\"$save\.tmp.*\"$save\"" "$tmp/calls")
	others=$(grep -vc "^[0-9]* *rename" "$tmp/calls")
	if [ "$renames" -eq 2 ] && [ "$others" -eq 0 ] && valid_save "$save" &&
		grep -q "^moves 12$" "$save"; then
		ok "a save only ever renames a complete temporary file onto the save (strace)"
	else
		cat "$tmp/calls" >>"$out"
		fail_with "$out" "strace: $renames renames onto the save, $others other calls on it"
	fi
else
	skip "strace of a save" "no strace (or not allowed here)"
fi

# A game saving in a loop, killed at a random moment.
save=$tmp/killed.txt
bad=0
r=0
while [ $r -lt "$kill_rounds" ]; do
	r=$((r + 1))
	rm -f "$save" "$save".tmp*
	(
		i=0
		while [ $i -lt 200 ]; do
			printf '1\nw %s\n2\nw %s\n3\nw %s\nu\nw %s\nu\nw %s\nu\nw %s\n' \
				"$save" "$save" "$save" "$save" "$save" "$save"
			i=$((i + 1))
		done
	) | "$DROPFOUR" --text --mode human-human -W 4 -H 4 $T >/dev/null 2>&1 &
	pid=$!
	sleep "0.$(random 10)$(random 10)" 2>/dev/null || sleep 1
	# $! is the pipeline's last process: dropfour.
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	kills=$((kills + 1))
	if ! valid_save "$save"; then
		bad=$((bad + 1))
		cp "$save" "$tmp/half-written.$r"
	fi
done
if [ $bad -eq 0 ]; then
	ok "SIGKILL at a random moment of saving in a loop: never a partial file ($kills kills)"
else
	fail_with "$out" "SIGKILL mid-save: $bad of $kills files not a complete save"
fi

if [ -c /dev/full ]; then
	printf '1\nw /dev/full\n2\nb\n' |
		"$DROPFOUR" --text --mode human-human -W 4 -H 4 $T >"$out" 2>&1
	if grep -q "Cannot save to /dev/full: No space left on device" "$out" &&
		grep -q "^moves: 12$" "$out" && [ -c /dev/full ]; then
		ok "save to /dev/full: the reason, the game goes on, the device stays"
	else
		fail_with "$out" "save to /dev/full"
	fi
else
	skip "save to /dev/full" "no /dev/full"
fi

# A read-only folder: a read-only tmpfs as root (root may write anywhere
# else), a folder without write permission otherwise.
ro=$tmp/read-only
mkdir -p "$ro"
ro_ok=no
if [ "$(id -u)" -eq 0 ]; then
	mount -t tmpfs -o ro,size=64k dropfour-faults "$ro" 2>/dev/null &&
		mounted="$mounted $ro" && ro_ok=yes
else
	chmod a-w "$ro" && ro_ok=yes
fi
if [ $ro_ok = yes ]; then
	text_saves "$ro/game.txt" 1 2
	if grep -Eq "Cannot save to $ro/game.txt: (Read-only file system|Permission denied)" "$out" &&
		grep -q "^moves: 12$" "$out" && [ ! -e "$ro/game.txt" ]; then
		ok "save into a read-only folder: the reason, the game goes on"
	else
		fail_with "$out" "save into a read-only folder"
	fi
else
	skip "save into a read-only folder" "cannot mount a read-only tmpfs"
fi

# A full disk: a tiny tmpfs, the old save kept.
full=$tmp/full
mkdir -p "$full"
if [ "$(id -u)" -eq 0 ] &&
	mount -t tmpfs -o size=16k dropfour-faults "$full" 2>/dev/null; then
	mounted="$mounted $full"
	text_saves "$full/game.txt" 1
	cp "$full/game.txt" "$tmp/before.txt"
	dd if=/dev/zero of="$full/filler" bs=1k count=64 2>/dev/null
	text_saves "$full/game.txt" 1 2
	if grep -q "Cannot save to $full/game.txt: No space left on device" "$out" &&
		grep -q "^moves: 12$" "$out" &&
		cmp -s "$full/game.txt" "$tmp/before.txt" &&
		[ -z "$(find "$full" -name 'game.txt.tmp*')" ]; then
		ok "save onto a full disk: the reason, the old save kept, no temporary file left"
	else
		fail_with "$out" "save onto a full disk"
	fi
else
	skip "save onto a full disk" "cannot mount a tmpfs (not root)"
fi

# A symbolic link is followed and kept; the mode is kept.
mkdir -p "$tmp/real"
: >"$tmp/real/game.txt"
chmod 640 "$tmp/real/game.txt"
ln -s real/game.txt "$tmp/link.txt"
text_saves "$tmp/link.txt" 1 2
if [ -L "$tmp/link.txt" ] && valid_save "$tmp/real/game.txt" &&
	grep -q "^moves 12$" "$tmp/real/game.txt" &&
	[ "$(stat -c %a "$tmp/real/game.txt")" = 640 ]; then
	ok "save through a symbolic link: the link kept, its file replaced, mode kept"
else
	fail_with "$out" "save through a symbolic link"
fi

# ---- 4. signals in the curses game ---------------------------------------

if [ "$have_tmux" = yes ]; then
	G="$DROPFOUR $T --threads 2 --ascii --mode ai-ai"
	bad=0
	r=0
	while [ $r -lt "$sig_rounds" ]; do
		r=$((r + 1))
		for sig in INT TERM HUP; do
			case $sig in INT) num=2 ;; TERM) num=15 ;; HUP) num=1 ;; esac
			# Perfect play (long searches) or depth 10 (many short
			# ones, so the signal also lands between searches).
			if [ $(random 2) -eq 0 ]; then play=--perfect; else play="--depth 10"; fi
			log=$tmp/sig.log
			rm -f "$log" "$tmp/stty.before" "$tmp/stty.after"
			tmux_socket="dropfour-faults-$$-$r-$sig"
			tmux_start 100 30 "stty -a >'$tmp/stty.before'; DROPFOUR_LOG='$log' $G $play; echo \"rc=\$?\"; stty -a >'$tmp/stty.after'" >/dev/null
			i=0
			while ! grep -q "start job" "$log" 2>/dev/null && [ $i -lt 200 ]; do
				tmux_nap
				i=$((i + 1))
			done
			sleep "0.$(random 10)" 2>/dev/null
			pid=$(sed -n 's/.*start pid \([0-9]*\).*/\1/p' "$log" | head -n 1)
			jobs_seen=$(grep -c "start job" "$log")
			signals=$((signals + 1))
			if [ -n "$pid" ] && kill -"$sig" "$pid" &&
				tmux_wait "rc=$((128 + num))" 20 >"$out" 2>&1 &&
				i=0 && while [ ! -s "$tmp/stty.after" ] && [ $i -lt 100 ]; do tmux_nap; i=$((i + 1)); done &&
				cmp -s "$tmp/stty.before" "$tmp/stty.after"; then
				:
			else
				bad=$((bad + 1))
				echo "# SIG$sig ($play, after $jobs_seen searches): not restored" >&2
				diff "$tmp/stty.before" "$tmp/stty.after" >&2
			fi
			tmux_kill
		done
	done
	if [ $bad -eq 0 ]; then
		ok "SIGINT, SIGTERM, SIGHUP at random moments of a search: exit 128+N, stty -a unchanged ($signals signals)"
	else
		fail_with "$out" "signals: $bad of $signals left the terminal changed or the status wrong"
	fi

	tmux_socket="dropfour-faults-$$-save"
	tmux_start 100 30 "DROPFOUR_SAVE=/dev/full $DROPFOUR $T --ascii --mode human-human" >/dev/null
	if tmux_wait "move 1" >"$out" 2>&1 && tmux_send 4 && tmux_wait "move 2" >>"$out" 2>&1 &&
		tmux_send w && tmux_wait "cannot save to /dev/full: No space left on device" >>"$out" 2>&1 &&
		tmux_send 3 && tmux_wait "move 3" >>"$out" 2>&1; then
		ok "curses game: save to /dev/full shows the reason, play goes on"
	else
		fail_with "$out" "curses game: save to /dev/full"
	fi
	tmux_kill
else
	skip "signals in the curses game" "no tmux"
	skip "curses game: save to /dev/full" "no tmux"
fi

echo "# faults: $kills kills mid-save, $signals signals mid-search, $failed failed"
check_end
