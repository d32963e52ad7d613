/* sass_dump.c — print kanalyze's SASS census of a captured nvdisasm listing
 * (and its life-range table), one block per code section sorted by name,
 * plus the diagnostics: the output tests/frontends/golden_sass.sh compares with
 * NAME.ARCH.expected.
 *   sass_dump LISTING.sass [LIFERANGES.lr [MAIN_FILE]] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontends.h"

static int cmp_func(const void *a, const void *b)
{
	return strcmp(((const struct ka_sass_func *)a)->name, ((const struct ka_sass_func *)b)->name);
}

int main(int argc, char **argv)
{
	struct ka_buf text = {0}, lr = {0};
	struct ka_sass_set set = {0};
	struct ka_diag d;

	if (argc < 2 || argc > 4) {
		fprintf(stderr, "usage: sass_dump LISTING [LIFERANGES [MAIN_FILE]]\n");
		return 2;
	}
	ka_diag_init(&d, stdout);
	if (ka_read_file(argv[1], 1u << 30, &text) != 0 || (argc > 2 && ka_read_file(argv[2], 1u << 30, &lr) != 0)) {
		fprintf(stderr, "cannot read the input\n");
		return 2;
	}
	const char *base = strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1];
	ka_sass_parse(text.data ? text.data : "", text.len, argc > 3 ? argv[3] : NULL, &set, &d, base);
	if (argc > 2)
		ka_sass_parse_life_ranges(lr.data ? lr.data : "", lr.len, &set, &d, base);
	ka_sass_finish(&set);
	if (set.n > 1)
		qsort(set.v, set.n, sizeof(*set.v), cmp_func);
	for (size_t i = 0; i < set.n; i++) {
		const struct ka_sass *s = &set.v[i].s;
		printf("%s instructions=%ld ur_operands=%ld uniform=%ld uregs=%ld (text %ld, life ranges %ld) "
		       "unsupported=%ld peak=%d top=",
		       set.v[i].name, s->instructions, s->ur_operands, s->uniform_instructions, s->uregs,
		       s->uregs_text, s->uregs_lr, s->unsupported, s->peak);
		for (int t = 0; t < s->n_top; t++)
			printf("%s%d:%d", t ? "," : "", s->top[t].line, s->top[t].live);
		printf("\n  opcodes");
		for (size_t k = 0; k < s->n_ops; k++)
			printf(" %s=%ld", s->ops[k].opcode, s->ops[k].n);
		printf("\n");
		for (size_t k = 0; k < s->n_lines; k++)
			printf("  line %d: instructions=%ld uniform=%ld vector=%ld live=%d\n", s->lines[k].line,
			       s->lines[k].instructions, s->lines[k].uniform, s->lines[k].vector, s->lines[k].live);
	}
	ka_sass_set_free(&set);
	ka_buf_free(&text);
	ka_buf_free(&lr);
	ka_diag_fini(&d);
	return 0;
}
