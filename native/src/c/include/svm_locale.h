/* The locale the image reads at start (svm_initialize_locale, svm_get_locale). */
#define SVM_LOCALE_INITIALIZATION_USE_DEFAULT 0
#define SVM_LOCALE_INITIALIZATION_SUCCEEDED 1
#define SVM_LOCALE_INITIALIZATION_OUT_OF_MEMORY 2
typedef struct {
  char *format_language, *format_script, *format_country, *format_variant;
  char *display_language, *display_script, *display_country, *display_variant;
} svm_locale_props_t;
