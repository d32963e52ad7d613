/* cuda_tools.c — where kanalyze finds NVIDIA's binary tools (nvdisasm for
 * --sass, cuobjdump for the fatbin entries it cannot decode) without the user
 * setting PATH, installed or in a checkout.  The places, in order:
 *
 *   $KANALYZE_<TOOL>             only that, when set
 *   <checkout>/.tools/python/... the pinned wheels ./setup.sh installs, when
 *                                this kanalyze runs from its build tree
 *   beside nvcc                  $KANALYZE_NVCC's directory, nvcc on PATH's
 *                                (through symbolic links: /usr/bin/nvcc ->
 *                                /usr/local/cuda-13.0/bin/nvcc)
 *   the CUDA installation        $CUDA_HOME, $CUDA_PATH, /usr/local/cuda,
 *                                /opt/cuda (bin/)
 *   PATH
 *   pip's wheels                 nvidia-cuda-nvdisasm / nvidia-cuda-cuobjdump
 *                                put the tool at site-packages/nvidia/cu13/bin
 *                                (CUDA 13; CUDA 12: nvidia/cuda_<tool>/bin):
 *                                $VIRTUAL_ENV's, ~/.local's, /usr/local's and
 *                                the system's site- and dist-packages
 *
 * No shell, no python: paths are tried with access(2) and glob(3). */
#define _GNU_SOURCE
#include "frontends.h"

#include <glob.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where a wheel puts the tool under site-packages (or ./setup.sh under
 * .tools/python). */
static const char *const wheel_dirs[] = {"nvidia/cu13/bin", "nvidia/cuda_%s/bin"};

static char *try_file(struct ka_buf *b)
{
	if (access(b->data, X_OK) == 0)
		return b->data;
	return NULL;
}

/* dir/<wheel layout>/tool for each layout; malloc'd or NULL */
static char *try_wheels(const char *dir, const char *tool)
{
	struct ka_buf b = {0};
	for (size_t i = 0; i < sizeof(wheel_dirs) / sizeof(wheel_dirs[0]); i++) {
		b.len = 0;
		ka_buf_printf(&b, "%s/", dir);
		ka_buf_printf(&b, wheel_dirs[i], tool);
		ka_buf_printf(&b, "/%s", tool);
		if (try_file(&b))
			return b.data;
	}
	ka_buf_free(&b);
	return NULL;
}

static char *try_in(const char *dir, const char *tool)
{
	struct ka_buf b = {0};
	if (!dir || !*dir)
		return NULL;
	ka_buf_printf(&b, "%s/%s", dir, tool);
	if (try_file(&b))
		return b.data;
	ka_buf_free(&b);
	return NULL;
}

/* The directory of nvcc (symbolic links resolved), malloc'd, or NULL. */
static char *nvcc_dir(void)
{
	const char *env = getenv("KANALYZE_NVCC");
	char *nvcc = ka_which(env && *env ? env : "nvcc"), *real, *slash;
	if (!nvcc)
		return NULL;
	real = realpath(nvcc, NULL);
	free(nvcc);
	if (real && (slash = strrchr(real, '/')) != NULL)
		*slash = '\0';
	return real;
}

/* The checkout this kanalyze was built from, when it runs from the build
 * tree (an installed copy does not look into the checkout). */
static char *checkout_wheels(const char *tool)
{
#if defined(KA_SOURCE_DIR) && defined(KA_BINARY_DIR)
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	size_t lb = strlen(KA_BINARY_DIR);
	if (n > 0) {
		exe[n] = '\0';
		if (strncmp(exe, KA_BINARY_DIR, lb) == 0 && exe[lb] == '/') {
			struct ka_buf d = {0};
			char *p;
			ka_buf_printf(&d, "%s/.tools/python", KA_SOURCE_DIR);
			p = try_wheels(d.data, tool);
			ka_buf_free(&d);
			return p;
		}
	}
#else
	(void)tool;
#endif
	return NULL;
}

static char *site_packages(const char *tool)
{
	const char *venv = getenv("VIRTUAL_ENV"), *home = getenv("HOME");
	struct ka_buf pat = {0};
	char *found = NULL;

	for (int i = 0; i < 6 && !found; i++) {
		glob_t g;
		pat.len = 0;
		switch (i) {
		case 0: if (!venv || !*venv) continue;
			ka_buf_printf(&pat, "%s/lib/python3*/site-packages", venv); break;
		case 1: if (!home || !*home) continue;
			ka_buf_printf(&pat, "%s/.local/lib/python3*/site-packages", home); break;
		case 2: ka_buf_puts(&pat, "/usr/local/lib/python3*/dist-packages"); break;
		case 3: ka_buf_puts(&pat, "/usr/local/lib/python3*/site-packages"); break;
		case 4: ka_buf_puts(&pat, "/usr/lib/python3/dist-packages"); break;
		case 5: ka_buf_puts(&pat, "/usr/lib/python3*/site-packages"); break;
		}
		if (glob(pat.data, 0, NULL, &g) != 0)
			continue;
		for (size_t k = 0; k < g.gl_pathc && !found; k++)
			found = try_wheels(g.gl_pathv[k], tool);
		globfree(&g);
	}
	ka_buf_free(&pat);
	return found;
}

char *ka_cuda_tool_locate(const char *tool, const char *env_var)
{
	static const char *const installs[] = {"/usr/local/cuda/bin", "/opt/cuda/bin"};
	const char *env = getenv(env_var);
	char *p, *dir;

	if (env && *env)
		return ka_which(env);
	if ((p = checkout_wheels(tool)) != NULL)
		return p;
	if ((dir = nvcc_dir()) != NULL) {
		p = try_in(dir, tool);
		free(dir);
		if (p)
			return p;
	}
	for (int i = 0; i < 2; i++) {
		const char *root = getenv(i == 0 ? "CUDA_HOME" : "CUDA_PATH");
		struct ka_buf b = {0};
		if (!root || !*root)
			continue;
		ka_buf_printf(&b, "%s/bin", root);
		p = try_in(b.data, tool);
		ka_buf_free(&b);
		if (p)
			return p;
	}
	for (size_t i = 0; i < sizeof(installs) / sizeof(installs[0]); i++)
		if ((p = try_in(installs[i], tool)) != NULL)
			return p;
	if ((p = ka_which(tool)) != NULL)
		return p;
	return site_packages(tool);
}
