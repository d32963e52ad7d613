/* cairo_dl.h — private to report/: cairo and fontconfig are loaded on the
 * first chart (cairo_dl.c), not at start-up. */
#ifndef KANALYZE_CAIRO_DL_H
#define KANALYZE_CAIRO_DL_H
#include <stdbool.h>
/* Load them once: NULL, or what is missing (a message for the user). */
const char *ka_cairo_load(void);
/* Whether a chart loaded them (what to release at exit). */
bool ka_cairo_loaded(void);
#endif
