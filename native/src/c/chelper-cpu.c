/* CPU feature detection for the image's start-up check, from cpuid and xgetbv. */
#include <cpuid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "amd64cpufeatures.h"

static uint64_t xcr0(void) {
  uint32_t a, d;
  __asm__ volatile("xgetbv" : "=a"(a), "=d"(d) : "c"(0));
  return ((uint64_t) d << 32) | a;
}
#define BIT(r, n) (((r) >> (n)) & 1)

void determineCPUFeatures(CPUFeatures *f) {
  unsigned a = 0, b = 0, c = 0, d = 0, max = __get_cpuid_max(0, 0), ext = __get_cpuid_max(0x80000000, 0);
  memset(f, 0, sizeof(*f));
  __cpuid(1, a, b, c, d);
  f->fCX8 = BIT(d, 8); f->fCMOV = BIT(d, 15); f->fFXSR = BIT(d, 24); f->fHT = BIT(d, 28); f->fMMX = BIT(d, 23);
  f->fTSC = BIT(d, 4); f->fSSE = BIT(d, 25); f->fSSE2 = BIT(d, 26); f->fFLUSH = BIT(d, 19);
  f->fSSE3 = BIT(c, 0); f->fCLMUL = BIT(c, 1); f->fSSSE3 = BIT(c, 9); f->fSSE4_1 = BIT(c, 19); f->fSSE4_2 = BIT(c, 20);
  f->fPOPCNT = BIT(c, 23); f->fAES = BIT(c, 25); f->fHV = BIT(c, 31);
  int osxsave = BIT(c, 27);
  uint64_t x = osxsave ? xcr0() : 0;
  int avxos = (x & 6) == 6, avx512os = avxos && (x & 0xe0) == 0xe0;
  if (avxos) { f->fAVX = BIT(c, 28); f->fFMA = BIT(c, 12); f->fF16C = BIT(c, 29); f->fVZEROUPPER = f->fAVX; }
  if (max >= 7) {
    __cpuid_count(7, 0, a, b, c, d);
    f->fBMI1 = BIT(b, 3); f->fBMI2 = BIT(b, 8); f->fERMS = BIT(b, 9); f->fRTM = BIT(b, 11); f->fADX = BIT(b, 19);
    f->fFLUSHOPT = BIT(b, 23); f->fCLWB = BIT(b, 24); f->fSHA = BIT(b, 29);
    f->fPKU = BIT(c, 3); f->fOSPKE = BIT(c, 4); f->fGFNI = BIT(c, 8); f->fRDPID = BIT(c, 22); f->fCET_SS = BIT(c, 7);
    f->fFSRM = BIT(d, 4); f->fSERIALIZE = BIT(d, 14); f->fCET_IBT = BIT(d, 20);
    if (avxos) f->fAVX2 = BIT(b, 5);
    if (avx512os) {
      f->fAVX512F = BIT(b, 16); f->fAVX512DQ = BIT(b, 17); f->fAVX512_IFMA = BIT(b, 21); f->fAVX512PF = BIT(b, 26);
      f->fAVX512ER = BIT(b, 27); f->fAVX512CD = BIT(b, 28); f->fAVX512BW = BIT(b, 30); f->fAVX512VL = BIT(b, 31);
      f->fAVX512_VBMI = BIT(c, 1); f->fAVX512_VBMI2 = BIT(c, 6); f->fAVX512_VAES = BIT(c, 9); f->fAVX512_VPCLMULQDQ = BIT(c, 10);
      f->fAVX512_VNNI = BIT(c, 11); f->fAVX512_BITALG = BIT(c, 12); f->fAVX512_VPOPCNTDQ = BIT(c, 14); f->fAVX512_FP16 = BIT(d, 23);
    }
  }
  if (ext >= 0x80000001) {
    __cpuid(0x80000001, a, b, c, d);
    f->fLZCNT = BIT(c, 5); f->fSSE4A = BIT(c, 6); f->fAMD_3DNOW_PREFETCH = BIT(c, 8); f->fRDTSCP = BIT(d, 27);
  }
  if (ext >= 0x80000007) {
    __cpuid(0x80000007, a, b, c, d);
    f->fTSCINV_BIT = BIT(d, 8); f->fTSCINV = f->fTSCINV_BIT;
  }
}

/* The mask holds the build's features negated and padded with ones to 64 bits: a feature is
   missing where neither the host has it nor the mask has a one. */
int checkCPUFeatures(const unsigned char *mask) {
  unsigned char host[(sizeof(CPUFeatures) + 7) / 8 * 8];
  memset(host, 0, sizeof host);
  determineCPUFeatures((CPUFeatures *) host);
  for (size_t i = 0; i < sizeof host; i++) {
    if ((unsigned char) (host[i] | mask[i]) != 0xff) return -1;
  }
  return 0;
}

void checkCPUFeaturesOrExit(const unsigned char *mask, const char *message) {
  if (checkCPUFeatures(mask) != 0) {
    fputs(message, stderr);
    exit(1);
  }
}
