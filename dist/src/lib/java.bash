# Sourced by bin/overdue, bin/overdue-worker, bin/overdue-api and bin/overdue-inbox of the
# distribution (and by the source tree's): finds the fastest Java installed (21+ before 17), and
# runs the CLI so that it starts quickly.
# Bash builtins only (plus the java it checks), so the scripts need nothing else from the PATH;
# the CLI's class-data archive also needs mkdir, mv and rm, and is left out without them.

# overdue_java NAME: sets $java (and $java_major, $java_runtime: the java file, symlinks
# resolved) to the Java that runs NAME, the fastest one installed unless the user chose:
#  1. $JAVA_HOME/bin/java when JAVA_HOME is set: the user's choice, whatever its version (17+);
#  2. else java on the PATH when it is Java 21 or later;
#  3. else the newest Java 21+ in the usual JVM folders (overdue_jvm_dirs);
#  4. else java on the PATH (17 to 20), else the newest Java 17+ of those folders.
# Java 21+ is preferred because the worker then runs workflow code on virtual threads with a
# cache sized from its heap (overdue_java_note). Exits 127 with the reason on stderr when there is
# no Java 17+ (the jars are Java 17 class files: an older JVM would only say
# UnsupportedClassVersionError).
overdue_java() {
  local name="$1"
  if [[ -n "${JAVA_HOME:-}" ]]; then
    java="$JAVA_HOME/bin/java"
    if [[ ! -x "$java" ]]; then
      printf '%s: JAVA_HOME is %s, but %s is not an executable file; set JAVA_HOME to a Java 17+ runtime, or unset it to use java from the PATH\n' \
        "$name" "$JAVA_HOME" "$java" >&2
      exit 127
    fi
    java_chosen_by="JAVA_HOME"
  else
    java="$(type -P java || true)"
    java_chosen_by="the PATH"
    if [[ -n "$java" ]] && overdue_java_major "$java" && ((10#$java_major >= 21)); then
      return 0
    fi
    # The folders' javas are read from their release files only: no JVM is started to choose.
    if overdue_java_newest 21; then
      java="$java_newest"
      java_chosen_by="$java_newest_dir"
      overdue_java_major "$java"
      return 0
    fi
    if [[ -z "$java" ]]; then
      if overdue_java_newest 17; then
        java="$java_newest"
        java_chosen_by="$java_newest_dir"
        overdue_java_major "$java"
        return 0
      fi
      printf '%s: needs Java 17 or later, but there is no java on the PATH, JAVA_HOME is not set, and none is in %s; install a Java 21+ runtime (JRE) or set JAVA_HOME to one\n' \
        "$name" "$(overdue_jvm_dirs_text)" >&2
      exit 127
    fi
  fi
  if ! overdue_java_major "$java" || [[ -z "$java_major" ]]; then
    printf '%s: needs Java 17 or later, but cannot tell the version of %s (it printed: %s)\n' \
      "$name" "$java" "${java_banner%%$'\n'*}" >&2
    exit 127
  fi
  if ((10#$java_major < 17)); then
    printf '%s: needs Java 17 or later, but %s is Java %s (%s); install a Java 21+ runtime (JRE) and put it first on the PATH, or set JAVA_HOME to it\n' \
      "$name" "$java" "$java_major" "$java_version_line" >&2
    exit 127
  fi
}

# overdue_java_major JAVA: sets $java_major (empty when unknown), $java_runtime and
# $java_version_line. The version from the runtime's release file (JAVA_VERSION="17.0.15"): no
# JVM to start. Else from `java -version`: 'openjdk version "17.0.15" 2025-04-15', 'java version
# "1.8.0_381"', 'openjdk version "21-ea"'; a "Picked up JAVA_TOOL_OPTIONS" line may come first.
# Returns 1 when the version is unknown.
overdue_java_major() {
  local line
  java_major=""
  java_version_line=""
  java_banner=""
  java_runtime="$1"
  if type -P readlink >/dev/null; then
    java_runtime="$(readlink -f "$1" 2>/dev/null || printf '%s' "$1")"
  fi
  if [[ -f "${java_runtime%/bin/java}/release" ]]; then
    java_banner="$(<"${java_runtime%/bin/java}/release")"
  fi
  [[ "$java_banner" == *JAVA_VERSION=* ]] || java_banner="$("$1" -version 2>&1)" || true
  while IFS= read -r line; do
    if [[ "$line" =~ ^JAVA_VERSION=\"([0-9]+)(\.([0-9]+))? || "$line" =~ version\ \"([0-9]+)(\.([0-9]+))? ]]; then
      java_major="${BASH_REMATCH[1]}"
      if [[ "$java_major" == 1 ]]; then
        java_major="${BASH_REMATCH[3]:-0}"   # 1.8 is Java 8
      fi
      java_version_line="$line"
      return 0
    fi
  done <<<"$java_banner"
  return 1
}

# overdue_java_newest MIN: sets $java_newest (and $java_newest_dir, its folder) to the newest
# Java MIN+ in the JVM folders, by their release files; returns 1 when there is none.
overdue_java_newest() {
  local min="$1" dirs dir candidate release line major best=0
  java_newest=""
  java_newest_dir=""
  overdue_jvm_dirs
  IFS=: read -r -a dirs <<<"${jvm_dirs//\~/${HOME:-/nonexistent}}"
  for dir in ${dirs[@]+"${dirs[@]}"}; do
    for candidate in "$dir"/*/bin/java "$dir"/*/Contents/Home/bin/java; do
      [[ -x "$candidate" ]] || continue
      release="${candidate%/bin/java}/release"
      [[ -f "$release" ]] || continue
      major=""
      while IFS= read -r line; do
        if [[ "$line" =~ ^JAVA_VERSION=\"([0-9]+) ]]; then
          major="${BASH_REMATCH[1]}"
          break
        fi
      done <"$release"
      [[ -n "$major" ]] && ((10#$major >= min && 10#$major > best)) || continue
      best=$((10#$major))
      java_newest="$candidate"
      java_newest_dir="${candidate%/bin/java}"
    done
  done
  [[ -n "$java_newest" ]]
}

# overdue_jvm_dirs: sets $jvm_dirs to the JVM folders searched, colon-separated, ~ for the home
# folder: OVERDUE_JVM_DIRS when set (empty: none), else where Debian and RPM packages, SDKMAN! and
# macOS put them. A variable, not printed: no subshell on the CLI's start.
overdue_jvm_dirs() {
  jvm_dirs="${OVERDUE_JVM_DIRS-/usr/lib/jvm:/usr/java:/opt/java:~/.sdkman/candidates/java:/Library/Java/JavaVirtualMachines}"
}

# The JVM folders searched, for messages.
overdue_jvm_dirs_text() {
  overdue_jvm_dirs
  local text="$jvm_dirs"
  if [[ -z "$text" ]]; then
    printf 'the JVM folders searched (none: OVERDUE_JVM_DIRS is empty)\n'
  else
    printf 'the JVM folders searched (%s)\n' "${text//:/, }"
  fi
}

# overdue_java_note NAME: after overdue_java, for the worker: one line on stderr when the Java
# chosen is older than 21, saying what that costs and how to get the fast path. Java 17 stays the
# floor (docs/guide/install.md, "Which Java"); only the worker's workflow threads and cache depend
# on 21+.
overdue_java_note() {
  local name="$1" how
  ((10#$java_major >= 21)) && return 0
  if [[ "$java_chosen_by" == JAVA_HOME ]] && overdue_java_newest 21; then
    how="set JAVA_HOME to $java_newest_dir (installed here) or unset it"
  elif [[ "$java_chosen_by" == JAVA_HOME ]]; then
    how="install one (e.g. apt install openjdk-21-jre-headless) and set JAVA_HOME to it"
  else
    how="install one (e.g. apt install openjdk-21-jre-headless); it is found on the PATH or in $(overdue_jvm_dirs_text)"
  fi
  printf '%s: runs on Java %s (%s, from %s): workflow code on platform threads, and a cache of 600 approvals by default (approvals beyond it are replayed from their history at each event); Java 21 or later gives virtual threads and a cache sized from the heap: %s\n' \
    "$name" "$java_major" "$java" "$java_chosen_by" "$how" >&2
}

# overdue_java_opts: splits OVERDUE_JAVA_OPTS on blanks into the array java_opts, without the
# glob expansion an unquoted $OVERDUE_JAVA_OPTS would do (a '*' in an option stays a '*').
# From Java 24 on, gRPC's Netty (memory access through sun.misc.Unsafe, its native transport)
# makes the JVM print warnings on every start; it is allowed explicitly instead. Call after
# overdue_java.
overdue_java_opts() {
  java_opts=()
  if ((10#${java_major:-17} >= 24)); then
    java_opts+=(--sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED)
  fi
  if [[ -n "${OVERDUE_JAVA_OPTS:-}" ]]; then
    read -r -a java_opts <<<"$OVERDUE_JAVA_OPTS"
  fi
}

# overdue_run_cli JAR ARGS...: runs the CLI jar with $java and $java_opts, tuned for a command that
# lasts a moment: C1 only and the serial collector (a compiler or collector thread would not pay
# for its start), and a class-data archive (AppCDS) of the classes commands load, so that a
# command maps them instead of loading and verifying some 5,000 classes (docs/BENCHMARKS.md,
# "cli"). The archive is made once per jar and Java runtime, in the background by `overdue
# warm-up`, in ${XDG_CACHE_HOME:-~/.cache}/overdue; until it is there, commands run without it.
# A stale or foreign archive is ignored quietly. OVERDUE_CLI_CDS=off leaves it out.
# OVERDUE_COMMAND tells the CLI what it was run as (overdue_command_name).
overdue_run_cli() {
  local jar="$1"
  shift
  local opts=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -Xlog:cds=off -Xlog:cds+dynamic=off)
  if [[ "${OVERDUE_CLI_CDS:-on}" != off ]] && type -P mkdir mv rm >/dev/null; then
    local cache="${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/overdue"
    local runtime="$java_runtime"
    # One archive per jar and runtime; a newer jar or runtime (an upgrade) makes a new one.
    local archive="$cache/cli-java$java_major${jar//[^A-Za-z0-9._-]/_}.jsa"
    if [[ -f "$archive" && "$archive" -nt "$jar" && "$archive" -nt "${runtime%/bin/java}/lib/modules" ]]; then
      opts+=(-XX:SharedArchiveFile="$archive")
    elif mkdir -p "$cache" 2>/dev/null && [[ -w "$cache" ]] \
        && ! [[ -f "$archive.making" && ! "$archive.making" -ot "$jar" ]]; then
      : >"$archive.making"
      # In the background, detached from this command's output: a pipe reading it ends with it.
      ("$java" "${opts[@]}" ${java_opts[@]+"${java_opts[@]}"} -XX:ArchiveClassesAtExit="$archive.$$" -jar "$jar" warm-up \
        && mv -f "$archive.$$" "$archive" && overdue_prune_archives "$cache"
        rm -f "$archive.$$" "$archive.making") >/dev/null 2>&1 </dev/null &
      disown
    fi
  fi
  OVERDUE_COMMAND="$(overdue_command_name)" exec "$java" "${opts[@]}" ${java_opts[@]+"${java_opts[@]}"} -jar "$jar" "$@"
}

# overdue_native_cli JAR ARGS...: runs the CLI's native executable instead of the jar when there
# is one made from this jar: ${JAR%.jar}-native (starter/target/overdue-native in a source tree,
# lib/overdue-native in a distribution), by native/build.sh, which CI runs (docs/NATIVE.md). A
# command starts in some 40 ms where the JVM takes some 400 (docs/BENCHMARKS.md, cli), so it is
# preferred; it needs no Java at all.
# "Made from this jar": the jar's sha256 that the native build kept in
# ${JAR%.jar}-native.lib/${JAR##*/}.sha256 is the one the Maven build wrote beside the jar,
# JAR.sha256. Two small files read by the shell, not the jar hashed at every command, and no
# file times: Maven rewrites the jar with the same bytes and a new time, a tarball's times are
# its builder's. One made from another jar (sources changed since) may not match it, so the jar
# runs then, without a word (rebuild the native one to get it back). Returns, so that the caller
# goes on to the JVM, when it is not used.
#   OVERDUE_CLI=jvm     always the jar (e.g. to compare the two)
#   OVERDUE_CLI=native  the native executable or exit 127 with the reason, never the JVM
# OVERDUE_JAVA_OPTS does not apply to it.
overdue_native_cli() {
  local jar="$1"
  shift
  local native="${jar%.jar}-native"
  local stamp="$native.lib/${jar##*/}.sha256" made_from="" jar_sha256="" why=""
  [[ "${OVERDUE_CLI:-}" != jvm ]] || return 0
  if [[ ! -x "$native" ]]; then
    why="missing"
  else
    if [[ -f "$stamp" ]]; then read -r made_from <"$stamp" || :; fi
    if [[ -f "$jar.sha256" ]]; then read -r jar_sha256 <"$jar.sha256" || :; fi
    if [[ -z "$made_from" || "$made_from" != "$jar_sha256" ]]; then
      why="not made from $jar (its $stamp is not $jar.sha256)"
    fi
  fi
  case "${OVERDUE_CLI:-auto}" in
    native)
      if [[ -n "$why" ]]; then
        printf 'overdue: OVERDUE_CLI=native, but %s is %s; build it (docs/NATIVE.md) or unset OVERDUE_CLI\n' \
          "$native" "$why" >&2
        exit 127
      fi
      ;;
    auto | "")
      [[ -z "$why" ]] || return 0
      ;;
    *)
      printf 'overdue: OVERDUE_CLI is %s; use jvm, native, or leave it unset (the native executable when there is one)\n' \
        "$OVERDUE_CLI" >&2
      exit 2
      ;;
  esac
  OVERDUE_COMMAND="$(overdue_command_name)" exec "$native" "$@"
}

# overdue_command_name: the CLI as the user ran it, for the commands its messages suggest
# (`next: bin/overdue status PO-4711`): the script's name alone when the PATH finds this very
# script by it, else the path as typed (bin/overdue, ./overdue, /opt/overdue/bin/overdue).
overdue_command_name() {
  local name="${0##*/}" found
  found="$(type -P "$name" 2>/dev/null || true)"
  if [[ "$0" != */* || ( -n "$found" && "$found" -ef "$0" ) ]]; then
    printf '%s\n' "$name"
  else
    printf '%s\n' "$0"
  fi
}

# overdue_prune_archives DIR: keeps the three newest archives (one per jar and runtime in use):
# a jar that moved or a runtime that was upgraded leaves its old one behind, ~40 MB each.
overdue_prune_archives() {
  local f oldest count
  while :; do
    count=0
    oldest=""
    for f in "$1"/cli-*.jsa; do
      [[ -f "$f" ]] || continue
      count=$((count + 1))
      if [[ -z "$oldest" || "$f" -ot "$oldest" ]]; then
        oldest="$f"
      fi
    done
    ((count > 3)) || return 0
    rm -f "$oldest"
  done
}
