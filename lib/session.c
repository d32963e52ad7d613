/* session.c — ka_analyze(): one analysis from a request to a result.
 *
 *   archs     the --arch list (else the inputs' vendor's default), split by
 *             vendor (vendor.c), each checked against --smem
 *   inputs    launcher records, or the files and -p's database through the
 *             pipeline (each file to its frontend), and saved remarks
 *   sources   the uniformity analysis, started before the compiles
 *   what-ifs  regs=N, waves=W: each file recompiled by its frontend with the request
 *   model     each kernel, in report order, by its vendor's ops
 * Bad inputs are reported one line each and the run goes on with the rest;
 * the return value is the worst exit code seen. */
#include "lib.h"

#include <stdlib.h>
#include <string.h>

/* sm_90 unless every input (or the remarks log) belongs to one other
 * vendor.  Binaries name their own archs and do not count. */
static const char *default_archs(const struct ka_request *req, struct ka_run *run)
{
	const struct ka_vendor_ops *v = NULL;

	if (req->remarks)
		return ka_fe_remarks.vendor->default_arch;
	if (req->mode != KA_INPUTS_FILES || req->n_inputs == 0)
		return ka_vendor_nvidia.default_arch;
	for (int i = 0; i < req->n_inputs; i++) {
		const struct ka_vendor_ops *f = ka_input_classify(run, req->inputs[i], req->lang, NULL)->vendor;
		if (!f)
			continue;
		if (v && f != v)
			return ka_vendor_nvidia.default_arch;
		v = f;
	}
	return v ? v->default_arch : ka_vendor_nvidia.default_arch;
}

const char *ka_default_arch(const struct ka_request *req)
{
	struct ka_run run;
	const char *arch;

	memset(&run, 0, sizeof(run));
	arch = default_archs(req, &run);
	ka_kinds_free(&run);
	return arch;
}

static int split_archs(const struct ka_request *req, struct ka_run *run, struct ka_diag *d)
{
	struct ka_arch any[KA_MAX_ARCHS];
	char (*spelled)[32] = run->spelled;
	int n = ka_arch_list_parse(req->archs ? req->archs : default_archs(req, run), true, any, spelled, KA_MAX_ARCHS, d);

	if (n < 0)
		return -1;
	run->archs_given = req->archs != NULL;
	for (int i = 0; i < n; i++) {
		const struct ka_vendor_ops *v = ka_vendor_of_arch(spelled[i]);
		if (v->check_smem(spelled[i], req->launch.smem, "--smem", d) != 0)
			return -1;
		for (int r = 0; r < req->n_launch_rules; r++) {
			char what[300];
			if (req->launch_rules[r].smem < 0)
				continue;
			snprintf(what, sizeof(what), "the config's \"launch\" entry \"%.200s\": smem",
				 req->launch_rules[r].kernel);
			if (v->check_smem(spelled[i], req->launch_rules[r].smem, what, d) != 0)
				return -1;
		}
		run->archs[v->id][run->n_archs[v->id]++] = spelled[i];
	}
	if (req->remarks) {
		if (run->n_archs[KA_VENDOR_AMD] != 1 || n != 1) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "--remarks reads one compile: give exactly one AMD --arch "
				      "(the one the log was made for)");
			return -1;
		}
		for (int i = 0; i < req->n_inputs; i++)
			if (ka_input_classify(run, req->inputs[i], req->lang, NULL)->has_source) {
				ka_diag_error(d, KA_EXIT_USAGE, NULL, "--remarks replaces compiling: give no source files "
					      "(the kernels, files and lines come from the log; a binary of the same "
					      "build may be given for its kernels' LDS, scratch and bounds)");
				return -1;
			}
	}
	return 0;
}

/* --what-if regs=N, waves=W: every analysed file again, with the request. */
static void what_ifs(const struct ka_request *req, struct ka_run *run, struct ka_session *s, struct ka_diag *d)
{
	const struct ka_analysed *done = run->done;

	for (size_t f = 0; req->n_what_ifs > 0 && f < done->n; f++) {
		const struct ka_frontend *fe = ka_input_decided(run, done->file[f], req->lang);
		if ((f > 0 && strcmp(done->file[f], done->file[f - 1]) == 0) || !fe->recompile_capped)
			continue;
		if (!s->variants) {
			s->variants = ka_xcalloc((size_t)req->n_what_ifs, sizeof(*s->variants));
			s->n_variants = req->n_what_ifs;
		}
		for (int i = 0; i < req->n_what_ifs; i++)
			if (req->what_ifs[i].kind == KA_WHAT_REGS || req->what_ifs[i].kind == KA_WHAT_WAVES)
				fe->recompile_capped(done->file[f], &req->what_ifs[i], run, d, &s->variants[i]);
	}
}

/* Each kernel at each of its launches (lib/launch.c: the config's, the
 * constant launch sites'; none: the vendor picks), in report order. */
static void model(const struct ka_request *req, struct ka_session *s, struct ka_result *out, struct ka_diag *d)
{
	size_t cap;

	ka_kernel_list_sort(&s->kernels);
	s->memo = ka_memo_new();
	cap = s->kernels.n ? s->kernels.n : 1;
	out->v = ka_xcalloc(cap, sizeof(*out->v));
	for (size_t i = 0; i < s->kernels.n; i++) {
		const struct ka_kernel *k = &s->kernels.v[i];
		struct ka_launch_plan plan;
		int warn = req->launch.warn_cliff;

		ka_launch_plan(req, ka_sources_result(s->sources, k->file), k, &plan, d);
		for (int c = 0; c < (plan.n ? plan.n : 1); c++) {
			struct ka_kernel_result *kr;
			KA_GROW(out->v, out->n, cap, 1);
			kr = &out->v[out->n++];
			memset(kr, 0, sizeof(*kr));
			kr->k = k;
			kr->vendor = ka_vendors[k->vendor];
			ka_launch_apply(kr, &plan, c);
			kr->vendor->model(kr, k, &req->launch, req->what_ifs, req->n_what_ifs, s->variants, s->memo, d);
			ka_launch_waves(kr, req->launch.sms);
			kr->near_cliff = warn > 0 && kr->cliffs.regs_to_next_drop >= 0 &&
					 kr->cliffs.regs_to_next_drop <= warn;
		}
	}
}

void ka_model_at(const struct ka_kernel_result *kr, const int block[3], long smem, struct ka_kernel_result *out,
		 struct ka_diag *d)
{
	struct ka_model_params p = {.block = (long)block[0] * block[1] * block[2], .smem = smem};

	*out = (struct ka_kernel_result){
		.k = kr->k, .vendor = kr->vendor, .has_source = kr->has_source, .u = kr->u,
		.block_dims = {block[0], block[1], block[2]},
	};
	kr->vendor->model(out, kr->k, &p, NULL, 0, NULL, NULL, d);
}

void ka_request_init(struct ka_request *req, const char *const *inputs, int n_inputs)
{
	*req = (struct ka_request){
		.mode = KA_INPUTS_FILES, .inputs = inputs, .n_inputs = n_inputs,
		.jobs = 1, .timeout_s = 300, .cache = true, .uniformity = true,
	};
}

int ka_analyze(const struct ka_request *req, struct ka_diag *d, struct ka_result *out)
{
	struct ka_session *s;
	struct ka_run run = {.req = req};
	/* without the analysis, libclang still places the kernels (source.c) */
	/* records: their sources, where this machine has them, for the launch
	 * sites and the kernels' lines alone (source.c) */
	bool src = req->mode == KA_INPUTS_FILES || req->mode == KA_INPUTS_RECORDS;
	char *nvdisasm = NULL;
	struct ka_fragments frags = {0};
	int rc = KA_EXIT_OK, r;

	memset(out, 0, sizeof(*out));
	if (req->lang && strcmp(req->lang, "cuda") != 0 && strcmp(req->lang, "hip") != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "-x: 'cuda' or 'hip', not '%s'", req->lang);
		return KA_EXIT_USAGE;
	}
	if (req->mode == KA_INPUTS_FILES && req->n_inputs == 0 && !req->compdb && !req->remarks) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "no input files (try kanalyze --help)");
		return KA_EXIT_USAGE;
	}
	if (split_archs(req, &run, d) != 0) {
		ka_kinds_free(&run);
		return KA_EXIT_USAGE;
	}
	/* --sass for AMD alone reads the assembly the HIP compile writes: no
	 * nvdisasm (a run with archs of both, or none given, needs it) */
	bool amd_only = run.archs_given && run.n_archs[KA_VENDOR_NVIDIA] == 0 && run.n_archs[KA_VENDOR_AMD] > 0;
	if (!run.archs_given && !req->compdb && req->mode == KA_INPUTS_FILES && req->n_inputs > 0) {
		amd_only = true;                   /* HIP sources only: their default arch is AMD's */
		for (int i = 0; i < req->n_inputs && amd_only; i++)
			amd_only = ka_input_source_vendor(req->inputs[i], req->lang) == ka_vendors[KA_VENDOR_AMD];
	}
	if (req->sass && !amd_only) {
		/* nvdisasm before any compile; -lineinfo for the lines; no result
		 * cache (it keeps no census) */
		nvdisasm = ka_nvdisasm_locate();
		if (!nvdisasm) {
			const char *env = getenv("KANALYZE_NVDISASM");
			if (env && *env)
				ka_diag_error(d, KA_EXIT_TOOLCHAIN, NULL,
					      "--sass: $KANALYZE_NVDISASM names no executable nvdisasm (%s); set it to "
					      "/path/to/nvdisasm, or unset it to look beside nvcc, in the CUDA installation, "
					      "on PATH and where pip install nvidia-cuda-nvdisasm puts it", env);
			else
				ka_diag_error(d, KA_EXIT_TOOLCHAIN, NULL,
					      "--sass: nvdisasm not found (looked beside nvcc, in $CUDA_HOME, $CUDA_PATH, "
					      "/usr/local/cuda, PATH, pip's site-packages); set "
					      "KANALYZE_NVDISASM=/path/to/nvdisasm, or pip install nvidia-cuda-nvdisasm "
					      "(in a checkout: ./setup.sh)");
			ka_kinds_free(&run);
			return KA_EXIT_TOOLCHAIN;
		}
	}
	/* the request is sound: from here on there is a result to report */
	s = ka_xcalloc(1, sizeof(*s));
	out->session = s;
	out->ran = true;
	out->warn_cliff = req->launch.warn_cliff;
	run.out = &s->kernels;
	run.done = &out->done;
	run.recorded = &s->recorded;
	run.nvdisasm = nvdisasm;
	/* the findings of NVIDIA sources are checked against the code of their
	 * lines (lib/ground.c): the PTX the compile keeps anyway, or with --sass
	 * the SASS */
	run.machine = req->uniformity;
	run.cache = req->cache && !req->sass;

	if (req->mode == KA_INPUTS_FILES) {
		ka_fragments_find(&run, &frags);
		run.fragments = &frags;
		run.inputs = frags.kept;
		run.n_inputs = frags.n_kept;
	}
	int ph = ka_phase_begin("start sources", NULL);
	if (src)     /* records name their sources once read (ka_sources_wait) */
		s->sources = ka_sources_start(&run, run.inputs, req->mode == KA_INPUTS_RECORDS ? 0 : run.n_inputs);
	ka_phase_end(ph);
	if (req->mode == KA_INPUTS_RECORDS) {
		rc = ka_fe_records.load(&run, d);
	} else {
		ph = ka_phase_begin("pipeline", NULL);
		if (req->n_inputs > 0 || req->compdb)
			rc = ka_pipeline_run(&run, d);
		ka_phase_end(ph);
		if (req->remarks && (r = ka_fe_remarks.load(&run, d)) > rc)
			rc = r;
	}
	what_ifs(req, &run, s, d);
	if (src) {                        /* the launch sites, before the model */
		const char **files = ka_xcalloc(out->done.n + 1, sizeof(char *));
		for (size_t f = 0; f < out->done.n; f++)
			files[f] = out->done.file[f];
		ph = ka_phase_begin("wait for sources", NULL);
		ka_sources_wait(s->sources, &run, files, (int)out->done.n, d);
		ka_phase_end(ph);
		free(files);
	}
	ph = ka_phase_begin("model", NULL);
	model(req, s, out, d);
	ka_phase_end(ph);
	if (src) {
		ph = ka_phase_begin("join", NULL);
		ka_sources_join(s->sources, &run, out);
		ka_sources_note(s->sources, d);
		ka_phase_end(ph);
		ph = ka_phase_begin("machine model", NULL);
		ka_model_accesses(out);
		ka_phase_end(ph);
		ph = ka_phase_begin("spill what-ifs", NULL);
		ka_spill_what_ifs(&run, s, out, d);
		ka_phase_end(ph);
		ph = ka_phase_begin("ground", NULL);
		ka_ground_findings(out);
		ka_machine_notes(out);
		ka_phase_end(ph);
	}
	if (req->source_text) {
		int ph_text = ka_phase_begin("source text", NULL);
		ka_source_texts(out);
		ka_phase_end(ph_text);
	}
	s->nvcc_version = run.nvcc_version;
	s->clang_version = run.clang_version;
	s->hip_compiler = run.hip_compiler;
	out->nvcc_version = s->nvcc_version;
	out->clang_version = s->clang_version;
	out->hip_compiler = s->hip_compiler;
	free(nvdisasm);
	ka_fragments_free(&frags);
	ka_kinds_free(&run);
	return rc;
}

void ka_result_free(struct ka_result *r)
{
	struct ka_session *s = r->session;

	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].what_if);
		ka_machine_notes_free(&r->v[i]);
		ka_model_accesses_free(&r->v[i]);
		free(r->v[i].ground);
	}
	free(r->v);
	ka_source_texts_free(r);
	if (s) {
		for (int i = 0; i < s->n_variants; i++)
			ka_kernel_list_free(&s->variants[i]);
		free(s->variants);
		for (int i = 0; i < s->n_spill_variants; i++)
			ka_kernel_list_free(&s->spill_variants[i]);
		free(s->spill_variants);
		ka_sources_free(s->sources);
		ka_compdb_free(&s->recorded);
		ka_memo_free(s->memo);
		ka_kernel_list_free(&s->kernels);
		free(s->nvcc_version);
		free(s->clang_version);
		free(s->hip_compiler);
		free(s);
	}
	ka_analysed_free(&r->done);
	memset(r, 0, sizeof(*r));
}
