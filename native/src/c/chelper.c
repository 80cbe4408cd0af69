/* The small C helpers the image calls (the builder's "libchelper"), written for this build:
   thread ids, varargs wrappers, signals for sun.misc.Signal, the locale and the time zone. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "svm_locale.h"

int getThreadId(void) { return (int) syscall(SYS_gettid); }
void *mremapP(void *old, size_t oldSize, size_t newSize, int flags, void *newAddress) {
  return mremap(old, oldSize, newSize, flags, newAddress);
}
int openSII(const char *path, int flags, int mode) { return open(path, flags, mode); }
int fprintfSD(FILE *stream, const char *format, const char *s, int d) { return fprintf(stream, format, s, d); }

/* sun.misc.Signal: the C handler counts a signal and wakes the dispatcher thread. */
static volatile int pending[NSIG];
static sem_t semaphore;
static volatile int owned;
int cSunMiscSignal_open(void) {
  if (!__sync_bool_compare_and_swap(&owned, 0, 1)) return 1;
  memset((void *) pending, 0, sizeof pending);
  return sem_init(&semaphore, 0, 0) == 0 ? 0 : -1;
}
int cSunMiscSignal_close(void) {
  int r = sem_destroy(&semaphore);
  __sync_lock_release(&owned);
  return r;
}
int cSunMiscSignal_awaitSemaphore(void) { return sem_wait(&semaphore); }
int cSunMiscSignal_signalSemaphore(void) { return sem_post(&semaphore); }
int cSunMiscSignal_signalRangeCheck(int sig) { return sig > 0 && sig < NSIG; }
int cSunMiscSignal_checkPendingSignal(void) {
  for (int sig = 1; sig < NSIG; sig++) {
    int n = pending[sig];
    while (n > 0) {
      if (__sync_bool_compare_and_swap(&pending[sig], n, n - 1)) return sig;
      n = pending[sig];
    }
  }
  return -1;
}
static void dispatch(int sig) {
  int saved = errno;
  if (sig > 0 && sig < NSIG) {
    __sync_fetch_and_add(&pending[sig], 1);
    sem_post(&semaphore);
  }
  errno = saved;
}
void *cSunMiscSignal_signalHandlerFunctionPointer(void) { return (void *) dispatch; }

/* The locale as the JDK reads it: language_COUNTRY.encoding@variant from LC_CTYPE (formats)
   and LC_MESSAGES (display); C and POSIX are en. */
static svm_locale_props_t props;
static void parse(const char *name, char **language, char **script, char **country, char **variant) {
  char buf[256];
  if (name == NULL || !strcmp(name, "C") || !strcmp(name, "POSIX") || !*name) name = "en";
  snprintf(buf, sizeof buf, "%s", name);
  char *at = strchr(buf, '@');
  if (at) *at++ = 0;
  char *dot = strchr(buf, '.');
  if (dot) *dot = 0;
  char *us = strchr(buf, '_');
  if (us) *us++ = 0;
  *language = strdup(buf);
  *country = us && *us ? strdup(us) : NULL;
  *script = NULL;
  *variant = NULL;
  if (at && !strcmp(at, "latin")) *script = strdup("Latn");
  else if (at && !strcmp(at, "cyrillic")) *script = strdup("Cyrl");
  else if (at && *at) *variant = strdup(at);
}
int svm_initialize_locale(void) {
  char *old = setlocale(LC_ALL, NULL), *saved = old ? strdup(old) : NULL;
  setlocale(LC_ALL, "");
  parse(setlocale(LC_CTYPE, NULL), &props.format_language, &props.format_script, &props.format_country, &props.format_variant);
  parse(setlocale(LC_MESSAGES, NULL), &props.display_language, &props.display_script, &props.display_country, &props.display_variant);
  if (saved) { setlocale(LC_ALL, saved); free(saved); }
  return props.format_language && props.display_language ? SVM_LOCALE_INITIALIZATION_SUCCEEDED : SVM_LOCALE_INITIALIZATION_OUT_OF_MEMORY;
}
svm_locale_props_t *svm_get_locale(void) { return &props; }

/* The time zone id: TZ, else the zone /etc/localtime links to, else /etc/timezone; NULL is GMT. */
char *SVM_FindJavaTZmd(const char *mappings, int length) {
  (void) mappings; (void) length;
  const char *tz = getenv("TZ");
  char buf[PATH_MAX];
  if (tz && *tz == ':') tz++;
  if (tz && *tz && strncmp(tz, "/", 1)) return strdup(tz);
  const char *file = tz && *tz ? tz : "/etc/localtime";
  ssize_t n = readlink(file, buf, sizeof buf - 1);
  if (n > 0) {
    buf[n] = 0;
    char *z = strstr(buf, "zoneinfo/");
    if (z) return strdup(z + 9);
  }
  FILE *f = fopen("/etc/timezone", "r");
  if (f) {
    if (fgets(buf, sizeof buf, f)) {
      buf[strcspn(buf, " \t\r\n")] = 0;
      fclose(f);
      if (*buf) return strdup(buf);
    } else {
      fclose(f);
    }
  }
  return strdup("UTC");
}
