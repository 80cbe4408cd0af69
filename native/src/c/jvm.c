/* The builder's "jvm" library: what the image itself asks of a JVM. */
#define _GNU_SOURCE
#include <sched.h>
#include <unistd.h>
void initialize(void) {}
int JVM_ActiveProcessorCount(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
  return (int) sysconf(_SC_NPROCESSORS_ONLN);
}
