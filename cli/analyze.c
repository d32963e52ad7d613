/* analyze.c — `kanalyze FILE...` and `kanalyze report DIR...`: the options
 * and .kanalyze.json become a ka_request, libkanalyze analyses, and the gate
 * (gate.c) writes the report and returns the exit code.  Only option syntax
 * is checked here; what the inputs and archs mean is the library's. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* --device NAME: its SM count for --sms.  0, or -1 after a message. */
static int device_sms(const char *name, long *sms, struct ka_diag *d)
{
	const struct ka_device *dev = ka_device_find(name);
	if (!dev) {
		struct ka_buf names = {0};
		for (int i = 0; i < ka_device_count; i++)
			ka_buf_printf(&names, "%s%s", i ? " " : "", ka_devices[i].name);
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "unknown --device '%s'; known: %s", name, names.data);
		ka_buf_free(&names);
		return -1;
	}
	*sms = dev->sms;
	return 0;
}

int ka_cli_request(struct ka_cli *cli, struct ka_request *req, struct ka_what_spec **specs, struct ka_diag *d)
{
	bool bad = false;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	struct ka_model_params *p = &req->launch;

	ka_request_init(req, cli->files, cli->n_files);     /* then what the options say */
	if (cli->cmd == KA_CMD_REPORT)
		req->mode = KA_INPUTS_RECORDS;
	req->lang = cli->opt[OPT_LANG];
	req->archs = cli->opt[OPT_ARCH];
	req->compdb = cli->opt[OPT_COMPDB];
	req->remarks = cli->opt[OPT_REMARKS];
	req->cc_args = cli->cc_args;
	req->launch_rules = cli->launch_rules;
	req->n_launch_rules = cli->n_launch_rules;
	req->cache = !cli->flag[OPT_NOCACHE];
	req->sass = cli->flag[OPT_SASS];
	req->uniformity = !cli->flag[OPT_NOUNIF];
	req->nvcc = cli->opt[OPT_NVCC];
	req->clang = cli->opt[OPT_CLANG];
	req->clang_fallback = cli->flag[OPT_CLANGFB];
	req->trust_records = cli->flag[OPT_TRUSTREC];
	p->block = ka_cli_long(cli, OPT_BLOCK, 1, 1024, 0, d, &bad);
	p->smem = ka_cli_long(cli, OPT_SMEM, 0, 1L << 20, 0, d, &bad);
	if ((p->wave = ka_cli_wave(cli, d)) < 0)
		return KA_EXIT_USAGE;
	req->jobs = (int)ka_cli_long(cli, OPT_JOBS, 1, 256, cpus > 0 ? cpus : 1, d, &bad);
	req->timeout_s = (double)ka_cli_long(cli, OPT_TIMEOUT, 1, 86400, 300, d, &bad);
	p->warn_cliff = (int)ka_cli_long(cli, OPT_WARNCLIFF, 0, 255, 0, d, &bad);
	p->smem_per_thread = ka_cli_long(cli, OPT_SMEMPT, 0, 1024, 0, d, &bad);
	p->sms = ka_cli_long(cli, OPT_SMS, 1, 100000, 0, d, &bad);
	if (cli->opt[OPT_DEVICE]) {
		long sms = 0;
		if (device_sms(cli->opt[OPT_DEVICE], &sms, d) != 0)
			bad = true;
		else if (!cli->opt[OPT_SMS])
			p->sms = sms;
	}
	*specs = ka_xcalloc((size_t)cli->n_what_ifs + 1, sizeof(**specs));
	for (int i = 0; i < cli->n_what_ifs && !bad; i++)
		if (ka_what_spec_parse(cli->what_ifs[i], &(*specs)[i], d) != 0)
			bad = true;
	req->what_ifs = *specs;
	req->n_what_ifs = cli->n_what_ifs;
	return bad ? KA_EXIT_USAGE : 0;
}

int ka_cmd_analyze(struct ka_cli *cli, struct ka_diag *d)
{
	const char *format = cli->opt[OPT_FORMAT] ? cli->opt[OPT_FORMAT] : "text";
	struct ka_request req;
	struct ka_result res = {0};
	struct ka_what_spec *specs = NULL;
	int rc;

	int ph = ka_phase_begin("config", NULL);
	rc = ka_config_apply(cli, d);             /* .kanalyze.json under the options */
	ka_phase_end(ph);
	if (rc == 0)
		rc = ka_gate_check(cli, format, d);
	if (rc == 0 && cli->opt[OPT_FINDINGS] && strcmp(cli->opt[OPT_FINDINGS], "warning") != 0 &&
	    strcmp(cli->opt[OPT_FINDINGS], "note") != 0 && strcmp(cli->opt[OPT_FINDINGS], "info") != 0) {
		ka_cli_bad_value(cli, OPT_FINDINGS, d, "takes warning, note or info, not '%s'", cli->opt[OPT_FINDINGS]);
		rc = KA_EXIT_USAGE;
	}
	if (rc == 0 && cli->opt[OPT_LINESORDER] && strcmp(cli->opt[OPT_LINESORDER], "source") != 0 &&
	    strcmp(cli->opt[OPT_LINESORDER], "traffic") != 0) {
		ka_cli_bad_value(cli, OPT_LINESORDER, d, "takes source or traffic, not '%s'", cli->opt[OPT_LINESORDER]);
		rc = KA_EXIT_USAGE;
	}
	if (rc == 0 && strcmp(format, "text") != 0 &&
	    ((cli->flag[OPT_LINES] && strcmp(format, "html") != 0) || cli->flag[OPT_SUMMARY]))
		ka_diag_note(d, NULL, "--%s lays out the text report; --format %s shows %s", cli->flag[OPT_SUMMARY] ?
			     "summary" : "lines", format, strcmp(format, "json") == 0 ? "every access in \"accesses\""
			     : "what it always shows");
	struct ka_base_rev base_rev = {0};
	if (rc == 0 && cli->opt[OPT_BASE])
		rc = ka_base_resolve(cli, &base_rev, d);
	if (rc == 0)
		rc = ka_cli_request(cli, &req, &specs, d);
	/* the per-line views show the source lines: the result keeps them */
	req.source_text = rc == 0 && (cli->flag[OPT_LINES] || strcmp(format, "html") == 0);
	if (rc != 0) {
		free(specs);
		return rc;
	}
	rc = ka_analyze(&req, d, &res);
	struct ka_bl base = {0};
	bool have_base = false;
	if (res.ran && base_rev.commit) {         /* the same inputs at the base revision */
		int brc = ka_base_baseline(cli, &base_rev, &req, &base, d);
		if (brc > rc)
			rc = brc;
		have_base = brc == 0;
	}
	if (res.ran) {                            /* report what it found */
		struct ka_report_options ro = {.color = cli->color, .chart = cli->flag[OPT_CHART], .utf8 = ka_term_utf8(),
					       .findings = cli->opt[OPT_FINDINGS], .lines = cli->flag[OPT_LINES], .summary = cli->flag[OPT_SUMMARY],
					       .lines_order = cli->opt[OPT_LINESORDER]};
		ph = ka_phase_begin("report", format);
		int grc = ka_gate_output(cli, &res, &ro, format, have_base ? &base : NULL, base_rev.label, d);   /* format, baseline, --strict */
		ka_phase_end(ph);
		if (grc > rc)
			rc = grc;
		if (fflush(stdout) != 0 && rc == KA_EXIT_OK)
			rc = KA_EXIT_USAGE;
	}
	ph = ka_phase_begin("free", NULL);
	ka_bl_free(&base);
	ka_result_free(&res);
	ka_phase_end(ph);
	free(specs);
	return rc > d->exit_code ? rc : d->exit_code;
}
