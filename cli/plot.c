/* plot.c — `kanalyze plot`: the three occupancy charts around one launch,
 * either a given configuration (--regs R --block B --smem S) or a kernel of
 * a compiled FILE (its real registers, shared memory, barriers and launch
 * bounds).  -o FILE.svg / FILE.png draws them with cairo (written
 * atomically); without -o they are drawn in the terminal. */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static long one_value(const struct ka_cli *cli, int id, const char *name, long lo, long hi, long def,
		      struct ka_diag *d, bool *bad)
{
	char err[160];
	struct ka_values v = {0};
	long x;

	if (!cli->opt[id])
		return def;
	if (ka_values_parse(cli->opt[id], lo, hi, &v, err, sizeof(err)) != 0 || v.n != 1) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "--%s: %s", name, v.n > 1 ? "takes one value" : err);
		ka_values_free(&v);
		*bad = true;
		return def;
	}
	x = v.v[0];
	ka_values_free(&v);
	return x;
}

/* "name", "name<T>", "ns::name", the full demangled name or the mangled one. */
static bool kernel_matches(const struct ka_kernel *k, const char *want)
{
	const char *n = k->name, *base;
	size_t len = strlen(want), stem;

	if (strcmp(k->name, want) == 0 || strcmp(k->mangled, want) == 0)
		return true;
	if (strncmp(n, "void ", 5) == 0)
		n += 5;
	if (strcmp(n, want) == 0 || (strncmp(n, want, len) == 0 && (n[len] == '(' || n[len] == '<')))
		return true;
	stem = strcspn(n, "<(");              /* the unqualified identifier */
	base = n;
	for (const char *p = n; p + 1 < n + stem; p++)
		if (p[0] == ':' && p[1] == ':')
			base = p + 2;
	return (size_t)(n + stem - base) == len && strncmp(base, want, len) == 0;
}

static void list_kernels(struct ka_buf *b, const struct ka_kernel_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		ka_buf_printf(b, "%s%s", i ? "; " : "", l->v[i].name);
}

/* Compile FILE for the arch and pick the kernel: NULL after a message. */
static const struct ka_kernel *plot_kernel(struct ka_cli *cli, const char *arch, struct ka_kernel_list *kernels,
					   struct ka_diag *d, int *rc)
{
	struct ka_nvcc_options nv = {0};
	const char *file = cli->files[0], *want = cli->opt[OPT_KERNEL];
	const struct ka_kernel *found = NULL;
	struct stat st;
	bool bad = false;
	int n = 0;

	*rc = KA_EXIT_USAGE;
	if (stat(file, &st) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "%s", errno == ENOENT ? "no such file" : strerror(errno));
		return NULL;
	}
	if (!S_ISREG(st.st_mode) || access(file, R_OK) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "%s",
			      S_ISDIR(st.st_mode) ? "is a directory" : "not a readable regular file");
		return NULL;
	}
	nv.nvcc = cli->opt[OPT_NVCC];
	nv.extra = cli->cc_args;
	nv.lang = cli->opt[OPT_LANG];
	nv.timeout_s = (double)one_value(cli, OPT_TIMEOUT, "timeout", 1, 86400, 300, d, &bad);
	nv.jobs = 1;
	if (bad)
		return NULL;
	*rc = ka_nvcc_analyze(file, &arch, 1, &nv, d, kernels, NULL);
	if (*rc != KA_EXIT_OK)
		return NULL;
	ka_kernel_list_sort(kernels);
	*rc = KA_EXIT_USAGE;
	for (size_t i = 0; i < kernels->n; i++)
		if (!want || kernel_matches(&kernels->v[i], want)) {
			found = &kernels->v[i];
			n++;
		}
	if (n == 1) {
		*rc = KA_EXIT_OK;
		return found;
	}
	struct ka_buf b = {0};
	list_kernels(&b, kernels);
	if (kernels->n == 0)
		ka_diag_error(d, KA_EXIT_USAGE, file, "no kernels to plot");
	else if (n == 0)
		ka_diag_error(d, KA_EXIT_USAGE, file, "no kernel named '%s'; kernels: %s", want, b.data);
	else if (want)
		ka_diag_error(d, KA_EXIT_USAGE, file, "%d kernels match '%s': name one exactly: %s", n, want, b.data);
	else
		ka_diag_error(d, KA_EXIT_USAGE, file, "%d kernels: pick one with --kernel NAME: %s", n, b.data);
	ka_buf_free(&b);
	return NULL;
}

/* The terminal form: a headline, then the sparklines. */
static void plot_term(const struct ka_chart *c, bool color, bool utf8)
{
	const struct ka_occupancy *o = &c->occ;
	bool first = true;

	if (c->kernel)
		printf("%s%s%s  %s  %s\n", color ? "\033[1m" : "", c->kernel, color ? "\033[0m" : "",
		       c->where ? c->where : "", c->arch->name);
	else
		printf("%s%s%s\n", color ? "\033[1m" : "", c->arch->name, color ? "\033[0m" : "");
	printf("  launch      %d regs   %d threads/block   %ld B shared memory   %d barrier%s\n", c->launch.regs,
	       c->launch.block, c->launch.smem, c->launch.barriers, c->launch.barriers == 1 ? "" : "s");
	printf("  occupancy   %.1f %%  %d blocks = %d of %d warps/SM   limiter: ", 100.0 * o->occupancy,
	       o->blocks_per_sm, o->warps_per_sm, c->max_warps);
	for (int l = 0; l < KA_LIMIT_COUNT; l++)
		if (o->limiters & (1u << l)) {
			printf("%s%s", first ? "" : ", ", ka_limiter_name((enum ka_limiter)l));
			first = false;
		}
	putchar('\n');
	ka_chart_term(stdout, c, "  chart       ", "    ", color, utf8);
}

static int plot_write(const struct ka_chart *c, const char *path, struct ka_diag *d)
{
	const char *dot = strrchr(path, '.');
	enum ka_chart_format fmt;
	struct ka_buf b = {0};
	char err[160];
	int r;

	if (dot && strcasecmp(dot, ".svg") == 0)
		fmt = KA_CHART_SVG;
	else if (dot && strcasecmp(dot, ".png") == 0)
		fmt = KA_CHART_PNG;
	else {
		ka_diag_error(d, KA_EXIT_USAGE, path, "-o: give a file name ending in .svg or .png");
		return KA_EXIT_USAGE;
	}
	if (ka_chart_render(c, fmt, &b, err, sizeof(err)) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "%s", err);
		ka_buf_free(&b);
		return KA_EXIT_USAGE;
	}
	r = ka_write_file_atomic(path, b.data, b.len);
	ka_buf_free(&b);
	if (r != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "cannot write: %s", strerror(-r));
		return KA_EXIT_USAGE;
	}
	return KA_EXIT_OK;
}

int ka_cmd_plot(struct ka_cli *cli, struct ka_diag *d)
{
	const struct ka_nv_arch *a;
	const char *arch_name = cli->opt[OPT_ARCH] ? cli->opt[OPT_ARCH] : "sm_90";
	struct ka_kernel_list kernels = {0};
	const struct ka_kernel *k = NULL;
	struct ka_chart c;
	struct ka_nv_launch in = {.carveout_pct = -1};
	char name[128], where[512];
	const char *block_source = "option";
	long max_threads = 0, smem_max, block;
	bool bad = false, utf8 = ka_term_utf8();
	int rc = KA_EXIT_OK;

	if (strchr(arch_name, ',')) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "--arch: one architecture per chart, not '%s'", arch_name);
		return KA_EXIT_USAGE;
	}
	if (cli->n_files > 1) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "one FILE per chart (got %d)", cli->n_files);
		return KA_EXIT_USAGE;
	}
	if (cli->n_files == 1 && cli->opt[OPT_REGS]) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot",
			      "--regs is for a configuration without FILE; a FILE brings its own registers");
		return KA_EXIT_USAGE;
	}
	if (cli->n_files == 0 && !cli->opt[OPT_REGS]) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "give --regs R (and --block, --smem) or a FILE.cu to compile");
		return KA_EXIT_USAGE;
	}
	if (cli->n_files == 0 && cli->opt[OPT_KERNEL]) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "--kernel picks a kernel of FILE; no FILE given");
		return KA_EXIT_USAGE;
	}
	if (ka_nv_arch_list_parse(arch_name, cli->n_files == 1, &a, 1, d) != 1)
		return KA_EXIT_USAGE;
	smem_max = a->major >= 7 ? a->smem_per_block_optin : a->smem_per_block;
	block = one_value(cli, OPT_BLOCK, "block", 1, a->max_threads_per_block, 0, d, &bad);
	in.smem = one_value(cli, OPT_SMEM, "smem", 0, smem_max, 0, d, &bad);
	in.carveout_pct = (int)one_value(cli, OPT_CARVEOUT, "carveout", 0, 100, -1, d, &bad);
	if (cli->n_files == 0) {
		in.regs = (int)one_value(cli, OPT_REGS, "regs", 0, a->max_regs_per_thread, 0, d, &bad);
		in.barriers = (int)one_value(cli, OPT_BARRIERS, "barriers", 0, 16, 1, d, &bad);
	}
	if (bad)
		return KA_EXIT_USAGE;

	if (cli->n_files == 1) {
		k = plot_kernel(cli, arch_name, &kernels, d, &rc);
		if (!k)
			goto out;
		if (in.smem + k->res.static_smem > smem_max) {
			ka_diag_error(d, KA_EXIT_USAGE, "plot", "--smem %ld plus the kernel's %ld static bytes is over "
				      "%s's %ld-byte per-block limit", in.smem, k->res.static_smem, a->name, smem_max);
			rc = KA_EXIT_USAGE;
			goto out;
		}
		in.regs = (int)k->res.regs;
		in.smem += k->res.static_smem;
		in.barriers = (int)(k->res.barriers > 0 ? k->res.barriers : 0);
		if (cli->opt[OPT_BARRIERS])
			in.barriers = (int)one_value(cli, OPT_BARRIERS, "barriers", 0, 16, 1, d, &bad);
		max_threads = k->res.max_threads > 0 ? k->res.max_threads : 0;
		if (block == 0) {
			block = max_threads > 0 ? max_threads : 256;
			block_source = max_threads > 0 ? "launch_bounds" : "default";
		} else if (max_threads > 0 && block > max_threads) {
			ka_diag_warn(d, k->file, "%s: --block %ld exceeds its __launch_bounds__ (%ld): such a launch fails",
				     k->name, block, max_threads);
		}
	} else if (block == 0) {
		block = 256;
		block_source = "default";
	}
	in.block = (int)block;

	ka_chart_build(&c, a, &in, max_threads);
	c.block_source = block_source;
	if (k) {
		c.kernel = ka_name_short(k->name, 60, true, name, sizeof(name));
		snprintf(where, sizeof(where), "%s:%d", k->file, k->line);
		c.where = where;
	}
	if (cli->opt[OPT_OUTPUT]) {
		rc = plot_write(&c, cli->opt[OPT_OUTPUT], d);
		ka_chart_release();
	} else {
		if (k)
			c.kernel = ka_name_short(k->name, 60, utf8, name, sizeof(name));
		plot_term(&c, cli->color, utf8);
		if (fflush(stdout) != 0)
			rc = KA_EXIT_USAGE;
	}
	ka_chart_free(&c);
out:
	ka_kernel_list_free(&kernels);
	return rc > d->exit_code ? rc : d->exit_code;
}
