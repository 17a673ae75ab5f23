#!/bin/sh
# suites.sh -- `make check` runs every Check suite: the suite entries of
# Makefile.am ($CHECK_SUITE_ENTRIES, tests/suite/NAME.ck) are exactly the
# suites that check_main.c registers (check_dropfour --list), each once,
# so that a new suite cannot be left out of make check (nor an entry name
# a suite that is gone).
. "$(dirname "$0")/lib-check.sh"
check_scratch suites
: "${CHECK_DROPFOUR:=tests/check_dropfour}"
[ -x "$CHECK_DROPFOUR" ] || {
	echo "suites: ERROR: no Check runner at $CHECK_DROPFOUR" >&2
	exit 99
}
[ -n "$CHECK_SUITE_ENTRIES" ] || {
	echo "suites: ERROR: CHECK_SUITE_ENTRIES is not set (Makefile.am)" >&2
	exit 99
}

"$CHECK_DROPFOUR" --list >"$tmp/registered" ||
	fail "check_dropfour --list: exit status $?"
for e in $CHECK_SUITE_ENTRIES; do
	basename "$e" .ck
done >"$tmp/entries"
[ -s "$tmp/registered" ] || fail "check_dropfour --list printed nothing"

for f in registered entries; do
	d=$(sort "$tmp/$f" | uniq -d | tr '\n' ' ')
	[ -z "$d" ] || fail "named twice in the $f suites: $d"
done
sort -u "$tmp/registered" -o "$tmp/registered"
sort -u "$tmp/entries" -o "$tmp/entries"
for s in $(comm -23 "$tmp/registered" "$tmp/entries"); do
	fail "suite $s of check_main.c has no entry tests/suite/$s.ck in Makefile.am's CHECK_SUITES"
done
for s in $(comm -13 "$tmp/registered" "$tmp/entries"); do
	fail "entry tests/suite/$s.ck names no suite of check_main.c"
done
check_end
