/* golden_dump.c — print kanalyze's reading of a captured cubin and its
 * ptxas -v log, one sorted line per kernel, plus the diagnostics: the
 * output tests/frontends/golden.sh compares with NAME.expected. */
#include <stdio.h>
#include <string.h>

#include "frontends.h"

int main(int argc, char **argv)
{
	struct ka_buf cub = {0}, text = {0};
	struct ka_kernel_list list = {0};
	struct ka_ptxas_log log = {0};
	struct ka_diag d;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: golden_dump CUBIN [PTXAS_LOG]\n");
		return 2;
	}
	ka_diag_init(&d, stdout);
	if (ka_read_file(argv[1], 1u << 30, &cub) != 0) {
		fprintf(stderr, "cannot read %s\n", argv[1]);
		return 2;
	}
	const char *base = strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1];
	if (ka_cubin_read(cub.data, cub.len, base, &d, &list) == 0 && argc == 3 &&
	    ka_read_file(argv[2], 1u << 24, &text) == 0) {
		ka_ptxas_log_parse(text.data, text.len, &log, &d, base);
		for (size_t i = 0; i < list.n; i++) {
			const struct ka_ptxas_entry *e = ka_ptxas_log_find(&log, list.v[i].mangled);
			list.v[i].file = ka_strdup(base);
			if (e)
				ka_nv_crosscheck(&list.v[i], e, &d);
		}
	}
	ka_kernel_list_sort(&list);
	for (size_t i = 0; i < list.n; i++) {
		const struct ka_resources *r = &list.v[i].res;
		printf("%s %s [%s] regs=%ld stack=%ld local=%ld smem=%ld barriers=%ld max_threads=%ld "
		       "spill_stores=%ld spill_loads=%ld\n",
		       list.v[i].arch, list.v[i].mangled, list.v[i].name, r->regs, r->stack, r->local,
		       r->static_smem, r->barriers, r->max_threads, r->spill_stores, r->spill_loads);
	}
	ka_ptxas_log_free(&log);
	ka_kernel_list_free(&list);
	ka_buf_free(&cub);
	ka_buf_free(&text);
	ka_diag_fini(&d);
	return 0;
}
