#!/usr/bin/env bash
# native/ci-build.sh: the CLI's native executable for CI (.ci/run), before `mvn -B verify` packs the
# distribution: starter/target/overdue-native and overdue-native.lib/, built by native/build.sh or
# restored from a cache outside the clone, ${XDG_CACHE_HOME:-~/.cache}/overdue/native/KEY.
#
# KEY is a sha256 of what the executable is made of, never of times: the CLI jar's sha256 (the
# jar is reproducible, cli.outputTimestamp in the poms, so the same sources give the same bytes),
# every file of native/ but native/target and this script, the JDK 25's release file, gcc's and
# glibc's versions. A hit is a copy of some 100 MB; a miss builds (6–8 min on two cores, 6–7 GB of
# memory) and keeps the result. The two entries last used are kept, the others removed.
#
# Prints one line on stdout: what it did, or why this machine cannot build it.
# Exit 0: starter/target/overdue-native is there, made from starter/target/overdue.jar.
# Exit 3: this machine cannot build it (no JDK 25 with jdk.internal.vm.ci, not Linux x86-64, no
#         gcc or zlib headers, less than 8 GB of memory available): the JVM CLI is used instead.
# Other:  the build failed (the tail of its log on stderr; all of it in native/target/ci-build.log).
set -euo pipefail

source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/paths.bash"
jdk="$native_jdk"
cache="${OVERDUE_NATIVE_CACHE:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/overdue/native}"
log="$root/native/target/ci-build.log"
# The builder peaked at 6.1–6.8 GB here; below 8 GB available it would fail or push others out.
need_kb=$((8 * 1024 * 1024))

cannot() {
  printf 'no native CLI: %s; the JVM CLI is used (docs/NATIVE.md)\n' "$*"
  exit 3
}
failed() {
  printf 'native CLI: %s\n' "$*"
  [[ -f "$log" ]] && tail -n 40 "$log" >&2
  exit 1
}

[[ "$(uname -sm)" == "Linux x86_64" ]] || cannot "only Linux on x86-64 is set up, this is $(uname -sm)"
native_jdk_ok || cannot "no JDK 25 with jdk.internal.vm.ci at $jdk (NATIVE_JAVA_HOME)"

mkdir -p "$root/native/target"
: >"$log"
began=$SECONDS
# The jar and its sha256 (starter's build writes overdue.jar.sha256); `mvn -B verify` makes the
# same bytes again afterwards.
(cd "$root" && mvn -B -q -DskipTests -pl starter -am package) >>"$log" 2>&1 || failed "building $jar failed"
jar_build=$((SECONDS - began))
read -r jar_sha256 <"$jar.sha256"
[[ "$jar_sha256" =~ ^[0-9a-f]{64}$ ]] || failed "$jar.sha256 holds no sha256"

key="$(
  {
    printf 'jar %s\n' "$jar_sha256"
    # Not this script: it makes nothing of the executable.
    (cd "$root" && find native -path native/target -prune -o -type f ! -name ci-build.sh -print | LC_ALL=C sort | xargs sha256sum)
    printf 'jdk %s\n' "$(sha256sum <"$jdk/release")"
    printf 'gcc %s\n' "$(gcc --version 2>/dev/null | sed -n 1p)"
    printf 'libc %s\n' "$(getconf GNU_LIBC_VERSION 2>/dev/null || true)"
  } | sha256sum | cut -c1-32
)"
entry="$cache/$key"

# The executable with its libraries, and the check the launcher makes: made from this jar.
restore() {
  rm -rf "$out" "$libs"
  cp -a "$entry/overdue-native" "$out"
  cp -a "$entry/overdue-native.lib" "$libs"
  local made_from=""
  read -r made_from <"$libs/overdue.jar.sha256" || true
  [[ "$made_from" == "$jar_sha256" ]]
}

if [[ -f "$entry/.complete" ]]; then
  began=$SECONDS
  if restore; then
    touch "$entry"
    printf 'native CLI from the cache %s in %d s (the jar built in %d s)\n' "$entry" "$((SECONDS - began))" "$jar_build"
    exit 0
  fi
  # Not what its key says (a hand-made change): built again below.
  rm -rf "$entry" "$out" "$libs"
fi

available_kb="$(sed -n 's/^MemAvailable: *\([0-9]*\) kB$/\1/p' /proc/meminfo)"
((${available_kb:-0} >= need_kb)) \
  || cannot "$((${available_kb:-0} / 1024)) MB of memory available, the build needs 8 GB"
for tool in gcc ar nm; do
  command -v "$tool" >/dev/null || cannot "$tool is missing"
done
[[ -f /usr/include/zlib.h ]] || cannot "zlib's headers are missing (zlib1g-dev)"

began=$SECONDS
"$root/native/build.sh" >>"$log" 2>&1 || failed "native/build.sh failed after $((SECONDS - began)) s"
built=$((SECONDS - began))
made_from=""
read -r made_from <"$libs/overdue.jar.sha256" || true
[[ "$made_from" == "$jar_sha256" ]] || failed "native/build.sh made it from jar $made_from, not $jar_sha256"

# Into the cache: complete or not at all (a copy that stopped half-way is never taken).
mkdir -p "$cache"
new="$(mktemp -d "$cache/.new.XXXXXX")"
cp -a "$out" "$new/overdue-native"
cp -a "$libs" "$new/overdue-native.lib"
touch "$new/.complete"
rm -rf "$entry"
mv "$new" "$entry"
# Keep the two entries last used (a hit touches its entry); each is some 100 MB.
ls -1dt -- "$cache"/*/ 2>/dev/null | tail -n +3 | while IFS= read -r old; do rm -rf -- "$old"; done
peak="$(sed -n 's/.*Peak RSS: \([0-9.]*[A-Za-z]*\).*/\1/p' "$log" | tail -n 1)"
printf 'native CLI built in %d s (builder peak RSS %s; the jar built in %d s), kept in %s\n' \
  "$built" "${peak:-unknown}" "$jar_build" "$entry"
