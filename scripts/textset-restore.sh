#!/usr/bin/env bash
# Rebuilds the word set's pages (not committed) from clones of their source repositories.
# Usage: scripts/textset-restore.sh <clones-dir> [<textset-dir>]
# <clones-dir> holds one git clone per repository, named owner+name (bare, or with a work tree, as
# the fetch tool leaves them under owner+name/repo). Each page of tests/fixtures/scan/textset/*.tsv is
# taken at its commit, byte for byte; one that cannot be read is listed and the script fails.
set -euo pipefail
cd "$(dirname "$0")/.."
clones=${1:?usage: scripts/textset-restore.sh <clones-dir> [<textset-dir>]}
out=${2:-${TEXTSET_DIR:-.textset}}
mkdir -p "$out/pages"
missing=0 written=0
while IFS=$'\t' read -r id repo path commit _; do
  dir=""
  for d in "$clones/${repo/\//+}/repo" "$clones/${repo/\//+}"; do
    if [ -e "$d" ] && git -C "$d" rev-parse --git-dir >/dev/null 2>&1; then dir=$d; break; fi
  done
  if [ -n "$dir" ] && git -C "$dir" show "$commit:$path" >"$out/pages/$id.html" 2>/dev/null; then
    written=$((written + 1))
  else
    echo "not restored: $id ($repo $path at $commit)" >&2
    rm -f "$out/pages/$id.html"
    missing=$((missing + 1))
  fi
done < <(tail -q -n +2 tests/fixtures/scan/textset/*.tsv)
echo "$written pages restored to $out/pages, $missing not restored"
[ "$missing" -eq 0 ]
