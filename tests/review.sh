#!/bin/sh
: "${srcdir:=.}"
. "$srcdir/tests/lib-check.sh"
check_begin review
check_end
