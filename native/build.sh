#!/usr/bin/env bash
# native/build.sh: builds the Overdue CLI as a native executable, starter/target/overdue-native,
# with GraalVM's Native Image builder taken from Maven Central, run on a plain JDK 25 (Temurin):
# no GraalVM distribution is needed. bin/overdue (and a distribution's bin/overdue, from
# lib/overdue-native) runs it instead of the jar when it was made from that very jar: the jar's
# sha256 is kept in overdue-native.lib/overdue.jar.sha256, and the Maven build writes the jar's
# own beside it, overdue.jar.sha256 (docs/NATIVE.md). The Maven build does not run this; CI does,
# through native/ci-build.sh, which keeps what it made in a cache.
#
# Needs: a JDK 25 with the jdk.internal.vm.ci module (NATIVE_JAVA_HOME, default
# /usr/lib/jvm/temurin-25-jdk-amd64), gcc with ar and nm, zlib's headers (zlib1g-dev), mvn (the
# builder's jars come from Maven Central once, then from ~/.m2), Linux on x86-64. Some 7 GB
# of memory (the builder peaked at 6.5 GB here) and 7–8 minutes on two cores.
#
# What a GraalVM distribution has and Maven Central has not is made here, in native/target:
#  - a copy of the JDK (hard links) as the builder's java.home, with the builder's C parts:
#    libreporterchelper.so (progress output), and lib/static/linux-amd64/glibc/libjava.a etc.,
#    which are linker scripts naming the JDK's own shared libjava/libnio/libnet/libzip/libextnet:
#    GraalVM links static builds of these; a JDK has only the shared ones, so the executable
#    links those, from starter/target/overdue-native.lib (its rpath), beside a small libjvm.so
#    of ours (native/src/c/jdk-jvm.c) for the JVM_ functions they import;
#  - liblibchelper.a and libjvm.a, the C helpers the image calls (native/src/c: CPU features,
#    signals, locale, time zone), and the headers the builder compiles its C queries against;
#  - the options GraalVM's launcher (not on Maven Central) would pass: module exports, the
#    jars' META-INF/native-image settings, and reflection metadata for the CLI's own classes
#    (native/src/NativeConfig.java).
# Usage: native/build.sh [BUILDER-OPTIONS...]   (e.g. -H:Optimize=b: a quicker build, a slower executable)
set -euo pipefail

source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/paths.bash"
native="$root/native"
work="$native/target"
jdk_src="$native_jdk"

say() { printf 'native/build.sh: %s\n' "$*" >&2; }
fail() { say "$*"; exit 1; }

native_jdk_ok || fail "no JDK 25 with jdk.internal.vm.ci (the builder's compiler needs JVMCI) at $jdk_src; set NATIVE_JAVA_HOME to one"
[[ "$(uname -sm)" == "Linux x86_64" ]] || fail "only Linux on x86-64 is set up (native/src/c/chelper-cpu.c)"
for tool in gcc ar nm mvn sha256sum; do
  command -v "$tool" >/dev/null || fail "$tool is needed"
done
java25="$jdk_src/bin/java"

if [[ ! -f "$jar" || ! -f "$jar.sha256" ]]; then
  say "building $jar first"
  (cd "$root" && mvn -B -q -DskipTests -pl starter -am package) 2>&1 | sed 's/\x1b\[[0-9;]*m//g' >&2
fi
# The jar this build is made from: its sha256 goes beside the executable at the end, and must still
# be the jar's then (a jar rebuilt with other content meanwhile would leave a mixed image).
jar_sha256="$(sha256sum "$jar" | cut -d' ' -f1)"

# 1. The builder's jars.
mkdir -p "$work"
if [[ ! -f "$work/builder/.done" || "$native/builder-pom.xml" -nt "$work/builder/.done" ]]; then
  rm -rf "$work/builder"
  # Maven 3.8 writes colour codes even in batch mode: keep them off the output.
  mvn -B -q -f "$native/builder-pom.xml" dependency:copy-dependencies -DoutputDirectory="$work/builder" 2>&1 \
    | sed 's/\x1b\[[0-9;]*m//g' >&2
  touch "$work/builder/.done"
fi
compiler="$(ls "$work"/builder/compiler-*.jar)"
module_path=""
for j in "$work"/builder/*.jar; do
  [[ "$j" == "$compiler" ]] || module_path+="$j:"
done

# 2. The builder's java.home: the JDK, hard-linked (a copy where links cannot be made), plus the
#    C parts a GraalVM distribution keeps in it.
home="$work/jdk"
if [[ ! -f "$home/.done" || "$jdk_src/release" -nt "$home/.done" ]]; then
  rm -rf "$home"
  cp -al "$jdk_src" "$home" 2>/dev/null || cp -a "$jdk_src" "$home"
  touch "$home/.done"
fi
cflags=(-O2 -fPIC -Wall -I "$home/include" -I "$home/include/linux")
mkdir -p "$home/lib/svm/builder/lib"
gcc -shared "${cflags[@]}" -o "$home/lib/svm/builder/lib/libreporterchelper.so" "$native/src/c/reporterchelper.c"

# 3. The JDK's shared libraries the executable links, and our libjvm.so for them: each JVM_ or
#    jio_ function they import that jdk-jvm.c does not define aborts with its name.
rm -rf "$libs" "$work/obj"
mkdir -p "$libs" "$work/obj"
# libmanagement_ext too: the builder links com.sun.management's OperatingSystemImpl natives
# (reached from the metrics libraries) without naming a library for them.
jdk_libs=(java nio net zip extnet management_ext)
for l in "${jdk_libs[@]}"; do
  cp "$jdk_src/lib/lib$l.so" "$libs/"
done
defined="$(grep -o 'JNICALL [A-Za-z_0-9]*(\|^JNIEXPORT int [A-Za-z_0-9]*(' "$native/src/c/jdk-jvm.c" | sed 's/.* //; s/($//')"
imported="$(for l in "${jdk_libs[@]}"; do nm -D --undefined-only "$libs/lib$l.so"; done \
  | awk '{print $2}' | sed 's/@.*//' | grep -E '^(JVM_|jio_)' | sort -u)"
for s in $imported; do
  grep -qx "$s" <<<"$defined" || printf 'MISSING(%s)\n' "$s"
done >"$work/obj/jdk-jvm-missing.h"
{ printf 'SUNWprivate_1.1 {\n  global:\n'; printf '    %s;\n' $imported; printf '  local: *;\n};\n'; } >"$work/obj/jdk-jvm.map"
gcc -shared "${cflags[@]}" -I "$work/obj" -Wl,--version-script="$work/obj/jdk-jvm.map" -Wl,-soname,libjvm.so \
  -o "$libs/libjvm.so" "$native/src/c/jdk-jvm.c"
gcc -c "${cflags[@]}" -o "$work/obj/jdk-onload.o" "$native/src/c/jdk-onload.c"
static="$home/lib/static/linux-amd64/glibc"
mkdir -p "$static"
for l in java nio net zip extnet; do
  printf 'INPUT(%s/lib%s.so)\n' "$libs" "$l" >"$static/lib$l.a"
done
# The builder calls JNI_OnLoad_java etc. of its built-in libraries; ours call each one's JNI_OnLoad.
printf 'INPUT(%s/libjava.so %s/jdk-onload.o)\n' "$libs" "$work/obj" >"$static/libjava.a"

# 4. The image's C helpers and the headers of the structs the builder asks the C compiler about
#    (the CPU feature flags: one char per method of the builder's CPUFeatures interfaces).
clib="$work/clib"
rm -rf "$clib"
mkdir -p "$clib/include"
cp "$native/src/c/include/"*.h "$clib/include/"
svm_jar="$(ls "$work"/builder/svm-[0-9]*.jar)"
for arch in amd64:AMD64 aarch64:AArch64 riscv64:RISCV64; do
  {
    printf 'typedef struct {\n'
    "$jdk_src/bin/javap" -cp "$svm_jar" "com.oracle.svm.core.${arch%%:*}.${arch##*:}LibCHelper\$CPUFeatures" \
      | sed -n 's/.* boolean \(f[A-Za-z0-9_]*\)();/  char \1;/p'
    printf '} CPUFeatures;\n'
  } >"$clib/include/${arch%%:*}cpufeatures.h"
done
gcc -c "${cflags[@]}" -I "$clib/include" -o "$work/obj/chelper.o" "$native/src/c/chelper.c"
gcc -c "${cflags[@]}" -I "$clib/include" -o "$work/obj/chelper-cpu.o" "$native/src/c/chelper-cpu.c"
gcc -c "${cflags[@]}" -o "$work/obj/jvm.o" "$native/src/c/jvm.c"
ar rcs "$clib/liblibchelper.a" "$work/obj/chelper.o" "$work/obj/chelper-cpu.o"
ar rcs "$clib/libjvm.a" "$work/obj/jvm.o"

# 5. The options GraalVM's native-image launcher would give the builder.
builder_modules=org.graalvm.nativeimage.builder,org.graalvm.nativeimage.base,org.graalvm.nativeimage.pointsto,org.graalvm.nativeimage.objectfile,org.graalvm.nativeimage.configure,jdk.graal.compiler
"$java25" "$native/src/NativeConfig.java" exports "$builder_modules,ALL-UNNAMED" >"$work/exports.args"
"$java25" "$native/src/NativeConfig.java" jar-args "$jar" >"$work/jar.args"
"$java25" "$native/src/NativeConfig.java" config "$jar" "$work/config"
mapfile -t jar_args <"$work/jar.args"

# 6. The build. slf4j is set up while building: the Temporal SDK's metadata initializes its
#    LoggerFactory then (for gRPC's Netty, itself initialized then), and slf4j 2 finds its
#    provider (slf4j-simple, simplelogger.properties) through classes of org.slf4j.
rm -rf "$work/image"
mkdir -p "$work/image"
say "building $out (a few minutes)"
started=$SECONDS
(cd "$work/image" && "$home/bin/java" \
  -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI -XX:-UseJVMCICompiler \
  --upgrade-module-path "$compiler" --module-path "$module_path" \
  -Djdk.internal.lambda.disableEagerInitialization=true \
  -Djava.system.class.loader=com.oracle.svm.hosted.NativeImageSystemClassLoader \
  -Dorg.graalvm.nativeimage.imagecode=buildtime \
  -Dorg.graalvm.version="$(basename "$svm_jar" .jar | sed 's/^svm-//')" -Dcom.oracle.graalvm.isaot=true -Djava.awt.headless=true \
  --enable-native-access="$builder_modules,ALL-UNNAMED" \
  @"$work/exports.args" \
  -m org.graalvm.nativeimage.builder/com.oracle.svm.hosted.NativeImageGeneratorRunner \
  -imagecp "$jar" \
  -H:+UnlockExperimentalVMOptions \
  -H:Class=dev.overdue.starter.OverdueCli -H:Name=overdue-native -H:Path="$work/image" \
  -H:ImageBuildID="$(cat /proc/sys/kernel/random/uuid)" \
  -H:CLibraryPath="$clib" \
  -H:-UseContainerSupport \
  '-H:NativeLinkerOption=-Wl,-rpath,$ORIGIN/overdue-native.lib' \
  -H:NativeLinkerOption="$libs/libmanagement_ext.so" \
  -H:ConfigurationFileDirectories="$work/config" \
  -H:ClassInitialization=org.slf4j:build_time \
  -H:+ReportExceptionStackTraces \
  "${jar_args[@]}" "$@") 2>&1 | grep --line-buffered -v '^WARNING: Unknown module: .* specified to --add-exports$'
[[ -x "$work/image/overdue-native" ]] || fail "the builder made no executable"
[[ "$(sha256sum "$jar" | cut -d' ' -f1)" == "$jar_sha256" ]] \
  || fail "$jar changed while it was being built from; run native/build.sh again"
mv -f "$work/image/overdue-native" "$out"
# The launcher's test: this is the jar it was made from (overdue_native_cli, dist/src/lib/java.bash).
printf '%s\n' "$jar_sha256" >"$libs/overdue.jar.sha256"
say "built $out ($(du -h "$out" | cut -f1), libraries in $libs) in $((SECONDS - started)) s"
