#!/usr/bin/env bash
# Rebuilds the scan corpus's pages (not committed) from clones of their source repositories.
# Usage: scripts/scan-corpus-restore.sh <clones-dir> [<corpus-dir>]
# <clones-dir> holds one git clone per repository, named owner+name (a bare repository or one with
# a work tree, as `git clone --mirror` or the fetch tool leaves them under owner+name/repo).
# Every page is taken at the commit SOURCES.md records, byte for byte; a page that cannot be read
# is listed and the script fails, so a partial corpus is never scored as a whole one.
set -euo pipefail
cd "$(dirname "$0")/.."
clones=${1:?usage: scripts/scan-corpus-restore.sh <clones-dir> [<corpus-dir>]}
corpus=${2:-${SCAN_CORPUS_DIR:-.scan-corpus}}
mkdir -p "$corpus/pages"
missing=0 written=0
# Page rows only (`| p248 |`): the rounds' figure tables name ranges such as `| p223-p247 |`.
while IFS='|' read -r _ id repo path commit _; do
  id=$(echo $id) repo=$(echo $repo) path=$(echo $path | tr -d '`') commit=$(echo $commit | tr -d '`')
  dir=
  for d in "$clones/${repo/\//+}/repo" "$clones/${repo/\//+}"; do
    [ -e "$d" ] && git -C "$d" rev-parse --git-dir >/dev/null 2>&1 && { dir=$d; break; }
  done
  if [ -n "$dir" ] && git -C "$dir" show "$commit:$path" >"$corpus/pages/$id.html" 2>/dev/null; then
    written=$((written + 1))
  else
    echo "not restored: $id ($repo $path at $commit)" >&2
    rm -f "$corpus/pages/$id.html"
    missing=$((missing + 1))
  fi
done < <(grep -E '^\| p[0-9]+ \|' tests/fixtures/scan/corpus/SOURCES.md)
echo "scan corpus: $written pages written to $corpus/pages, $missing not restored"
[ "$missing" -eq 0 ]
