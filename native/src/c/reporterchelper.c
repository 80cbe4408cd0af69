/* libreporterchelper.so, which the native-image builder loads for its progress output: the
   terminal width and the peak RSS. */
#include <jni.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <unistd.h>
JNIEXPORT jint JNICALL Java_com_oracle_svm_hosted_ProgressReporterCHelper_getTerminalWindowColumns0(JNIEnv *e, jclass c) {
  struct winsize w;
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0) return w.ws_col;
  return 80;
}
JNIEXPORT jlong JNICALL Java_com_oracle_svm_hosted_ProgressReporterCHelper_getPeakRSS0(JNIEnv *e, jclass c) {
  struct rusage u;
  if (getrusage(RUSAGE_SELF, &u) == 0) return (jlong) u.ru_maxrss * 1024;
  return -1;
}
