/* hip.c — the AMD driver: compile HIP device code only, one clang (or
 * hipcc) per arch, up to opt->jobs at once, each into a private temp dir:
 *
 *   clang -x hip --offload-arch=A --cuda-device-only -S -O3
 *         -Rpass-analysis=kernel-resource-usage [--rocm-device-lib-path=D]
 *         [-mwavefrontsize64] [user flags] -o DIR/k.A.s FILE
 *
 * then read the remarks on stderr (VGPRs, SGPRs, AGPRs, scratch, LDS, LLVM's
 * occupancy) and cross-check them with the assembly's kernel metadata (which
 * also says the wave size and the maximum flat workgroup size).  Spawned with
 * an argv, never a shell; killed at the timeout.  The compiler's diagnostics
 * are shown as it wrote them, minus the resource remarks we consume. */
#define _GNU_SOURCE
#include "frontends.h"

#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char RPASS[] = "-Rpass-analysis=kernel-resource-usage";

char *ka_hip_locate(const struct ka_hip_options *opt)
{
	const char *env = getenv("KANALYZE_CLANG");
	static const char *const tries[] = {"clang-16", "hipcc", "clang"};
	char *p;

	if (opt && opt->clang)
		return ka_which(opt->clang);
	if (env && *env)
		return ka_which(env);
	for (size_t i = 0; i < sizeof(tries) / sizeof(tries[0]); i++)
		if ((p = ka_which(tries[i])) != NULL)
			return p;
	return NULL;
}

static bool is_hipcc(const char *path)
{
	const char *b = strrchr(path, '/');
	return strncmp(b ? b + 1 : path, "hipcc", 5) == 0;
}

/* The ROCm device libraries (ockl.bc ...) clang links for HIP: $ROCM_PATH,
 * then where Debian and ROCm install them.  NULL when none is found (clang
 * then says so itself). */
static char *device_lib_dir(void)
{
	const char *rocm = getenv("ROCM_PATH");
	const char *fixed[] = {"/usr/lib/x86_64-linux-gnu/amdgcn/bitcode", "/usr/lib/aarch64-linux-gnu/amdgcn/bitcode",
			       "/opt/rocm/amdgcn/bitcode", "/usr/lib/amdgcn/bitcode", "/usr/share/amdgcn/bitcode"};
	struct ka_buf b = {0};
	struct stat st;

	if (rocm && *rocm) {
		ka_buf_printf(&b, "%s/amdgcn/bitcode/ockl.bc", rocm);
		if (stat(b.data, &st) == 0) {
			b.data[b.len - strlen("/ockl.bc")] = '\0';
			return b.data;
		}
		ka_buf_free(&b);
	}
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		ka_buf_printf(&b, "%s/ockl.bc", fixed[i]);
		bool ok = stat(b.data, &st) == 0;
		ka_buf_free(&b);
		if (ok)
			return ka_strdup(fixed[i]);
	}
	return NULL;
}

/* "16.0.6" from "Debian clang version 16.0.6 (15~deb12u1)" (hipcc prints
 * the same line among its own). */
static char *parse_version(const char *text)
{
	const char *p = text ? strstr(text, "clang version ") : NULL;
	size_t n;
	char *v;

	if (!p)
		return NULL;
	p += strlen("clang version ");
	n = strspn(p, "0123456789.");
	if (!n)
		return NULL;
	v = ka_xmalloc(n + 1);
	memcpy(v, p, n);
	v[n] = '\0';
	return v;
}

/* "file:12:3: error: ..." and friends: a diagnostic's first line. */
static bool diagnostic_line(const char *p, size_t n)
{
	static const char *const kinds[] = {": error:", ": warning:", ": note:", ": remark:", ": fatal error:"};
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (memmem(p, n, kinds[i], strlen(kinds[i])))
			return true;
	return (n > 7 && strncmp(p, "clang: ", 7) == 0) || memmem(p, n, "generated.", 10) != NULL;
}

/* Show the compiler's stderr without our remarks and the source lines and
 * carets clang prints under them (and, under hipcc, the complaints about the
 * link flags hipcc itself adds to a device-only compile). */
static void forward_diagnostics(const struct ka_buf *err, struct ka_diag *d, bool failed, bool hipcc)
{
	const char *p = err->data, *end = err->data ? err->data + err->len : NULL;
	bool skipping = false;

	if (!p)
		return;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		bool ours = memmem(p, n, RPASS + 1, sizeof(RPASS) - 2) != NULL;

		if (ours)
			skipping = true;
		else if (diagnostic_line(p, n))
			skipping = false;
		if (hipcc && memmem(p, n, "[-Wunused-command-line-argument]", 32))
			ours = true;
		if (!ours && !skipping && n > 0 && (failed || !d->quiet)) {
			fwrite(p, 1, n, d->out);
			fputc('\n', d->out);
		}
		p = nl ? nl + 1 : end;
	}
	fflush(d->out);
}

static long align4(long v)
{
	return (v + 3) / 4 * 4;
}

void ka_amd_kernel_fill(struct ka_kernel *k, const struct ka_amd_remark *r, const struct ka_amdgpu_kernel *md,
			const char *arch, struct ka_diag *d)
{
	const char *where = k->file ? k->file : arch;

	k->vendor = KA_VENDOR_AMD;
	snprintf(k->arch, sizeof(k->arch), "%.*s", (int)strcspn(arch, ":"), arch);
	ka_resources_unset(&k->res);
	if (r) {
		k->res.vgprs = r->vgprs;
		k->res.sgprs = r->sgprs;
		k->res.agprs = r->agprs;          /* printed on MAI targets only */
		k->res.lds = r->lds;
		k->res.scratch = r->scratch;
		k->res.vgpr_spills = r->vgpr_spill;
		k->res.sgpr_spills = r->sgpr_spill;
		k->llvm_waves_per_simd = r->occupancy > 0 ? (int)r->occupancy : 0;
	}
	if (md) {
		if (md->max_flat_workgroup > 0)
			k->res.max_threads = md->max_flat_workgroup;
		if (md->wavefront_size == 32 || md->wavefront_size == 64)
			k->wave_size = (int)md->wavefront_size;
	}
	if (md && r) {
		/* .vgpr_count counts the AGPRs too: alignTo(VGPRs, 4) + AGPRs on a
		 * unified file (which has .amdhsa_accum_offset), max(VGPRs, AGPRs)
		 * on gfx908's separate files */
		bool vgpr_ok = md->vgpr_count == KA_UNSET || r->vgprs == KA_UNSET || md->vgpr_count == r->vgprs ||
			       (r->agprs > 0 && md->accum_offset != KA_UNSET &&
				md->vgpr_count == align4(r->vgprs) + r->agprs) ||
			       (r->agprs > 0 && md->accum_offset == KA_UNSET &&
				md->vgpr_count == (r->agprs > r->vgprs ? r->agprs : r->vgprs));
		struct {
			const char *what;
			long remark, meta;
			bool ok;
		} rows[] = {
			{"VGPRs", r->vgprs, md->vgpr_count, vgpr_ok},
			{"SGPRs", r->sgprs, md->sgpr_count, true},
			{"AGPRs", r->agprs, md->agpr_count, true},
			{"LDS bytes", r->lds, md->group_segment, true},
			{"scratch bytes/lane", r->scratch, md->private_segment, true},
			{"VGPR spills", r->vgpr_spill, md->vgpr_spill, true},
			{"SGPR spills", r->sgpr_spill, md->sgpr_spill, true},
		};
		for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
			bool differ = i == 0 ? !rows[i].ok
				      : rows[i].remark != KA_UNSET && rows[i].meta != KA_UNSET && rows[i].remark != rows[i].meta;
			if (differ)
				ka_diag_warn(d, where, "%s (%s): the remark says %ld %s, the assembly metadata %ld; "
					     "using the remark", k->name, k->arch, rows[i].remark, rows[i].what, rows[i].meta);
		}
	} else if (md) {
		/* no remark for it: the metadata alone */
		k->res.sgprs = md->sgpr_count;
		k->res.agprs = md->agpr_count;
		k->res.vgprs = md->accum_offset != KA_UNSET && md->agpr_count > 0 ? md->accum_offset : md->vgpr_count;
		k->res.lds = md->group_segment;
		k->res.scratch = md->private_segment;
		k->res.vgpr_spills = md->vgpr_spill;
		k->res.sgpr_spills = md->sgpr_spill;
		ka_diag_warn(d, where, "%s (%s): no resource remark; counts from the assembly metadata%s", k->name,
			     k->arch, md->accum_offset != KA_UNSET && md->agpr_count > 0 ? " (VGPRs rounded up to 4)" : "");
	}
	if (r && ((r->vgpr_spill > 0) || (r->sgpr_spill > 0)))
		ka_diag_warn(d, where, "%s (%s): spills %ld VGPRs and %ld SGPRs to scratch", k->name, k->arch,
			     r->vgpr_spill > 0 ? r->vgpr_spill : 0, r->sgpr_spill > 0 ? r->sgpr_spill : 0);
	if ((r && r->dynamic_stack == 1) || (md && md->uses_dynamic_stack == 1))
		ka_diag_note(d, where, "%s (%s): uses a dynamic stack: scratch %ld bytes/lane is a lower bound",
			     k->name, k->arch, k->res.scratch);
}

struct compile {
	char *s_path;
	struct ka_argv args;
};

static void compile_free(struct compile *c)
{
	ka_argv_free(&c->args);
	free(c->s_path);
}

/* hipcc (a perl script) hands its arguments to a shell: give it a plain name. */
static bool plain_path(const char *path)
{
	for (const char *p = path; *p; p++)
		if (!(isalnum((unsigned char)*p) || strchr("_./+,=@%:~-", *p)))
			return false;
	return true;
}

/* Append the kernels of one compile: the metadata lists the kernels, the
 * remarks give their counts. */
static void collect(const char *file, const char *arch, const struct ka_amd_remarks *rem,
		    const struct ka_amdgpu_asm *as, const char *src, size_t src_len, struct ka_diag *d,
		    struct ka_kernel_list *out)
{
	for (size_t i = 0; i < as->n; i++) {
		const struct ka_amdgpu_kernel *md = &as->v[i];
		const struct ka_amd_remark *r = ka_amd_remarks_find(rem, md->name);
		struct ka_kernel *k = ka_kernel_list_add(out);
		k->mangled = ka_strdup(md->name);
		k->name = ka_demangle(md->name);
		k->file = ka_strdup(file);
		ka_amd_kernel_fill(k, r, md, arch, d);
		k->line = r && r->line > 0 ? r->line : src ? ka_source_find_kernel_line(src, src_len, k->name) : 0;
	}
	for (size_t i = 0; i < rem->n; i++)
		if (rem->v[i].is_kernel && rem->v[i].name && !ka_amdgpu_asm_find(as, rem->v[i].name))
			ka_diag_warn(d, file, "%s (%s): in the remarks but not in the assembly metadata; ignored",
				     rem->v[i].name, arch);
}

int ka_hip_analyze(const char *file, const char *const *archs, int n_archs, const struct ka_hip_options *opt,
		   struct ka_diag *d, struct ka_kernel_list *out, char **version)
{
	char *cc = ka_hip_locate(opt), *dir = NULL, *libdir = NULL;
	struct compile *cs = NULL;
	struct ka_spawn_result *res = NULL;
	char *const **argvs = NULL;
	struct ka_buf path = {0}, src = {0};
	bool hipcc, have_src;
	int rc = KA_EXIT_OK, n_jobs;

	if (!cc) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file,
			      "no HIP compiler found (looked at --clang, $KANALYZE_CLANG, clang-16, hipcc, clang on "
			      "PATH); install clang-16 and rocm-device-libs, or pass --clang PATH");
		return KA_EXIT_TOOLCHAIN;
	}
	hipcc = is_hipcc(cc);
	dir = ka_tempdir_create("hip");
	if (!dir) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "cannot create a temporary directory: %s", strerror(errno));
		free(cc);
		return KA_EXIT_TOOLCHAIN;
	}
	if (hipcc) {
		/* hipcc runs clang through a shell: nothing kanalyze gives it may be
		 * shell text (clang itself is spawned with an argv) */
		const char *bad_arg = ka_shell_unsafe(dir) ? dir : NULL;
		for (const char *const *e = opt->extra; e && *e && !bad_arg; e++)
			if (ka_shell_unsafe(*e))
				bad_arg = *e;
		if (bad_arg) {
			ka_diag_error(d, KA_EXIT_USAGE, file, "'%s' holds %s, which hipcc would hand to its shell; "
				      "refused (give --clang clang-16, which runs without one)", bad_arg,
				      ka_shell_char_name(ka_shell_unsafe(bad_arg)));
			rc = KA_EXIT_USAGE;
			goto done;
		}
	}
	if (hipcc && !plain_path(file)) {
		char *abs = realpath(file, NULL);
		ka_buf_printf(&path, "%s/input.hip", dir);
		if (!abs || symlink(abs, path.data) != 0) {
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "cannot link the file into a temporary directory: %s",
				      strerror(errno));
			free(abs);
			rc = KA_EXIT_TOOLCHAIN;
			goto done;
		}
		free(abs);
	} else if (file[0] == '-') {
		ka_buf_printf(&path, "./%s", file);   /* not an option */
	} else {
		ka_buf_puts(&path, file);
	}
	if (!hipcc)
		libdir = device_lib_dir();

	n_jobs = n_archs + (version && !*version ? 1 : 0);
	cs = ka_xcalloc((size_t)n_jobs, sizeof(*cs));
	res = ka_xcalloc((size_t)n_jobs, sizeof(*res));
	argvs = ka_xcalloc((size_t)n_jobs, sizeof(*argvs));
	if (n_jobs > n_archs) {
		ka_argv_push(&cs[n_archs].args, cc);
		ka_argv_push(&cs[n_archs].args, "--version");
		argvs[n_archs] = cs[n_archs].args.v;
	}
	for (int i = 0; i < n_archs; i++) {
		struct compile *c = &cs[i];
		struct ka_buf b = {0};
		ka_buf_printf(&b, "%s/k%d.s", dir, i);
		c->s_path = b.data;
		ka_argv_push(&c->args, cc);
		ka_argv_pushf(&c->args, "--offload-arch=%s", archs[i]);
		ka_argv_push(&c->args, "--cuda-device-only");
		ka_argv_push(&c->args, "-S");
		ka_argv_push(&c->args, "-O3");
		ka_argv_push(&c->args, RPASS);
		if (libdir)
			ka_argv_pushf(&c->args, "--rocm-device-lib-path=%s", libdir);
		if (opt->wave == 64)
			ka_argv_push(&c->args, "-mwavefrontsize64");
		else if (opt->wave == 32)
			ka_argv_push(&c->args, "-mno-wavefrontsize64");
		for (const char *const *e = opt->extra; e && *e; e++)
			ka_argv_push(&c->args, *e);
		ka_argv_push(&c->args, "-o");
		ka_argv_push(&c->args, c->s_path);
		ka_argv_push(&c->args, "-x");
		ka_argv_push(&c->args, "hip");
		ka_argv_push(&c->args, path.data);
		argvs[i] = c->args.v;
	}

	ka_spawn_many(argvs, n_jobs, opt->jobs > 0 ? opt->jobs : 1, opt->timeout_s > 0 ? opt->timeout_s : 300, res);
	if (n_jobs > n_archs && res[n_archs].status == 0)
		*version = parse_version(res[n_archs].out.data);
	have_src = ka_read_file(file, 64u << 20, &src) == 0;

	for (int i = 0; i < n_archs; i++) {
		struct ka_spawn_result *r = &res[i];
		struct ka_buf s = {0};
		struct ka_amd_remarks rem = {0};
		struct ka_amdgpu_asm as = {0};

		if (r->not_found || r->spawn_errno) {
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "cannot run %s: %s", cc, strerror(r->spawn_errno));
			rc = KA_EXIT_TOOLCHAIN;
			continue;
		}
		if (r->timed_out) {
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "the HIP compile for %s timed out after %.0f s (killed)",
				      archs[i], opt->timeout_s > 0 ? opt->timeout_s : 300);
			rc = KA_EXIT_TOOLCHAIN;
			continue;
		}
		forward_diagnostics(&r->err, d, r->status != 0, hipcc);
		if (r->status != 0) {
			if (r->out.len)
				fwrite(r->out.data, 1, r->out.len, d->out);
			if (r->err.data && (strstr(r->err.data, "cannot find ROCm device library") ||
					    strstr(r->err.data, "unsupported HIP gpu architecture") ||
					    strstr(r->err.data, "invalid target ID") ||
					    strstr(r->err.data, "unsupported CUDA gpu architecture")))
				ka_diag_note(d, file, "%s cannot build for %s here (its LLVM or the installed ROCm device "
					     "libraries predate it); a remarks log saved where it can is read with "
					     "--remarks FILE --arch %s", cc, archs[i], archs[i]);
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "compile failed for %s (%s exit status %d)", archs[i],
				      cc, r->status);
			rc = KA_EXIT_TOOLCHAIN;
			continue;
		}
		if (ka_read_file(cs[i].s_path, 1u << 30, &s) != 0 ||
		    ka_amdgpu_asm_parse(s.data ? s.data : "", s.len, &as, d, file) != 0) {
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "the HIP compile for %s wrote no readable assembly",
				      archs[i]);
			rc = KA_EXIT_TOOLCHAIN;
			ka_buf_free(&s);
			continue;
		}
		ka_amd_remarks_parse(r->err.data ? r->err.data : "", r->err.len, &rem, d, file);
		collect(file, archs[i], &rem, &as, have_src ? src.data : NULL, src.len, d, out);
		ka_amd_remarks_free(&rem);
		ka_amdgpu_asm_free(&as);
		ka_buf_free(&s);
	}

done:
	for (int i = 0; cs && i < n_jobs; i++) {
		ka_spawn_result_free(&res[i]);
		compile_free(&cs[i]);
	}
	free(cs);
	free(res);
	free(argvs);
	ka_buf_free(&path);
	ka_buf_free(&src);
	ka_tempdir_remove(dir);
	free(dir);
	free(libdir);
	free(cc);
	return rc;
}

int ka_hip_remarks_load(const char *log, const char *arch, int wave, struct ka_diag *d, struct ka_kernel_list *out)
{
	struct ka_buf text = {0};
	struct ka_amd_remarks rem = {0};
	size_t kernels = 0;
	bool any_kernel_flag = false;
	int rc;

	if ((rc = ka_read_file(log, 256u << 20, &text)) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, log, "%s", rc == -EISDIR ? "is a directory" : rc == -ENOENT
			      ? "no such file" : rc == -EFBIG ? "too large for a remarks log" : strerror(-rc));
		return KA_EXIT_USAGE;
	}
	ka_amd_remarks_parse(text.data ? text.data : "", text.len, &rem, d, log);
	for (size_t i = 0; i < rem.n; i++)
		any_kernel_flag |= rem.v[i].is_kernel;
	for (size_t i = 0; i < rem.n; i++) {
		const struct ka_amd_remark *r = &rem.v[i];
		/* LLVM prints "LDS Size" for kernels only; a log without any LDS
		 * line (an older LLVM) counts what has an occupancy */
		if (any_kernel_flag ? !r->is_kernel : r->occupancy <= 0)
			continue;
		char unnamed[64];
		const char *name = r->name;
		if (!name) {
			snprintf(unnamed, sizeof(unnamed), "(unnamed kernel %zu)", i + 1);
			name = unnamed;
		}
		if (r->name && ka_amd_remarks_find(&rem, name) != r) {
			ka_diag_warn(d, log, "%s appears more than once (one compile per log, please): kept the first",
				     name);
			continue;
		}
		if (r->vgprs == KA_UNSET || r->sgprs == KA_UNSET)
			ka_diag_warn(d, log, "%s: the record has no %s count (a truncated log?)", name,
				     r->vgprs == KA_UNSET ? "VGPR" : "SGPR");
		struct ka_kernel *k = ka_kernel_list_add(out);
		k->mangled = ka_strdup(name);
		k->name = ka_demangle(name);
		k->file = ka_strdup(r->file ? r->file : log);
		k->line = r->line;
		ka_amd_kernel_fill(k, r, NULL, arch, d);
		k->wave_size = wave;
		k->res.max_threads = KA_UNSET;   /* not in the remarks */
		kernels++;
	}
	ka_amd_remarks_free(&rem);
	ka_buf_free(&text);
	if (kernels == 0) {
		ka_diag_error(d, KA_EXIT_USAGE, log, "no kernel resource remarks in it (expected the output of "
			      "-Rpass-analysis=kernel-resource-usage)");
		return KA_EXIT_USAGE;
	}
	return KA_EXIT_OK;
}
