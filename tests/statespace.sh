#!/bin/sh
# statespace.sh -- `dropfour statespace` from the command line.
#
# Run by `make check` with $DROPFOUR naming the binary.  The table's
# format, the exact last line, bad usage (exit status 2), and a run whose
# levels must go to files (--memory-mb 1 on 4x5: 14 MB of keys) printing
# the same table as a run in memory.  The values themselves are checked
# against the solver by the Check suite (tests/check_statespace.c).

: "${DROPFOUR:=./dropfour}"
if [ ! -x "$DROPFOUR" ]; then
	echo "statespace.sh: no dropfour binary at $DROPFOUR" >&2
	exit 99
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-statespace.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() {
	echo "FAIL: $*"
	failed=$((failed + 1))
}

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
#    stay the last; an unwritable path fails with status 1.
"$DROPFOUR" statespace -W 4 -H 4 -o "$tmp/4x4.book" >"$tmp/out" 2>"$tmp/err" ||
	fail "-o: exit status $?: $(cat "$tmp/err")"
n=$(sed -n 's/^book .*: \([0-9]*\) positions whose game is not over.*/\1/p' "$tmp/out")
[ -n "$n" ] && [ "$(wc -c <"$tmp/4x4.book")" = $((64 + 9 * n)) ] ||
	fail "-o: book of $(wc -c <"$tmp/4x4.book") bytes for '$n' entries"
tail -n 1 "$tmp/out" | grep -q '^total 161029 positions' || fail "-o: last line moved"
"$DROPFOUR" statespace -W 4 -H 4 -o "$tmp/none/x.book" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 1 ] || fail "-o to a missing directory: exit status $status"
[ -s "$tmp/err" ] || fail "-o to a missing directory: no message"

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

[ "$failed" = 0 ] && echo "statespace.sh: all passed"
[ "$failed" = 0 ]
