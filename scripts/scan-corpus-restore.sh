#!/usr/bin/env bash
# Rebuilds the scan corpus's pages and each site's home page (not committed) from clones of their
# source repositories.
# Usage: scripts/scan-corpus-restore.sh <clones-dir> [<corpus-dir>]
# <clones-dir> holds one git clone per repository, named owner+name (a bare repository or one with
# a work tree, as `git clone --mirror` or the fetch tool leaves them under owner+name/repo).
# Every page and home is taken at the commit SOURCES.md records, byte for byte; one that cannot be
# read, or a labelled site missing from the homes table, is listed and the script fails, so a
# partial corpus is never scored as a whole one. A site whose home is "none" gets no file.
set -euo pipefail
cd "$(dirname "$0")/.."
clones=${1:?usage: scripts/scan-corpus-restore.sh <clones-dir> [<corpus-dir>]}
corpus=${2:-${SCAN_CORPUS_DIR:-.scan-corpus}}
mkdir -p "$corpus/pages" "$corpus/homes"
missing=0 written=0

# The clone of owner/name, bare or with a work tree, or nothing.
clone() {
  local d
  for d in "$clones/${1/\//+}/repo" "$clones/${1/\//+}"; do
    [ -e "$d" ] && git -C "$d" rev-parse --git-dir >/dev/null 2>&1 && { echo "$d"; return; }
  done
  true
}

# Writes <repo>'s <path> at <commit> to <file>; on failure lists <what>, removes <file>, counts it.
restore() {
  local file=$1 repo=$2 path=$3 commit=$4 what=$5 dir
  dir=$(clone "$repo")
  if [ -n "$dir" ] && git -C "$dir" show "$commit:$path" >"$file" 2>/dev/null; then
    return 0
  fi
  echo "not restored: $what ($repo $path at $commit)" >&2
  rm -f "$file"
  missing=$((missing + 1))
  return 1
}

# Page rows only (`| p248 |`): the rounds' figure tables name ranges such as `| p223-p247 |`.
while IFS='|' read -r _ id repo path commit _; do
  id=$(echo $id) repo=$(echo $repo) path=$(echo $path | tr -d '`') commit=$(echo $commit | tr -d '`')
  if restore "$corpus/pages/$id.html" "$repo" "$path" "$commit" "$id"; then written=$((written + 1)); fi
done < <(grep -E '^\| p[0-9]+ \|' tests/fixtures/scan/corpus/SOURCES.md)

# Home rows (`| site-21.example |`): each site's home page, as homes/<host>.html.
homes=0 none=0
while IFS='|' read -r _ host repo path commit _; do
  host=$(echo $host) repo=$(echo $repo) path=$(echo $path | tr -d '`') commit=$(echo $commit | tr -d '`')
  rm -f "$corpus/homes/$host.html"
  if [ "$path" = none ]; then
    none=$((none + 1))
    continue
  fi
  if restore "$corpus/homes/$host.html" "$repo" "$path" "$commit" "home of $host"; then homes=$((homes + 1)); fi
done < <(grep -E '^\| site-[0-9]+\.example \|' tests/fixtures/scan/corpus/SOURCES.md)

# Every labelled site has a row in the homes table (a home or "none").
for host in $(grep -ohE '"url": "https://site-[0-9]+\.example/' tests/fixtures/scan/corpus/labels*.json | cut -d/ -f3 | sort -u); do
  grep -qE "^\| $host \|" tests/fixtures/scan/corpus/SOURCES.md || {
    echo "no homes row: $host" >&2
    missing=$((missing + 1))
  }
done
echo "scan corpus: $written pages written to $corpus/pages, $homes homes to $corpus/homes ($none sites without one), $missing not restored"
[ "$missing" -eq 0 ]
