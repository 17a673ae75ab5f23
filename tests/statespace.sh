#!/bin/sh
# statespace.sh -- `dropfour statespace` from the command line.
#
# Run by `make check` with $DROPFOUR naming the binary.  The table's
# format, the exact last line, bad usage (exit status 2), and a run whose
# levels must go to files (--memory-mb 1 on 4x5: 14 MB of keys) printing
# the same table as a run in memory.  The values themselves are checked
# against the solver by the Check suite (tests/check_statespace.c).

. "$(dirname "$0")/lib-check.sh"
check_begin statespace

# The table without the times and the lines about this machine.
answer() {
	sed -n '/^ *[0-9]/p; /^empty /p; /^total /p' "$1" |
		awk '/^ *[0-9]/ { NF -= 2 } { print }'
}

# 1. 4x4: Tromp's 161,029 positions; the last two lines as specified.
"$DROPFOUR" statespace -W 4 -H 4 -j 2 >"$tmp/4x4" 2>"$tmp/err" ||
	fail "4x4: exit status $?"
tail -n 1 "$tmp/4x4" | grep -Eqx 'total 161029 positions, [0-9]+ won, [0-9]+ drawn, [0-9]+ lost by the side to move' ||
	fail "4x4: last line: $(tail -n 1 "$tmp/4x4")"
tail -n 2 "$tmp/4x4" | head -n 1 | grep -qx 'empty 4x4 board: 0, draw for the first player' ||
	fail "4x4: empty board line: $(tail -n 2 "$tmp/4x4" | head -n 1)"
[ "$(grep -Ec '^ *[0-9]+ ' "$tmp/4x4")" = 17 ] || fail "4x4: not 17 rows"
grep -Eq '^ +16 +7244 +7244 ' "$tmp/4x4" || fail "4x4: last ply not all terminal"
[ -s "$tmp/err" ] && fail "4x4: wrote to stderr: $(cat "$tmp/err")"

# 2. Levels in files give the same answer, and leave no file behind.
mkdir "$tmp/levels"
"$DROPFOUR" statespace -W 4 -H 5 >"$tmp/mem" 2>/dev/null || fail "4x5: exit $?"
"$DROPFOUR" statespace -W 4 -H 5 --memory-mb 1 --tmpdir "$tmp/levels" \
	>"$tmp/disk" 2>/dev/null || fail "4x5 on disk: exit $?"
grep -q 'total 1706255 positions' "$tmp/mem" || fail "4x5: not 1706255 positions"
grep -Eq 'in files [1-9]' "$tmp/disk" || fail "4x5 --memory-mb 1: nothing in files"
answer "$tmp/mem" >"$tmp/mem.a"
answer "$tmp/disk" >"$tmp/disk.a"
cmp -s "$tmp/mem.a" "$tmp/disk.a" || fail "4x5: files and memory differ: $(diff "$tmp/mem.a" "$tmp/disk.a" | head -5)"
[ -z "$(ls -A "$tmp/levels")" ] || fail "level files left: $(ls "$tmp/levels")"

# 3. Bad usage: a message and exit status 2.
for args in "-W 8 -H 7" "--memory-mb 0" "--memory-mb x" "-W 4 -H 4 extra"; do
	# shellcheck disable=SC2086
	"$DROPFOUR" statespace $args >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" = 2 ] || fail "statespace $args: exit status $status, expected 2"
	[ -s "$tmp/err" ] || fail "statespace $args: no message"
done

# 4. A directory for files that is not there: a clear error, status 1.
"$DROPFOUR" statespace -W 4 -H 5 --memory-mb 1 --tmpdir "$tmp/none" \
	>"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 1 ] || fail "missing --tmpdir: exit status $status"
grep -q "$tmp/none" "$tmp/err" || fail "missing --tmpdir: $(cat "$tmp/err")"

# 6. -o FILE: a book of 64 + 9 * N bytes, N as printed; the last lines
#    stay the last; a path in a missing folder is refused before any
#    work (status 2, nothing printed).
"$DROPFOUR" statespace -W 4 -H 4 -o "$tmp/4x4.book" >"$tmp/out" 2>"$tmp/err" ||
	fail "-o: exit status $?: $(cat "$tmp/err")"
n=$(sed -n 's/^book .*: \([0-9]*\) positions whose game is not over.*/\1/p' "$tmp/out")
[ -n "$n" ] && [ "$(wc -c <"$tmp/4x4.book")" = $((64 + 9 * n)) ] ||
	fail "-o: book of $(wc -c <"$tmp/4x4.book") bytes for '$n' entries"
tail -n 1 "$tmp/out" | grep -q '^total 161029 positions' || fail "-o: last line moved"
"$DROPFOUR" statespace -W 4 -H 4 -o "$tmp/none/x.book" >"$tmp/out" 2>"$tmp/err"
status=$?
# refused before any work: a usage error, nothing computed or printed
[ "$status" = 2 ] || fail "-o to a missing directory: exit status $status"
[ ! -s "$tmp/out" ] || fail "-o to a missing directory: the run went on: $(cat "$tmp/out")"
grep -q 'the folder .*/none does not exist' "$tmp/err" ||
	fail "-o to a missing directory: $(cat "$tmp/err")"

# 5. Ctrl-C: stops within the level, says so, exit status 130, no files.
"$DROPFOUR" statespace -W 5 -H 5 --memory-mb 8 --tmpdir "$tmp/levels" \
	>"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
status=$?
[ "$status" = 130 ] || fail "Ctrl-C: exit status $status, expected 130"
grep -q 'stopped' "$tmp/err" || fail "Ctrl-C: no message: $(cat "$tmp/err")"
[ -z "$(ls -A "$tmp/levels")" ] || fail "Ctrl-C: level files left"

# 7. --state DIR: a run stopped at a random level (kill -9, then Ctrl-C,
#    with levels in files the second time) and run again goes on from the
#    saved levels and prints the same table as the uninterrupted run of
#    test 2 (times and the memory line differ between any two runs); the
#    state is gone when the run ends.
manifest_lines() {
	if [ -f "$1/manifest" ]; then wc -l <"$1/manifest"; else echo 0; fi
}
for sig in KILL INT; do
	st="$tmp/state-$sig"
	extra=
	[ "$sig" = INT ] && extra="--memory-mb 1 --tmpdir $tmp/levels"
	case $sig in KILL) expect=137 ;; INT) expect=130 ;; esac
	# 2 header lines, then one line a saved level (4x5: 20 forward, then
	# 21 backward from ply 20 down).  The last levels take milliseconds:
	# a run that ended before the signal came is tried again, stopped
	# earlier.
	want=$(($(od -An -N2 -tu2 /dev/urandom) % 30 + 5))
	for _ in 1 2 3 4; do
		# shellcheck disable=SC2086
		"$DROPFOUR" statespace -W 4 -H 5 -j 1 --state "$st" $extra \
			>"$tmp/out" 2>"$tmp/err" &
		pid=$!
		while [ "$(manifest_lines "$st")" -lt "$want" ] && kill -0 "$pid" 2>/dev/null; do
			sleep 0.01
		done
		kill -"$sig" "$pid" 2>/dev/null
		wait "$pid"
		status=$?
		[ "$status" = 0 ] || break
		want=$((want / 2 + 2))
	done
	[ "$status" = "$expect" ] ||
		fail "--state, SIG$sig after $want lines: exit status $status, expected $expect"
	[ "$(manifest_lines "$st")" -ge "$want" ] ||
		fail "--state, SIG$sig: only $(manifest_lines "$st") manifest lines"
	if [ "$sig" = INT ]; then
		grep -q "levels saved in $st: the same command goes on" "$tmp/err" ||
			fail "--state, Ctrl-C: message: $(cat "$tmp/err")"
	fi
	# shellcheck disable=SC2086
	"$DROPFOUR" statespace -W 4 -H 5 -j 1 --state "$st" $extra \
		>"$tmp/again" 2>"$tmp/err" || fail "--state, SIG$sig: rerun exit status $?"
	grep -q "$st: resuming: [0-9]* forward and [0-9]* backward levels saved" \
		"$tmp/err" || fail "--state, SIG$sig: rerun did not resume: $(cat "$tmp/err")"
	answer "$tmp/again" >"$tmp/again.a"
	cmp -s "$tmp/mem.a" "$tmp/again.a" ||
		fail "--state, SIG$sig after $want lines: resumed table differs: $(diff "$tmp/mem.a" "$tmp/again.a" | head -5)"
	[ -e "$st" ] && fail "--state, SIG$sig: state left behind: $(ls "$st")"
done
[ -z "$(ls -A "$tmp/levels")" ] || fail "--state: level files left"

# 8. A damaged state file is found, said, and its level computed again;
#    --keep-state keeps the directory; another board's state is refused.
st="$tmp/state-kept"
"$DROPFOUR" statespace -W 4 -H 5 --state "$st" --keep-state >/dev/null 2>&1 ||
	fail "--keep-state: exit status $?"
[ -f "$st/keys-12" ] && [ -f "$st/vals-07" ] || fail "--keep-state: files gone"
printf 'x' | dd of="$st/keys-12" bs=1 seek=9000 conv=notrunc 2>/dev/null
printf 'x' | dd of="$st/vals-07" bs=1 seek=5000 conv=notrunc 2>/dev/null
: >>"$st/vals-03" && printf 'y' >>"$st/vals-03"
"$DROPFOUR" statespace -W 4 -H 5 --state "$st" --keep-state >"$tmp/again" 2>"$tmp/err" ||
	fail "damaged state: exit status $?"
for f in keys-12:checksum vals-07:checksum vals-03:wrong; do
	grep -q "$st/${f%%:*}: ${f#*:}.*computing this level again" "$tmp/err" ||
		fail "damaged ${f%%:*}: no message: $(cat "$tmp/err")"
done
answer "$tmp/again" >"$tmp/again.a"
cmp -s "$tmp/mem.a" "$tmp/again.a" ||
	fail "damaged state: table differs: $(diff "$tmp/mem.a" "$tmp/again.a" | head -5)"
cp "$st/manifest" "$tmp/manifest.before"
"$DROPFOUR" statespace -W 5 -H 4 --state "$st" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 1 ] || fail "state of another board: exit status $status"
grep -q "holds a 4x5 run, not 5x4" "$tmp/err" || fail "state of another board: $(cat "$tmp/err")"
cmp -s "$st/manifest" "$tmp/manifest.before" || fail "state of another board: manifest changed"
mkdir "$tmp/foreign" && : >"$tmp/foreign/notes.txt"
"$DROPFOUR" statespace -W 4 -H 4 --state "$tmp/foreign" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 1 ] || fail "--state on a foreign directory: exit status $status"
grep -q "not a dropfour statespace state" "$tmp/err" || fail "--state on a foreign directory: $(cat "$tmp/err")"

check_end
