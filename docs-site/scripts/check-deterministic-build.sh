#!/usr/bin/env bash
# Two builds of one commit must write the same site (issue 16, defect 7): a changed byte in a
# content-hashed bundle renames it, and every deploy would make browsers download it again.
# Run after `npm run docs:build`: builds the site a second time in a copy of the checkout at
# another path and compares every file of docs-site/public/ with the first build's.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
if [ ! -f "$repo/docs-site/public/index.html" ]; then
  echo "No build in docs-site/public: run npm run docs:build first." >&2
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/brand-api-second-build.XXXXXX")
trap 'rm -rf "$work"' EXIT
copy="$work/checkout"
mkdir "$copy"
# The checkout without the first build's output; the root node_modules hard-linked (the build
# writes nothing into it), so the copy takes seconds.
tar -C "$repo" --exclude=./node_modules --exclude=./docs-site/public --exclude=./docs-site/.cache \
  -cf - . | tar -C "$copy" -xf -
cp -al "$repo/node_modules" "$copy/node_modules"

echo "Second build in $copy"
(cd "$copy" && npm run build -w @brand-api/docs-site >"$work/build.log" 2>&1) || {
  tail -40 "$work/build.log" >&2
  exit 1
}

list() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
list "$repo/docs-site/public" >"$work/first.sums"
list "$copy/docs-site/public" >"$work/second.sums"
if ! diff "$work/first.sums" "$work/second.sums" >"$work/diff"; then
  echo "The two builds differ ($(grep -c '^[<>]' "$work/diff") lines of sha256sum output):" >&2
  cat "$work/diff" >&2
  kept="$repo/docs-site/artifacts/second-build"
  rm -rf "$kept" && mkdir -p "$(dirname "$kept")" && cp -a "$copy/docs-site/public" "$kept"
  echo "The second build is kept in $kept to compare with docs-site/public." >&2
  exit 1
fi
echo "Both builds wrote the same $(wc -l <"$work/first.sums") files."
