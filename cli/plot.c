/* plot.c — `kanalyze plot`: the three occupancy charts around one launch,
 * either a given configuration (NVIDIA --regs R --block B --smem S; AMD
 * --vgprs V --agprs A --sgprs S --block B --smem LDS --wave32/64) or a kernel
 * of a compiled FILE (its real registers, shared memory or LDS, barriers and
 * launch bounds).  Each vendor's entry of a table reads its own options and
 * builds the chart; -o FILE.svg / FILE.png draws it with cairo (written
 * atomically); without -o it is drawn in the terminal. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* Why no one kernel was picked: of `total` kernels, `n` matched --kernel
 * `want` (NULL: not given); `names` lists them all. */
static void pick_failed(const char *file, size_t total, int n, const char *want, const char *names,
			struct ka_diag *d)
{
	if (total == 0)
		ka_diag_error(d, KA_EXIT_USAGE, file, "no kernels to plot");
	else if (n == 0)
		ka_diag_error(d, KA_EXIT_USAGE, file, "no kernel named '%s'; kernels: %s", want, names);
	else if (want)
		ka_diag_error(d, KA_EXIT_USAGE, file, "%d kernels match '%s': name one exactly: %s", n, want, names);
	else
		ka_diag_error(d, KA_EXIT_USAGE, file, "%d kernels: pick one with --kernel NAME: %s", n, names);
}

/* The terminal form: a headline, then the sparklines. */
static void plot_term(const struct ka_chart *c, bool color, bool utf8)
{
	char buf[256];

	if (c->kernel)
		printf("%s%s%s  %s  %s\n", color ? "\033[1m" : "", c->kernel, color ? "\033[0m" : "",
		       c->where ? c->where : "", c->arch_name);
	else
		printf("%s%s%s\n", color ? "\033[1m" : "", c->arch_name, color ? "\033[0m" : "");
	c->ops->launch_text(c, true, buf, sizeof(buf));
	printf("  launch      %s\n", buf);
	c->ops->occ_text(c, true, buf, sizeof(buf));
	printf("  occupancy   %s\n", buf);
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
		ka_diag_error(d, KA_EXIT_USAGE, path, "cannot write: %s", ka_write_error(r));
		return KA_EXIT_USAGE;
	}
	return KA_EXIT_OK;
}

/* One chart's making: what the vendor's builder fills in. */
struct plot {
	struct ka_chart c;
	bool built;
	struct ka_result res;            /* FILE: the library's result           */
	bool have_res;
	const struct ka_kernel *k;
	char name[128], where[512];
};

/* A FILE (or a saved AMD remarks log, --remarks: how a Hygon DTK build is
 * read here) goes through the library, as `kanalyze FILE` would: its
 * frontend and compiler, its launch choice and its vendor's model at the
 * launch asked for; *out is the kernel --kernel names. */
static int plot_file_kernel(struct ka_cli *cli, const char *arch_name, const struct ka_model_params *launch,
			    struct plot *p, struct ka_diag *d, const struct ka_kernel_result **out)
{
	const char *want = cli->opt[OPT_KERNEL], *file = cli->n_files ? cli->files[0] : cli->opt[OPT_REMARKS];
	const struct ka_kernel_result *found = NULL;
	struct ka_what_spec *specs = NULL;
	struct ka_request req;
	int rc, n = 0;

	*out = NULL;
	rc = ka_cli_request(cli, &req, &specs, d);     /* the options as `kanalyze FILE` reads them */
	free(specs);                                  /* (plot takes no --what-if) */
	if (rc != 0)
		return rc;
	req.archs = arch_name;                        /* then the chart's own: one arch, its launch */
	req.launch = *launch;
	req.uniformity = false;
	req.jobs = 1;
	rc = ka_analyze(&req, d, &p->res);
	p->have_res = true;
	if (rc != KA_EXIT_OK)
		return rc;
	/* one result per distinct launch of a kernel: the first stands for it */
	for (size_t i = 0; i < p->res.n; i++) {
		const struct ka_kernel_result *kr = &p->res.v[i];
		if (want && !kernel_matches(kr->k, want))
			continue;
		if (found && found->k == kr->k)
			continue;
		if (!found)
			found = kr;
		n++;
	}
	if (n == 1) {
		*out = found;
		return KA_EXIT_OK;
	}
	struct ka_buf b = {0};
	const struct ka_kernel *last = NULL;
	for (size_t i = 0; i < p->res.n; i++)
		if (p->res.v[i].k != last) {
			last = p->res.v[i].k;
			ka_buf_printf(&b, "%s%s", b.len ? "; " : "", last->name);
		}
	pick_failed(file, p->res.n, n, want, b.data, d);
	ka_buf_free(&b);
	return KA_EXIT_USAGE;
}

static int plot_nvidia(struct ka_cli *cli, const char *arch_name, struct plot *p, struct ka_diag *d)
{
	const struct ka_nv_arch *a;
	struct ka_nv_launch in = {.carveout_pct = -1};
	const struct ka_kernel *k = NULL;
	const char *block_source = "option";
	long max_threads = 0, smem_max, block;
	bool bad = false;
	int rc = KA_EXIT_OK;

	if (cli->opt[OPT_VGPRS] || cli->opt[OPT_AGPRS] || cli->opt[OPT_SGPRS] || cli->flag[OPT_WAVE32] ||
	    cli->flag[OPT_WAVE64] || cli->opt[OPT_REMARKS]) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "%s is NVIDIA: give --regs, not --vgprs/--agprs/--sgprs/--wave32/"
			      "--wave64/--remarks", arch_name);
		return KA_EXIT_USAGE;
	}
	if (cli->n_files == 0 && !cli->opt[OPT_REGS]) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "give --regs R (and --block, --smem) or a FILE.cu to compile");
		return KA_EXIT_USAGE;
	}
	if (ka_nv_arch_list_parse(arch_name, cli->n_files == 1, &a, 1, d) != 1)
		return KA_EXIT_USAGE;
	smem_max = a->smem_per_block_optin;
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
		const struct ka_model_params launch = {.block = block, .smem = in.smem};
		const struct ka_kernel_result *kr;
		int carveout = in.carveout_pct;
		rc = plot_file_kernel(cli, arch_name, &launch, p, d, &kr);
		if (rc != KA_EXIT_OK)
			return rc;
		k = kr->k;
		a = kr->m.nv.arch;
		in = kr->m.nv.launch;
		if (in.smem > smem_max) {
			ka_diag_error(d, KA_EXIT_USAGE, "plot", "--smem %ld plus the kernel's %ld static bytes is over "
				      "%s's %ld-byte per-block limit", kr->smem_dynamic, k->res.static_smem, a->name, smem_max);
			return KA_EXIT_USAGE;
		}
		in.carveout_pct = carveout;
		if (cli->opt[OPT_BARRIERS])
			in.barriers = (int)one_value(cli, OPT_BARRIERS, "barriers", 0, 16, 1, d, &bad);
		max_threads = k->res.max_threads > 0 ? k->res.max_threads : 0;
		block = in.block;
		block_source = kr->block_source ? kr->block_source : "default";
	} else if (block == 0) {
		block = 256;
		block_source = "default";
	}
	in.block = (int)block;
	ka_chart_build(&p->c, a, &in, max_threads);
	p->built = true;
	p->c.block_source = block_source;
	p->k = k;
	return KA_EXIT_OK;
}

static int plot_amd(struct ka_cli *cli, const char *arch_name, struct plot *p, struct ka_diag *d)
{
	struct ka_arch any;
	const struct ka_amd_arch *a;
	struct ka_amd_launch in = {0};
	const char *block_source = "option";
	long max_threads = 0, block;
	bool bad = false, from_file;
	int wave = ka_cli_wave(cli, d);

	if (ka_arch_list_parse(arch_name, false, &any, NULL, 1, d) != 1)
		return KA_EXIT_USAGE;
	a = any.amd;
	if (cli->opt[OPT_REGS] || cli->opt[OPT_BARRIERS] || cli->opt[OPT_CARVEOUT]) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "%s is AMD: give --vgprs/--agprs/--sgprs, not "
			      "--regs/--barriers/--carveout", a->name);
		return KA_EXIT_USAGE;
	}
	if (wave < 0)
		return KA_EXIT_USAGE;
	if (wave == 32 && !ka_amd_has_wave32(a)) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "--wave32: %s runs wave64 only", a->name);
		return KA_EXIT_USAGE;
	}
	if (cli->n_files == 0 && !cli->opt[OPT_VGPRS] && !cli->opt[OPT_REMARKS]) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "give --vgprs V (and --agprs, --sgprs, --block, --smem), a "
			      "FILE.hip to compile or --remarks LOG");
		return KA_EXIT_USAGE;
	}
	if (cli->n_files == 1 && cli->opt[OPT_REMARKS]) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "--remarks replaces compiling: give no FILE");
		return KA_EXIT_USAGE;
	}
	from_file = cli->n_files == 1 || cli->opt[OPT_REMARKS];
	if (from_file && (cli->opt[OPT_VGPRS] || cli->opt[OPT_AGPRS] || cli->opt[OPT_SGPRS])) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "--vgprs/--agprs/--sgprs are for a configuration without FILE; "
			      "a FILE (or --remarks LOG) brings its own registers");
		return KA_EXIT_USAGE;
	}
	if (!a->agprs && cli->opt[OPT_AGPRS] && strspn(cli->opt[OPT_AGPRS], "0") != strlen(cli->opt[OPT_AGPRS])) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "--agprs: %s has no AGPRs (gfx908, gfx90a, gfx94x, gfx950 "
			      "and Hygon do)", a->name);
		return KA_EXIT_USAGE;
	}
	block = one_value(cli, OPT_BLOCK, "block", 1, 1024, 0, d, &bad);
	in.lds = one_value(cli, OPT_SMEM, "smem", 0, a->lds_per_workgroup, 0, d, &bad);
	in.vgprs = (int)one_value(cli, OPT_VGPRS, "vgprs", 0, a->vgprs_addressable, 0, d, &bad);
	in.agprs = (int)one_value(cli, OPT_AGPRS, "agprs", 0, a->agprs, 0, d, &bad);
	in.sgprs = (int)one_value(cli, OPT_SGPRS, "sgprs", 0, a->max_sgprs, 0, d, &bad);
	in.wave = wave ? wave : a->default_wave;
	if (bad)
		return KA_EXIT_USAGE;

	if (from_file) {
		const struct ka_kernel_result *kr;
		const struct ka_model_params launch = {.block = block, .smem = in.lds, .wave = wave};
		int rc = plot_file_kernel(cli, arch_name, &launch, p, d, &kr);
		if (rc != KA_EXIT_OK)
			return rc;
		if (!kr->m.amd.arch) {
			ka_diag_error(d, KA_EXIT_USAGE, cli->n_files ? cli->files[0] : cli->opt[OPT_REMARKS],
				      "%s: no occupancy model for %s", kr->k->name, arch_name);
			return KA_EXIT_USAGE;
		}
		a = kr->m.amd.arch;
		in = kr->m.amd.launch;
		if (in.lds > a->lds_per_workgroup) {
			ka_diag_error(d, KA_EXIT_USAGE, "plot", "--smem %ld plus the kernel's static LDS is over %s's "
				      "%ld-byte per-workgroup limit", in.lds - kr->k->res.static_smem, a->name,
				      a->lds_per_workgroup);
			return KA_EXIT_USAGE;
		}
		max_threads = kr->k->res.max_threads > 0 ? kr->k->res.max_threads : 0;
		block_source = kr->block_source ? kr->block_source : "default";
		p->k = kr->k;
	} else {
		if (block == 0) {
			block = 256;
			block_source = "default";
		}
		in.block = (int)block;
	}
	ka_chart_build_amd(&p->c, a, &in, max_threads);
	p->built = true;
	p->c.block_source = block_source;
	return KA_EXIT_OK;
}

/* Each vendor reads its own options and builds its chart. */
static int (*const builders[KA_VENDOR_COUNT])(struct ka_cli *, const char *, struct plot *, struct ka_diag *) = {
	[KA_VENDOR_NVIDIA] = plot_nvidia,
	[KA_VENDOR_AMD] = plot_amd,
};

int ka_cmd_plot(struct ka_cli *cli, struct ka_diag *d)
{
	const char *arch_name = cli->opt[OPT_ARCH] ? cli->opt[OPT_ARCH] : NULL;
	const struct ka_vendor_ops *v;
	struct plot p;
	bool utf8 = ka_term_utf8();
	int rc;

	memset(&p, 0, sizeof(p));
	if (arch_name && strchr(arch_name, ',')) {
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
	if (cli->n_files == 0 && cli->opt[OPT_KERNEL] && !cli->opt[OPT_REMARKS]) {
		ka_diag_error(d, KA_EXIT_USAGE, "plot", "--kernel picks a kernel of FILE; no FILE given");
		return KA_EXIT_USAGE;
	}
	if (!arch_name && (cli->n_files || cli->opt[OPT_REMARKS])) {   /* the library's default for the input */
		struct ka_request input;
		ka_request_init(&input, cli->files, cli->n_files);
		input.lang = cli->opt[OPT_LANG];
		input.remarks = cli->opt[OPT_REMARKS];
		arch_name = ka_default_arch(&input);
	} else if (!arch_name) {   /* a configuration: sm_90, gfx90a for the AMD options */
		arch_name = ka_vendors[cli->opt[OPT_VGPRS] ? KA_VENDOR_AMD : KA_VENDOR_NVIDIA]->default_arch;
	}
	v = ka_vendor_of_arch(arch_name);
	if (!v) {
		struct ka_arch any;        /* says why, as every --arch does */
		if (ka_arch_list_parse(arch_name, false, &any, NULL, 1, d) == 1)
			ka_diag_error(d, KA_EXIT_USAGE, "plot", "--arch %s: no occupancy model", arch_name);
		return KA_EXIT_USAGE;
	}
	rc = builders[v->id](cli, arch_name, &p, d);
	if (rc != KA_EXIT_OK || !p.built)
		goto out;
	if (p.k) {
		p.c.kernel = ka_name_short(p.k->name, 60, true, p.name, sizeof(p.name));
		snprintf(p.where, sizeof(p.where), "%s:%d", p.k->file, p.k->line);
		p.c.where = p.where;
	}
	if (cli->opt[OPT_OUTPUT]) {
		rc = plot_write(&p.c, cli->opt[OPT_OUTPUT], d);
		ka_chart_release();
	} else {
		if (p.k)
			p.c.kernel = ka_name_short(p.k->name, 60, utf8, p.name, sizeof(p.name));
		plot_term(&p.c, cli->color, utf8);
		if (fflush(stdout) != 0)
			rc = KA_EXIT_USAGE;
	}
out:
	if (p.built)
		ka_chart_free(&p.c);
	if (p.have_res)
		ka_result_free(&p.res);
	return rc > d->exit_code ? rc : d->exit_code;
}
