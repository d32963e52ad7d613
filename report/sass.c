/* sass.c — the SASS census as the reports show it: the JSON object of
 * DESIGN §3 ("sass": {...}) and the text rows with the columns of seed
 * 003's tables (non-NOP instructions, UR operands, UIMAD/UIADD3, S2UR/ULDC,
 * IMAD/IADD3, SHFL/REDUX, ...) plus the register-pressure peak lines.  The
 * census is data the result carries (a kernel's k->sass, frontends/sass.c
 * counts it); writing it is the writers' job. */
#include "report.h"

#include <jansson.h>

static long sum(const struct ka_sass *s, const char *const *ops)
{
	long n = 0;
	for (; *ops; ops++)
		n += ka_sass_count_of(s, *ops);
	return n;
}

/* The seed-003 columns: name and the opcodes summed into it.  S2UR/ULDC
 * takes LDCU too: sm_100+ loads constants into URs with LDCU, not ULDC. */
static const struct {
	const char *label;
	const char *ops[4];
} seed_columns[] = {
	{"UIMAD/UIADD3", {"UIMAD", "UIADD3", NULL}},
	{"S2UR/ULDC", {"S2UR", "ULDC", "LDCU", NULL}},
	{"IMAD/IADD3", {"IMAD", "IADD3", NULL}},
	{"SHFL/REDUX", {"SHFL", "REDUX", NULL}},
	{"ELECT", {"ELECT", NULL}},
	{"VOTEU", {"VOTEU", NULL}},
	{"R2UR", {"R2UR", NULL}},
};

void ka_sass_print_text(FILE *out, const struct ka_sass *s)
{
	/* uregs from operands alone is a lower bound: say so with '+' */
	fprintf(out, "  sass        %ld instructions, %ld UR operands, %ld on the uniform datapath, uregs %ld%s",
		s->instructions, s->ur_operands, s->uniform_instructions, s->uregs, s->uregs_lr >= 0 ? "" : "+");
	if (s->unsupported)
		fprintf(out, ", %ld unsupported", s->unsupported);
	fputs("\n             ", out);
	for (size_t i = 0; i < sizeof(seed_columns) / sizeof(seed_columns[0]); i++)
		fprintf(out, " %s %ld ", seed_columns[i].label, sum(s, seed_columns[i].ops));
	fprintf(out, " LDL/STL %ld/%ld\n", ka_sass_count_of(s, "LDL"), ka_sass_count_of(s, "STL"));
	if (s->peak < 0) {
		fputs("  pressure    not known (nvdisasm gave no life ranges)\n", out);
		return;
	}
	fprintf(out, "  pressure    peak %d live R", s->peak);
	for (int i = 0; i < s->n_top; i++)
		fprintf(out, "%s line %d (%d)", i ? "," : ":", s->top[i].line, s->top[i].live);
	fputc('\n', out);
}

/* --sass on HIP: the census of the AMDGPU assembly (frontends/machine.c):
 * scalar instructions (s_*: SALU, SMEM, branches, waits) are the uniform
 * datapath, the rest (VALU, VMEM, LDS) the vector one; scratch stores and
 * loads are spills or private arrays; then the lines with the most vector
 * instructions (AMD, "AMD Instinct MI200 ISA": the scalar unit runs one
 * instruction for the whole wave). */
void ka_sass_print_text_amdgpu(FILE *out, const struct ka_sass *s)
{
	long st = 0, ld = 0;
	for (size_t i = 0; i < s->n_lines; i++) {
		st += s->lines[i].local_stores;
		ld += s->lines[i].local_loads;
	}
	fprintf(out, "  isa         %ld instructions, %ld scalar (s_*), %ld vector; scratch stores/loads %ld/%ld\n",
		s->instructions, s->uniform_instructions, s->instructions - s->uniform_instructions, st, ld);
	const struct ka_sass_line *top[3] = {0};
	for (size_t i = 0; i < s->n_lines; i++) {
		const struct ka_sass_line *l = &s->lines[i];
		if (l->line <= 0 || l->vector == 0)
			continue;
		for (int k = 0; k < 3; k++)
			if (!top[k] || l->vector > top[k]->vector) {
				for (int m = 2; m > k; m--)
					top[m] = top[m - 1];
				top[k] = l;
				break;
			}
	}
	if (!top[0])
		return;
	fputs("  vector      most at", out);
	for (int k = 0; k < 3 && top[k]; k++)
		fprintf(out, "%s line %d (%ld of %ld)", k ? "," : "", top[k]->line, top[k]->vector, top[k]->instructions);
	fputc('\n', out);
}

static json_t *line_or_null(int line)
{
	return line > 0 ? json_integer(line) : json_null();
}

struct json_t *ka_sass_json(const struct ka_sass *s)
{
	json_t *o = json_object(), *ops = json_object(), *lines = json_array();

	json_object_set_new(o, "instructions", json_integer(s->instructions));
	json_object_set_new(o, "ur_operands", json_integer(s->ur_operands));
	json_object_set_new(o, "uniform_instructions", json_integer(s->uniform_instructions));
	json_object_set_new(o, "uregs_from", json_string(s->uregs_lr >= 0 ? "life_ranges" : "operands"));
	for (size_t i = 0; i < s->n_ops; i++)              /* sorted by opcode */
		json_object_set_new(ops, s->ops[i].opcode, json_integer(s->ops[i].n));
	json_object_set_new(o, "by_opcode", ops);
	for (size_t i = 0; i < s->n_lines; i++) {          /* sorted by line; 0 (none) first */
		json_t *l = json_object();
		json_object_set_new(l, "line", line_or_null(s->lines[i].line));
		json_object_set_new(l, "instructions", json_integer(s->lines[i].instructions));
		json_object_set_new(l, "uniform", json_integer(s->lines[i].uniform));
		json_object_set_new(l, "vector", json_integer(s->lines[i].vector));
		/* local memory: STL/LDL (NVIDIA), scratch stores/loads (AMD) */
		json_object_set_new(l, "local_stores", json_integer(s->lines[i].local_stores));
		json_object_set_new(l, "local_loads", json_integer(s->lines[i].local_loads));
		json_array_append_new(lines, l);
	}
	json_object_set_new(o, "lines", lines);
	if (s->peak >= 0) {
		json_t *p = json_object(), *top = json_array();
		json_object_set_new(p, "peak", json_integer(s->peak));
		for (int i = 0; i < s->n_top; i++) {
			json_t *t = json_object();
			json_object_set_new(t, "line", json_integer(s->top[i].line));
			json_object_set_new(t, "live", json_integer(s->top[i].live));
			json_array_append_new(top, t);
		}
		json_object_set_new(p, "lines", top);
		json_object_set_new(o, "pressure", p);
	} else {
		json_object_set_new(o, "pressure", json_null());
	}
	json_object_set_new(o, "unsupported", json_integer(s->unsupported));
	return o;
}
