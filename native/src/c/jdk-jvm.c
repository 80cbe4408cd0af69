/* libjvm.so for the JDK's own shared libraries (libjava, libnet, libnio, libzip, libextnet) when
   they are linked into the native CLI: the few JVM_ functions their code paths in the image use,
   done here on libc; every other one says which it was and aborts (a native method the image
   does not reach through its own substitutions). */
#define _GNU_SOURCE
#include <jni.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sched.h>
#include <dlfcn.h>
JNIEXPORT jlong JNICALL JVM_NanoTime(JNIEnv *e, jclass c) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return (jlong) t.tv_sec * 1000000000 + t.tv_nsec; }
JNIEXPORT jlong JNICALL JVM_CurrentTimeMillis(JNIEnv *e, jclass c) { struct timespec t; clock_gettime(CLOCK_REALTIME, &t); return (jlong) t.tv_sec * 1000 + t.tv_nsec / 1000000; }
JNIEXPORT jlong JNICALL JVM_GetNanoTimeAdjustment(JNIEnv *e, jclass c, jlong offset) {
  struct timespec t; clock_gettime(CLOCK_REALTIME, &t);
  jlong diff = (jlong) t.tv_sec - offset;
  if (diff >= 4294967295LL || diff <= -4294967295LL) return -1;
  return diff * 1000000000 + t.tv_nsec;
}
JNIEXPORT int jio_vsnprintf(char *s, size_t n, const char *f, va_list a) { if ((intptr_t) n <= 0) return -1; int r = vsnprintf(s, n, f, a); if (r >= (int) n) { s[n - 1] = 0; return -1; } return r; }
JNIEXPORT int jio_snprintf(char *s, size_t n, const char *f, ...) { va_list a; va_start(a, f); int r = jio_vsnprintf(s, n, f, a); va_end(a); return r; }
JNIEXPORT int jio_vfprintf(FILE *o, const char *f, va_list a) { return vfprintf(o, f, a); }
JNIEXPORT int jio_fprintf(FILE *o, const char *f, ...) { va_list a; va_start(a, f); int r = vfprintf(o, f, a); va_end(a); return r; }
JNIEXPORT jint JNICALL JVM_ActiveProcessorCount(void) { cpu_set_t s; if (sched_getaffinity(0, sizeof s, &s) == 0) return CPU_COUNT(&s); return (jint) sysconf(_SC_NPROCESSORS_ONLN); }
JNIEXPORT void *JNICALL JVM_RawMonitorCreate(void) { pthread_mutex_t *m = malloc(sizeof *m); pthread_mutexattr_t a; pthread_mutexattr_init(&a); pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE); pthread_mutex_init(m, &a); return m; }
JNIEXPORT void JNICALL JVM_RawMonitorDestroy(void *m) { pthread_mutex_destroy(m); free(m); }
JNIEXPORT jint JNICALL JVM_RawMonitorEnter(void *m) { return pthread_mutex_lock(m); }
JNIEXPORT void JNICALL JVM_RawMonitorExit(void *m) { pthread_mutex_unlock(m); }
JNIEXPORT jboolean JNICALL JVM_IsUseContainerSupport(void) { return JNI_FALSE; }
JNIEXPORT jint JNICALL JVM_GetInterfaceVersion(void) { return 6; }
JNIEXPORT jboolean JNICALL JVM_IsSupportedJNIVersion(jint v) { return v == JNI_VERSION_1_1 || v == JNI_VERSION_1_2 || v == JNI_VERSION_1_4 || v == JNI_VERSION_1_6 || v == JNI_VERSION_1_8 || v == JNI_VERSION_9 || v == JNI_VERSION_10 || v == JNI_VERSION_19 || v == JNI_VERSION_20 || v == JNI_VERSION_21 || v == 0x00180000 || v == 0x00190000; }
JNIEXPORT void *JNICALL JVM_FindLibraryEntry(void *handle, const char *name) { return dlsym(handle, name); }
JNIEXPORT void *JNICALL JVM_LoadLibrary(const char *name, jboolean throwException) { return dlopen(name, RTLD_LAZY); }
JNIEXPORT void JNICALL JVM_UnloadLibrary(void *handle) { dlclose(handle); }
/* Shutdown.beforeHalt and halt0: the shutdown hooks have run in Java by then. */
JNIEXPORT void JNICALL JVM_BeforeHalt(void) {}
JNIEXPORT void JNICALL JVM_Halt(jint code) { exit(code); }
static void missing(const char *name) { fprintf(stderr, "overdue (native): %s is not available in the native image\n", name); abort(); }
#define MISSING(n) JNIEXPORT void n(void) { missing(#n); }
/* One MISSING(name) a line for the JVM_ and jio_ functions the libraries import and this file
   does not define, listed by native/build.sh from the libraries themselves. */
#include "jdk-jvm-missing.h"
