/* hip.c — the AMD driver: which HIP compiler a build of the file uses (the
 * compile database's, $HIPCXX, $ROCM_PATH/$HIP_PATH, /opt/rocm, hipcc on
 * PATH, clang-16: ka_hip_candidates), and its device-only compiles, one per
 * arch, each into a private temp dir:
 *
 *   CC -x hip --offload-arch=A --cuda-device-only -S -O3
 *      -Rpass-analysis=kernel-resource-usage [--rocm-device-lib-path=D]
 *      [-mwavefrontsize64] [user flags] [-MD -MF DIR/k.d] -o DIR/k.A.s FILE
 *
 * prepared per file (ka_hip_job_*) so that the caller can spawn many files'
 * compiles at once, then read: the remarks on stderr (VGPRs, SGPRs, AGPRs,
 * scratch, LDS, LLVM's occupancy) cross-checked with the assembly's kernel
 * metadata (which also says the wave size and the maximum flat workgroup
 * size).  A compile that fails because the compiler does not know the arch
 * is told apart (--clang-fallback).  Spawned with an argv, never a shell;
 * killed at the timeout.  The compiler's diagnostics are shown as it wrote
 * them, minus the resource remarks we consume. */
#define _GNU_SOURCE
#include "frontends.h"
#include "machine.h"
#include "occupancy.h"

#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char RPASS[] = "-Rpass-analysis=kernel-resource-usage";

/* ---- which compiler -------------------------------------------------------
 * The order a HIP build uses (frontends.h).  A name the user gave (--clang,
 * $KANALYZE_CLANG) is the only candidate's head even when it is missing:
 * then nothing is found and the caller says so, rather than quietly
 * compiling with another. */
static bool same_file(const char *a, const char *b)
{
	char *ra = realpath(a, NULL), *rb = realpath(b, NULL);
	bool same = ra && rb && strcmp(ra, rb) == 0;
	free(ra);
	free(rb);
	return same;
}

static int add_candidate(struct ka_hip_compiler *out, int n, int max, const char *prog, const char *how)
{
	char *p = prog && *prog ? ka_which(prog) : NULL;
	if (!p)
		return n;
	for (int i = 0; i < n; i++)
		if (same_file(out[i].path, p)) {
			free(p);
			return n;
		}
	if (n >= max) {
		free(p);
		return n;
	}
	out[n].path = p;
	out[n].how = how;
	return n + 1;
}

static int add_rocm(struct ka_hip_compiler *out, int n, int max, const char *root, const char *how)
{
	static const char *const progs[] = {"amdclang++", "hipcc"};
	struct ka_buf b = {0};
	for (size_t i = 0; root && *root && i < sizeof(progs) / sizeof(progs[0]); i++) {
		b.len = 0;
		ka_buf_printf(&b, "%s/bin/%s", root, progs[i]);
		n = add_candidate(out, n, max, b.data, how);
	}
	ka_buf_free(&b);
	return n;
}

/* A database entry's compiler that can compile HIP: a clang (clang++,
 * amdclang++, clang-16) or hipcc.  A g++ or ccache wrapper there (`-x hip`
 * handed to something else) is passed over: the search goes on. */
static bool hip_capable(const char *prog)
{
	const char *b = strrchr(prog, '/');
	b = b ? b + 1 : prog;
	return strstr(b, "clang") != NULL || strncmp(b, "hipcc", 5) == 0;
}

int ka_hip_candidates(const struct ka_hip_options *opt, struct ka_hip_compiler *out, int max)
{
	const char *env = getenv("KANALYZE_CLANG");
	int n = 0;

	if (opt && opt->clang) {
		n = add_candidate(out, n, max, opt->clang, "--clang");
		if (n == 0)
			return 0;
	} else if (env && *env) {
		n = add_candidate(out, n, max, env, "$KANALYZE_CLANG");
		if (n == 0)
			return 0;
	}
	if (opt && opt->db_compiler && hip_capable(opt->db_compiler))
		n = add_candidate(out, n, max, opt->db_compiler, "the compile database");
	n = add_candidate(out, n, max, getenv("HIPCXX"), "$HIPCXX");
	n = add_rocm(out, n, max, getenv("ROCM_PATH"), "$ROCM_PATH");
	n = add_rocm(out, n, max, getenv("HIP_PATH"), "$HIP_PATH");
	n = add_rocm(out, n, max, "/opt/rocm", "/opt/rocm");
	n = add_candidate(out, n, max, "hipcc", "hipcc on PATH");
	n = add_candidate(out, n, max, "clang-16", "clang-16 on PATH");
	n = add_candidate(out, n, max, "clang", "clang on PATH");
	return n;
}

void ka_hip_candidates_free(struct ka_hip_compiler *c, int n)
{
	for (int i = 0; i < n; i++)
		free(c[i].path);
}

char *ka_hip_locate(const struct ka_hip_options *opt)
{
	struct ka_hip_compiler c[16];
	int n = ka_hip_candidates(opt, c, 16);
	char *p = n > 0 ? c[0].path : NULL;
	for (int i = 1; i < n; i++)
		free(c[i].path);
	return p;
}

static bool is_hipcc(const char *path)
{
	const char *b = strrchr(path, '/');
	return strncmp(b ? b + 1 : path, "hipcc", 5) == 0;
}

/* amdclang++ (and a ROCm install's llvm/bin/clang) finds its own device
 * libraries: Debian's would be the wrong ones. */
static bool is_rocm_clang(const char *path)
{
	const char *b = strrchr(path, '/');
	return strncmp(b ? b + 1 : path, "amdclang", 8) == 0 || strstr(path, "/rocm") != NULL;
}

/* The ROCm device libraries (ockl.bc ...) clang links for HIP: $ROCM_PATH,
 * then where Debian and ROCm install them.  NULL when none is found (clang
 * then says so itself). */
char *ka_hip_device_lib_dir(void)
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
char *ka_hip_version_parse(const char *text)
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

/* "In file included from k.hip:3:" and its "                 from ..."
 * lines: the include stack of the diagnostic that follows them. */
static bool include_stack_line(const char *p, size_t n, bool in_stack)
{
	static const char head[] = "In file included from ";
	if (n >= sizeof(head) - 1 && memcmp(p, head, sizeof(head) - 1) == 0)
		return true;
	if (!in_stack)
		return false;
	while (n > 0 && *p == ' ')
		p++, n--;
	return n > 5 && memcmp(p, "from ", 5) == 0;
}

/* Show the compiler's stderr without our remarks and the source lines and
 * carets clang prints under them (and, under hipcc, the complaints about the
 * link flags hipcc itself adds to a device-only compile).  The include
 * stack clang prints before a diagnostic (a kernel in a header) goes with
 * that diagnostic: it is held until the diagnostic says whose it is.  A
 * successful compile's warnings (with their notes and source lines, and
 * clang's "N warnings generated.") are counted in one note instead, unless
 * --verbose (cc_fold.c). */
static void forward_diagnostics(const struct ka_buf *err, struct ka_diag *d, bool failed, bool hipcc,
				const char *file)
{
	const char *p = err->data, *end = err->data ? err->data + err->len : NULL;
	const char *stack = NULL;                 /* held include-stack lines: [stack, p) */
	bool skipping = false, show = failed || !d->quiet, fold = !failed && !d->verbose, folding = false;
	struct ka_cc_fold tally = {0};
	char flag[48];

	if (!p)
		return;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		bool ours = memmem(p, n, RPASS + 1, sizeof(RPASS) - 2) != NULL;

		if (include_stack_line(p, n, stack != NULL)) {
			if (!stack)
				stack = p;
			p = nl ? nl + 1 : end;
			continue;
		}
		bool noise = hipcc && memmem(p, n, "[-Wunused-command-line-argument]", 32);
		if (ours) {
			skipping = true;
		} else if (diagnostic_line(p, n)) {
			skipping = false;
			/* a warning, its notes; "2 warnings generated." after them */
			if (folding && (memmem(p, n, ": note:", 7) || memmem(p, n, " generated.", 11)))
				;
			else if ((folding = fold && !noise && ka_cc_warning(p, n, flag, sizeof(flag))))
				ka_cc_fold_add(&tally, flag);
		}
		if (noise)
			ours = true;
		if (stack && !ours && !folding && show)   /* not one of our remarks': shown */
			fwrite(stack, 1, (size_t)(p - stack), d->out);
		stack = NULL;
		if (!ours && !skipping && !folding && n > 0 && show) {
			fwrite(p, 1, n, d->out);
			fputc('\n', d->out);
		}
		p = nl ? nl + 1 : end;
	}
	if (stack && show)
		fwrite(stack, 1, (size_t)(end - stack), d->out);
	fflush(d->out);
	ka_cc_fold_report(&tally, d, file);
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
		/* .vgpr_count counts the AGPRs too, as the arch's register file
		 * does (ka_amd_vgprs_per_wave); an arch without a row: not checked */
		const struct ka_amd_arch *row = ka_amd_arch_find(arch);
		bool vgpr_ok = md->vgpr_count == KA_UNSET || r->vgprs == KA_UNSET || md->vgpr_count == r->vgprs || !row ||
			       (r->agprs >= 0 && r->agprs <= INT_MAX && r->vgprs <= INT_MAX &&
				md->vgpr_count == ka_amd_vgprs_per_wave(row, (int)r->vgprs, (int)r->agprs));
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

struct ka_hip_compile {                /* one arch's: struct ka_hip_job's cs[]    */
	char *s_path;
	struct ka_argv args;
};

static void compile_free(struct ka_hip_compile *c)
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

/* True when a failed compile's stderr says the compiler cannot build for
 * the arch at all: its LLVM does not know it, or no device library for it
 * is installed beside it. */
static bool unknown_arch(const struct ka_buf *err)
{
	static const char *const says[] = {"unsupported HIP gpu architecture", "invalid target ID",
					   "unsupported CUDA gpu architecture", "cannot find ROCm device library"};
	for (size_t i = 0; err->data && i < sizeof(says) / sizeof(says[0]); i++)
		if (strstr(err->data, says[i]))
			return true;
	return false;
}

/* One arch's compile, read: its kernels appended to out.  With `unknown`
 * given, a compile that failed for want of the arch is only marked. */
static int read_one(const char *file, const char *arch, const char *cc, bool hipcc, struct ka_spawn_result *r,
		    const char *s_path, const struct ka_hip_options *opt, const struct ka_buf *src,
		    struct ka_diag *d, struct ka_kernel_list *out, bool *unknown)
{
	struct ka_buf s = {0};
	struct ka_amd_remarks rem = {0};
	struct ka_amdgpu_asm as = {0};

	if (r->not_found || r->spawn_errno) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "cannot run %s: %s", cc, strerror(r->spawn_errno));
		return KA_EXIT_TOOLCHAIN;
	}
	if (r->timed_out) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "the HIP compile for %s timed out after %.0f s (killed)",
			      arch, opt->timeout_s > 0 ? opt->timeout_s : 300);
		return KA_EXIT_TOOLCHAIN;
	}
	if (r->status != 0 && unknown && unknown_arch(&r->err)) {
		*unknown = true;
		return KA_EXIT_TOOLCHAIN;
	}
	forward_diagnostics(&r->err, d, r->status != 0, hipcc, file);
	if (r->status != 0) {
		if (r->out.len)
			fwrite(r->out.data, 1, r->out.len, d->out);
		if (unknown_arch(&r->err))
			ka_diag_note(d, file, "%s cannot build for %s here (its LLVM or the installed ROCm device "
				     "libraries predate it); a remarks log saved where it can is read with "
				     "--remarks FILE --arch %s", cc, arch, arch);
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "compile failed for %s (%s exit status %d)", arch, cc,
			      r->status);
		return KA_EXIT_TOOLCHAIN;
	}
	if (ka_read_file(s_path, 1u << 30, &s) != 0 ||
	    ka_amdgpu_asm_parse(s.data ? s.data : "", s.len, &as, d, file) != 0) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "the HIP compile for %s wrote no readable assembly", arch);
		ka_buf_free(&s);
		return KA_EXIT_TOOLCHAIN;
	}
	ka_amd_remarks_parse(r->err.data ? r->err.data : "", r->err.len, &rem, d, file);
	size_t first = out->n;
	collect(file, arch, &rem, &as, src ? src->data : NULL, src ? src->len : 0, d, out);
	if (opt->machine || opt->census) {  /* the findings' check: the code per line */
		struct ka_machine_set set = {0};
		struct ka_sass_set census = {0};
		ka_machine_parse_amdgpu(s.data ? s.data : "", s.len, &set, opt->census ? &census : NULL, file);
		if (opt->machine)
			ka_machine_attach(&set, out, first, KA_CODE_AMDGPU);
		ka_machine_set_free(&set);
		ka_sass_finish(&census);
		for (size_t k = first; k < out->n; k++) {     /* --sass: the ISA census */
			struct ka_sass *c = ka_sass_set_find(&census, out->v[k].mangled);
			if (!c)
				continue;
			out->v[k].sass = ka_xmalloc(sizeof(*out->v[k].sass));
			*out->v[k].sass = *c;
			memset(c, 0, sizeof(*c));        /* moved out of the set */
		}
		ka_sass_set_free(&census);
		/* the wave model's input: each kernel cut from the module read once */
		struct ka_mach_amdgpu_module *mod = ka_mach_amdgpu_module(s.data ? s.data : "", s.len);
		for (size_t k = first; k < out->n; k++) {
			free(out->v[k].model_code);
			out->v[k].model_code = ka_mach_amdgpu_module_kernel(mod, out->v[k].mangled);
			out->v[k].model_code_kind = KA_CODE_AMDGPU;
		}
		ka_mach_amdgpu_module_free(mod);
	}
	ka_amd_remarks_free(&rem);
	ka_amdgpu_asm_free(&as);
	ka_buf_free(&s);
	return KA_EXIT_OK;
}

/* ---- one file's compiles: prepared, spawned (by the caller, with other
 * files' up to -j at once), read ------------------------------------------- */

int ka_hip_job_prepare(struct ka_hip_job *j, const char *file, const char *const *archs, int n_archs,
		       const struct ka_hip_options *opt, struct ka_diag *d)
{
	memset(j, 0, sizeof(*j));
	j->file = file;
	j->opt = opt;
	j->n_archs = n_archs;
	j->archs = archs;
	j->cc = ka_hip_locate(opt);
	if (!j->cc) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file,
			      opt && opt->clang ? "--clang %s: no such program" :
			      getenv("KANALYZE_CLANG") && *getenv("KANALYZE_CLANG") ? "$KANALYZE_CLANG=%s: no such program" :
			      "no HIP compiler found%s (looked at the compile database, $HIPCXX, $ROCM_PATH, $HIP_PATH, "
			      "/opt/rocm, hipcc, clang-16 and clang on PATH); install hipcc or clang-16 and "
			      "rocm-device-libs, or pass --clang PATH",
			      opt && opt->clang ? opt->clang : getenv("KANALYZE_CLANG") && *getenv("KANALYZE_CLANG")
			      ? getenv("KANALYZE_CLANG") : "");
		return j->rc = KA_EXIT_TOOLCHAIN;
	}
	j->hipcc = is_hipcc(j->cc);
	j->dir = ka_tempdir_create("hip");
	if (!j->dir) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "cannot create a temporary directory: %s", strerror(errno));
		return j->rc = KA_EXIT_TOOLCHAIN;
	}
	if (j->hipcc) {
		/* hipcc runs clang through a shell: nothing kanalyze gives it may be
		 * shell text (clang itself is spawned with an argv) */
		const char *bad_arg = ka_shell_unsafe(j->dir) ? j->dir : NULL;
		for (const char *const *e = opt->extra; e && *e && !bad_arg; e++)
			if (ka_shell_unsafe(*e))
				bad_arg = *e;
		if (bad_arg) {
			ka_diag_error(d, KA_EXIT_USAGE, file, "'%s' holds %s, which hipcc would hand to its shell; "
				      "refused (give --clang clang-16, which runs without one)", bad_arg,
				      ka_shell_char_name(ka_shell_unsafe(bad_arg)));
			return j->rc = KA_EXIT_USAGE;
		}
	}
	if (j->hipcc && !plain_path(file)) {
		char *abs = realpath(file, NULL);
		ka_buf_printf(&j->path, "%s/input.hip", j->dir);
		if (!abs || symlink(abs, j->path.data) != 0) {
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "cannot link the file into a temporary directory: %s",
				      strerror(errno));
			free(abs);
			return j->rc = KA_EXIT_TOOLCHAIN;
		}
		free(abs);
	} else if (file[0] == '-') {
		ka_buf_printf(&j->path, "./%s", file);   /* not an option */
	} else {
		ka_buf_puts(&j->path, file);
	}
	if (!j->hipcc && !is_rocm_clang(j->cc))
		j->libdir = ka_hip_device_lib_dir();

	j->cs = ka_xcalloc((size_t)n_archs + 1, sizeof(*j->cs));
	for (int i = 0; i < n_archs; i++) {
		struct ka_hip_compile *c = &j->cs[i];
		struct ka_buf b = {0};
		ka_buf_printf(&b, "%s/k%d.s", j->dir, i);
		c->s_path = b.data;
		ka_argv_push(&c->args, j->cc);
		ka_argv_pushf(&c->args, "--offload-arch=%s", archs[i]);
		ka_argv_push(&c->args, "--cuda-device-only");
		ka_argv_push(&c->args, "-S");
		ka_argv_push(&c->args, "-O3");
		ka_argv_push(&c->args, RPASS);
		if (opt->machine || opt->census)   /* .loc lines; the resources are the same */
			ka_argv_push(&c->args, "-gline-tables-only");
		if (j->libdir)
			ka_argv_pushf(&c->args, "--rocm-device-lib-path=%s", j->libdir);
		if (opt->wave == 64)
			ka_argv_push(&c->args, "-mwavefrontsize64");
		else if (opt->wave == 32)
			ka_argv_push(&c->args, "-mno-wavefrontsize64");
		for (const char *const *e = opt->extra; e && *e; e++)
			ka_argv_push(&c->args, *e);
		if (opt->depfile_dir) {
			ka_argv_push(&c->args, "-MD");
			ka_argv_push(&c->args, "-MF");
			ka_argv_pushf(&c->args, "%s/k%d.d", opt->depfile_dir, i);
		}
		ka_argv_push(&c->args, "-o");
		ka_argv_push(&c->args, c->s_path);
		ka_argv_push(&c->args, "-x");
		ka_argv_push(&c->args, "hip");
		ka_argv_push(&c->args, j->path.data);
	}
	return KA_EXIT_OK;
}

char *const *ka_hip_job_argv(const struct ka_hip_job *j, int i)
{
	return j->cs && i < j->n_archs ? j->cs[i].args.v : NULL;
}

int ka_hip_job_finish(struct ka_hip_job *j, struct ka_spawn_result *res, struct ka_diag *d,
		      struct ka_kernel_list *out)
{
	const struct ka_hip_options *opt = j->opt;
	struct ka_buf src = {0};
	bool have_src = ka_read_file(j->file, 64u << 20, &src) == 0;
	int rc = KA_EXIT_OK;

	for (int i = 0; i < j->n_archs; i++) {
		int r_arch = read_one(j->file, j->archs[i], j->cc, j->hipcc, &res[i], j->cs[i].s_path, opt,
				      have_src ? &src : NULL, d, out,
				      opt->arch_unknown ? &opt->arch_unknown[i] : NULL);
		if (opt->arch_rc)
			opt->arch_rc[i] = r_arch;
		if (r_arch > rc)
			rc = r_arch;
	}
	ka_buf_free(&src);
	return rc;
}

void ka_hip_job_free(struct ka_hip_job *j)
{
	for (int i = 0; j->cs && i < j->n_archs; i++)
		compile_free(&j->cs[i]);
	free(j->cs);
	ka_buf_free(&j->path);
	if (j->dir)
		ka_tempdir_remove(j->dir);
	free(j->dir);
	free(j->libdir);
	free(j->cc);
	memset(j, 0, sizeof(*j));
}

int ka_hip_analyze(const char *file, const char *const *archs, int n_archs, const struct ka_hip_options *opt,
		   struct ka_diag *d, struct ka_kernel_list *out, char **version)
{
	struct ka_hip_job j;
	int rc = ka_hip_job_prepare(&j, file, archs, n_archs, opt, d);
	int n_jobs = n_archs + (version && !*version ? 1 : 0);
	struct ka_spawn_result *res;
	char *const **argvs;
	struct ka_argv ver = {0};

	if (rc != KA_EXIT_OK) {
		for (int i = 0; opt->arch_rc && i < n_archs; i++)
			opt->arch_rc[i] = rc;
		ka_hip_job_free(&j);
		return rc;
	}
	res = ka_xcalloc((size_t)n_jobs + 1, sizeof(*res));
	argvs = ka_xcalloc((size_t)n_jobs + 1, sizeof(*argvs));
	for (int i = 0; i < n_archs; i++)
		argvs[i] = ka_hip_job_argv(&j, i);
	if (n_jobs > n_archs) {
		ka_argv_push(&ver, j.cc);
		ka_argv_push(&ver, "--version");
		argvs[n_archs] = ver.v;
	}
	ka_spawn_many(argvs, n_jobs, opt->jobs > 0 ? opt->jobs : 1, opt->timeout_s > 0 ? opt->timeout_s : 300, res);
	if (n_jobs > n_archs && res[n_archs].status == 0)
		*version = ka_hip_version_parse(res[n_archs].out.data);
	rc = ka_hip_job_finish(&j, res, d, out);
	for (int i = 0; i < n_jobs; i++)
		ka_spawn_result_free(&res[i]);
	free(res);
	free(argvs);
	ka_argv_free(&ver);
	ka_hip_job_free(&j);
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

/* make syntax: "target: dep dep \\\n dep", a space in a name as "\\ " */
char **ka_hip_depfile_read(const char *path, size_t *n)
{
	struct ka_buf text = {0}, word = {0};
	char **v = NULL;
	size_t cap = 0;
	bool target = true;
	char *cwd = getcwd(NULL, 0);

	*n = 0;
	if (ka_read_file(path, 64u << 20, &text) != 0 || !text.data) {
		ka_buf_free(&text);
		free(cwd);
		return NULL;
	}
	for (size_t i = 0; i <= text.len; i++) {
		char c = i < text.len ? text.data[i] : ' ';
		if (c == '\\' && i + 1 < text.len && (text.data[i + 1] == '\n' || text.data[i + 1] == '\r')) {
			i++;
			c = ' ';
		} else if (c == '\\' && i + 1 < text.len && (text.data[i + 1] == ' ' || text.data[i + 1] == '#')) {
			ka_buf_append(&word, &text.data[++i], 1);
			continue;
		}
		if (!isspace((unsigned char)c)) {
			ka_buf_append(&word, &c, 1);
			continue;
		}
		if (word.len == 0)
			continue;
		if (target) {
			if (word.data[word.len - 1] == ':')
				target = false;
		} else if (strcmp(word.data, ":") != 0) {
			KA_GROW(v, *n + 1, cap, 32);      /* and the NULL after it */
			if (word.data[0] == '/' || !cwd) {
				v[(*n)++] = ka_strdup(word.data);
			} else {
				struct ka_buf abs = {0};
				ka_buf_printf(&abs, "%s/%s", cwd, word.data);
				v[(*n)++] = abs.data;
			}
			v[*n] = NULL;
		}
		word.len = 0;
		if (word.data)
			word.data[0] = '\0';
	}
	ka_buf_free(&word);
	ka_buf_free(&text);
	free(cwd);
	return v;
}
