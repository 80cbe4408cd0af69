/* JNI_OnLoad_<lib> for the JDK's shared libraries linked in place of static ones: the image calls
   these for its built-in libraries; each calls the library's own JNI_OnLoad. */
#define _GNU_SOURCE
#include <jni.h>
#include <dlfcn.h>
static jint forward(const char *so, JavaVM *vm, void *reserved) {
  void *h = dlopen(so, RTLD_LAZY | RTLD_NOLOAD);
  if (h) {
    jint (*f)(JavaVM *, void *) = (jint (*)(JavaVM *, void *)) dlsym(h, "JNI_OnLoad");
    if (f) f(vm, reserved);
  }
  return JNI_VERSION_1_8;
}
#define ONLOAD(n) JNIEXPORT jint JNICALL JNI_OnLoad_##n(JavaVM *vm, void *r) { return forward("lib" #n ".so", vm, r); }
ONLOAD(java) ONLOAD(nio) ONLOAD(net) ONLOAD(zip) ONLOAD(extnet)
