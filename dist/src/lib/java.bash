# Sourced by bin/overdue and bin/overdue-worker of the distribution: finds a Java 17+ runtime.
# Bash builtins only (plus the java it checks), so the scripts need nothing else from the PATH.

# overdue_java NAME: sets $java to $JAVA_HOME/bin/java when JAVA_HOME is set, else to java on
# the PATH; exits 127 with the reason on stderr when there is none or it is older than Java 17
# (the jars are Java 17 class files: an older JVM would only say UnsupportedClassVersionError).
overdue_java() {
  local name="$1"
  if [[ -n "${JAVA_HOME:-}" ]]; then
    java="$JAVA_HOME/bin/java"
    if [[ ! -x "$java" ]]; then
      printf '%s: JAVA_HOME is %s, but %s is not an executable file; set JAVA_HOME to a Java 17+ runtime, or unset it to use java from the PATH\n' \
        "$name" "$JAVA_HOME" "$java" >&2
      exit 127
    fi
  else
    java="$(type -P java || true)"
    if [[ -z "$java" ]]; then
      printf '%s: needs Java 17 or later, but there is no java on the PATH and JAVA_HOME is not set; install a Java 17+ runtime (JRE) or set JAVA_HOME to one\n' \
        "$name" >&2
      exit 127
    fi
  fi
  # 'openjdk version "17.0.15" 2025-04-15', 'java version "1.8.0_381"', 'openjdk version "21-ea"';
  # a "Picked up JAVA_TOOL_OPTIONS" line may come first.
  local banner line major=""
  banner="$("$java" -version 2>&1)" || true
  while IFS= read -r line; do
    if [[ "$line" =~ version\ \"([0-9]+)(\.([0-9]+))? ]]; then
      major="${BASH_REMATCH[1]}"
      if [[ "$major" == 1 ]]; then
        major="${BASH_REMATCH[3]:-0}"   # 1.8 is Java 8
      fi
      break
    fi
  done <<<"$banner"
  if [[ -z "$major" ]]; then
    printf '%s: needs Java 17 or later, but cannot tell the version of %s (it printed: %s)\n' \
      "$name" "$java" "${banner%%$'\n'*}" >&2
    exit 127
  fi
  if ((10#$major < 17)); then
    printf '%s: needs Java 17 or later, but %s is Java %s (%s); install a Java 17+ runtime (JRE) and put it first on the PATH, or set JAVA_HOME to it\n' \
      "$name" "$java" "$major" "$line" >&2
    exit 127
  fi
}

# overdue_java_opts: splits OVERDUE_JAVA_OPTS on blanks into the array java_opts, without the
# glob expansion an unquoted $OVERDUE_JAVA_OPTS would do (a '*' in an option stays a '*').
overdue_java_opts() {
  java_opts=()
  if [[ -n "${OVERDUE_JAVA_OPTS:-}" ]]; then
    read -r -a java_opts <<<"$OVERDUE_JAVA_OPTS"
  fi
}
