/* fe_remarks.c — --remarks LOG: the kernels of a saved
 * -Rpass-analysis=kernel-resource-usage log (e.g. from a Hygon DTK machine)
 * for the one AMD arch it was made for; no compile, no source. */
#include "lib.h"

#include <string.h>

static int load(struct ka_run *run, struct ka_diag *d)
{
	const char *arch = run->archs[KA_VENDOR_AMD][0];
	const struct ka_amd_arch *a = ka_amd_arch_find(arch);
	int wave = run->req->launch.wave;
	int rc;

	if (wave == 32 && !a->vgprs_w32) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--wave32: %s runs wave64 only", a->name);
		return KA_EXIT_USAGE;
	}
	rc = ka_hip_remarks_load(run->req->remarks, arch, wave ? wave : a->default_wave, d, run->out);
	if (rc == KA_EXIT_OK)
		for (size_t i = 0; i < run->out->n; i++)
			if (!ka_analysed_has(run->done, run->out->v[i].file, run->out->v[i].arch))
				ka_analysed_add(run->done, run->out->v[i].file, run->out->v[i].arch);
	return rc;
}

const struct ka_frontend ka_fe_remarks = {
	.name = "amd-remarks",
	.vendor = &ka_vendor_amd,
	.load = load,
};
