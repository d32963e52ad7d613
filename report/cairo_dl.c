/* cairo_dl.c — cairo and fontconfig, loaded on the first chart.  The
 * charts (chart_svg.c) call these forwarders, which dlopen the libraries
 * once (thread-safe) and jump to their functions (cairo.def lists them
 * with their signatures); a process that draws no chart never loads them.
 * ka_cairo_load says whether they are there; the forwarders are called
 * only after it said yes. */
#define _GNU_SOURCE
#include "cairo_dl.h"
#include "report.h"

#include <cairo-svg.h>
#include <cairo.h>
#include <dlfcn.h>
#include <fontconfig/fontconfig.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const library[] = {
	[0] = "libcairo.so.2",
	[1] = "libfontconfig.so.1",
};
enum { CAIRO = 0, FONTCONFIG = 1 };

static struct {
#define KA_CAIRO(lib, ret, name, params, args) ret(*name) params;
#include "cairo.def"
#undef KA_CAIRO
} fn;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char load_error[512];           /* set once, read-only afterwards; "" loaded */
static bool loaded;

static void *h[2];                     /* the handles, kept: the libraries stay loaded */

static void load(void)
{
	for (int i = 0; i < 2; i++)
		if (!(h[i] = dlopen(library[i], RTLD_NOW | RTLD_LOCAL))) {
			snprintf(load_error, sizeof(load_error), "cannot load %s (%s): install cairo and fontconfig "
				 "(Debian: libcairo2, libfontconfig1)", library[i], dlerror());
			return;
		}
#define KA_CAIRO(lib, ret, name, params, args)                                                         \
	if (!(*(void **)&fn.name = dlsym(h[lib], #name))) {                                            \
		snprintf(load_error, sizeof(load_error), "%s has no %s: a cairo of version 1.16 or later " \
			 "is needed", library[lib], #name);                                                  \
		return;                                                                                 \
	}
#include "cairo.def"
#undef KA_CAIRO
	loaded = true;
}

const char *ka_cairo_load(void)
{
	pthread_once(&once, load);
	return loaded ? NULL : load_error;
}

bool ka_cairo_loaded(void)
{
	return loaded;
}

/* Called only after ka_cairo_load said yes: a forwarder reached first is a
 * bug, stopped here rather than a jump through NULL. */
static void unloaded(const char *name)
{
	fprintf(stderr, "kanalyze: internal error: %s called before cairo was loaded\n", name);
	abort();
}

#define KA_CAIRO(lib, ret, name, params, args) \
	ret name params                        \
	{                                      \
		if (!fn.name)                  \
			unloaded(#name);       \
		return fn.name args;           \
	}
#include "cairo.def"
#undef KA_CAIRO
