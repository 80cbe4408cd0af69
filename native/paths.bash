# native/paths.bash: where the native build reads and writes, for native/build.sh and
# native/ci-build.sh (sourced, after `set -euo pipefail`). Sets root, jar, out, libs and
# native_jdk (NATIVE_JAVA_HOME, default Temurin 25); native_jdk_ok says whether that JDK can run
# the builder: a JDK 25 with the jdk.internal.vm.ci module (the builder's compiler needs JVMCI).
# shellcheck shell=bash
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
native_jdk="${NATIVE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
jar="$root/starter/target/overdue.jar"
out="$root/starter/target/overdue-native"
libs="$out.lib"

native_jdk_ok() {
  [[ -x "$native_jdk/bin/java" ]] && "$native_jdk/bin/java" --list-modules 2>/dev/null | grep -q '^jdk.internal.vm.ci@25'
}
