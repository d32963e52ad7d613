/* man_gen.c — writes the man page's generated sections from the same tables
 * --help uses (cli/options.def, core/exit_codes.def), so the two cannot
 * drift; likewise the uniformity classes (analyzer/uclass.def) and the
 * findings (analyzer/rules.def).  Each section sits between two roff
 * comments in man/kanalyze.1:
 *
 *   .\" BEGIN GENERATED options: tools/man_gen.c from cli/options.def
 *   ...
 *   .\" END GENERATED options
 *
 * ka_man_gen --check PAGE   exit 1 (and say where) if PAGE differs
 * ka_man_gen --update PAGE  rewrite PAGE in place (atomically)
 * ka_man_gen --print NAME   print one section (options, exit-status,
 *                           uniformity-classes, findings) */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

struct opt_row {
	const char *lname;
	char sname;
	const char *arg;
	int cmds;
	const char *help;
};

static const struct opt_row rows[] = {
#define KA_OPT(id, l, s, a, c, h) {l, s, a, c, h},
#include "options.def"
#undef KA_OPT
};

/* The sub-commands by bit, in the order the man page names them. */
static const struct {
	int bit;
	const char *name;
} cmds[] = {
	{KA_CMD_ANALYZE, "analyze"}, {KA_CMD_OCCUPANCY, "occupancy"}, {KA_CMD_ARCHS, "archs"}, {KA_CMD_PLOT, "plot"}, {KA_CMD_REPORT, "report"},
	{KA_CMD_VERIFY, "verify"}, {KA_CMD_TRUST, "trust"},
};

/* Text for roff: backslashes escaped, every dash of a word that starts
 * with one (an option: --fail-on) made a minus sign, a leading dot or quote
 * neutralised.  SENTENCE capitalises the first letter when the first word
 * is a plain lower-case word (never code such as threadIdx.x), PERIOD ends
 * with a full stop, MINUS makes every dash a minus (option and argument
 * names). */
enum { SENTENCE = 1, MINUS = 2, PERIOD = 4 };

static void roff_text(struct ka_buf *b, const char *s, int mode)
{
	bool opt_word = false;
	size_t w = strcspn(s, " :,;");

	/* capitalise a plain word only, never code: threadIdx.x stays */
	for (size_t i = 0; i < w; i++)
		if (s[i] < 'a' || s[i] > 'z')
			mode &= ~SENTENCE;

	if (*s == '.' || *s == '\'')
		ka_buf_puts(b, "\\&");
	for (const char *p = s; *p; p++) {
		if (p == s || p[-1] == ' ' || p[-1] == '(')
			opt_word = *p == '-';
		if (*p == '\\')
			ka_buf_puts(b, "\\e");
		else if (*p == '-' && (opt_word || (mode & MINUS)))
			ka_buf_puts(b, "\\-");
		else if ((mode & SENTENCE) && p == s && *p >= 'a' && *p <= 'z')
			ka_buf_printf(b, "%c", *p - 'a' + 'A');
		else
			ka_buf_append(b, p, 1);
	}
	if ((mode & PERIOD) && *s && s[strlen(s) - 1] != '.')
		ka_buf_puts(b, ".");
}

static void gen_options(struct ka_buf *b)
{
	int all = 0, named = 0;

	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		named |= cmds[i].bit;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		all |= rows[i].cmds;
	ka_buf_puts(b, "Options that apply only to some sub-commands name them.\n");
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct opt_row *r = &rows[i];
		bool first = true;

		ka_buf_puts(b, ".TP\n");
		if (r->sname) {
			ka_buf_printf(b, "\\fB\\-%c\\fR", r->sname);
			if (r->arg) {
				ka_buf_puts(b, " \\fI");
				roff_text(b, r->arg, MINUS);
				ka_buf_puts(b, "\\fR");
			}
			ka_buf_puts(b, ", ");
		}
		ka_buf_puts(b, "\\fB\\-\\-");
		roff_text(b, r->lname, MINUS);
		ka_buf_puts(b, "\\fR");
		if (r->arg) {
			ka_buf_puts(b, " \\fI");
			roff_text(b, r->arg, MINUS);
			ka_buf_puts(b, "\\fR");
		}
		ka_buf_puts(b, "\n");
		struct ka_buf help = {0};
		ka_cli_help_text(&help, r->help);
		roff_text(b, help.data, SENTENCE | PERIOD);
		ka_buf_free(&help);
		if ((r->cmds & all) != all) {
			ka_buf_puts(b, "\n(");
			for (size_t c = 0; c < sizeof(cmds) / sizeof(cmds[0]); c++)
				if (r->cmds & cmds[c].bit) {
					ka_buf_printf(b, "%s\\fB%s\\fR", first ? "" : ", ", cmds[c].name);
					first = false;
				}
			if (r->cmds & ~named)   /* a command this table does not know yet */
				ka_buf_printf(b, "%scommand bits 0x%x", first ? "" : ", ", r->cmds & ~named);
			ka_buf_puts(b, ")");
		}
		ka_buf_puts(b, "\n");
	}
	ka_buf_puts(b, ".TP\n\\fB\\-\\-\\fR \\fIARGS\\fR...\n"
		       "The end of kanalyze's options: no later word is read as one.\n"
		       "Each later word that names an input (a file kanalyze takes without\n"
		       ".BR \\-x :\n"
		       "a CUDA or HIP source by its name, a binary by its first bytes;\n"
		       "a word that starts with a dash only when such a file exists) is an input,\n"
		       "every other word is passed to the compiler unchanged.\n"
		       "Scripts that pass file names they did not write (a pull request's)\n"
		       "put them after\n.B \\-\\-\n"
		       "or as\n.IR ./name :\n"
		       "a file named\n.I \\-\\-config=x.cu\n"
		       "is then analysed, never read as an option.\n"
		       "Give a compiler option's value in the same word\n"
		       ".RI ( \\-\\-pre\\-include=x.cuh )\n"
		       "when it names a source.\n"
		       "(\\fBanalyze\\fR, \\fBplot\\fR)\n");
}

static void gen_exit_status(struct ka_buf *b)
{
#define KA_EXIT(e, code, what) \
	ka_buf_printf(b, ".TP\n.B %d\n", code); \
	roff_text(b, what, SENTENCE | PERIOD); \
	ka_buf_puts(b, "\n");
#include "exit_codes.def"
#undef KA_EXIT
}

static void gen_uclasses(struct ka_buf *b)
{
#define KA_UCLASS(id, name, meaning) \
	ka_buf_puts(b, ".TP\n\\fB"); \
	roff_text(b, name, MINUS); \
	ka_buf_puts(b, "\\fR\n"); \
	roff_text(b, meaning, SENTENCE | PERIOD); \
	ka_buf_puts(b, "\n");
#include "uclass.def"
#undef KA_UCLASS
}

static void gen_findings(struct ka_buf *b)
{
#define KA_RULE(id, name, severity, claim, memory, title, why, silence) \
	ka_buf_printf(b, ".TP\n\\fB%s\\fR (%s): ", #id, severity); \
	roff_text(b, title, 0); \
	ka_buf_puts(b, "\n"); \
	roff_text(b, why, SENTENCE | PERIOD); \
	ka_buf_puts(b, "\n.IP\nTo silence: "); \
	roff_text(b, silence, PERIOD); \
	ka_buf_puts(b, "\n");
#include "rules.def"
#undef KA_RULE
}

static const struct {
	const char *name;
	const char *source;
	void (*gen)(struct ka_buf *);
} sections[] = {
	{"options", "cli/options.def", gen_options},          /* in page order */
	{"uniformity-classes", "analyzer/uclass.def", gen_uclasses},
	{"findings", "analyzer/rules.def", gen_findings},
	{"exit-status", "core/exit_codes.def", gen_exit_status},
};

/* Replace every generated section of `in` into `out`.  -1 on a missing or
 * unbalanced marker (with a message). */
static int regenerate(const char *in, struct ka_buf *out, const char *page)
{
	const char *p = in;

	for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++) {
		char begin[128], end[128];
		snprintf(begin, sizeof(begin), ".\\\" BEGIN GENERATED %s", sections[i].name);
		snprintf(end, sizeof(end), ".\\\" END GENERATED %s\n", sections[i].name);
		const char *b = strstr(p, begin), *e = b ? strstr(b, end) : NULL;
		if (!b || !e) {
			fprintf(stderr, "ka_man_gen: %s: no '%s' ... '%s' markers\n", page, begin, end);
			return -1;
		}
		ka_buf_append(out, p, (size_t)(b - p));
		ka_buf_printf(out, "%s: tools/man_gen.c from %s; do not edit\n", begin, sections[i].source);
		sections[i].gen(out);
		ka_buf_puts(out, end);
		p = e + strlen(end);
	}
	ka_buf_puts(out, p);
	return 0;
}

static int usage(void)
{
	fputs("usage: ka_man_gen --check PAGE | --update PAGE | --print SECTION\n"
	      "sections: options, exit-status, uniformity-classes, findings\n", stderr);
	return 2;
}

int main(int argc, char **argv)
{
	struct ka_buf page = {0}, out = {0};
	int rc = 0;

	if (argc != 3)
		return usage();
	if (strcmp(argv[1], "--print") == 0) {
		for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++)
			if (strcmp(argv[2], sections[i].name) == 0) {
				sections[i].gen(&out);
				fwrite(out.data, 1, out.len, stdout);
				ka_buf_free(&out);
				return 0;
			}
		return usage();
	}
	if (strcmp(argv[1], "--check") != 0 && strcmp(argv[1], "--update") != 0)
		return usage();
	int r = ka_read_file(argv[2], 1 << 22, &page);
	if (r != 0) {
		fprintf(stderr, "ka_man_gen: %s: %s\n", argv[2], strerror(-r));
		return 2;
	}
	if (regenerate(page.data ? page.data : "", &out, argv[2]) != 0) {
		rc = 2;
	} else if (out.len == page.len && memcmp(out.data, page.data, out.len) == 0) {
		rc = 0;
	} else if (strcmp(argv[1], "--update") == 0) {
		r = ka_write_file_atomic(argv[2], out.data, out.len);
		if (r != 0) {
			fprintf(stderr, "ka_man_gen: %s: %s\n", argv[2], strerror(-r));
			rc = 2;
		} else {
			printf("ka_man_gen: %s updated\n", argv[2]);
		}
	} else {
		/* say where the first difference is, by line */
		size_t i = 0, line = 1;
		while (i < out.len && i < page.len && out.data[i] == page.data[i])
			line += out.data[i++] == '\n';
		const char *want = out.data + i, *have = page.data + i;
		while (want > out.data && want[-1] != '\n')
			want--;
		while (have > page.data && have[-1] != '\n')
			have--;
		fprintf(stderr,
			"ka_man_gen: %s differs from its sources at line %zu:\n  page:      %.*s\n  generated: %.*s\n"
			"Regenerate it: cmake --build BUILD --target man (or ka_man_gen --update %s),\n"
			"then review the diff.\n",
			argv[2], line, (int)strcspn(have, "\n"), have, (int)strcspn(want, "\n"), want, argv[2]);
		rc = 1;
	}
	ka_buf_free(&page);
	ka_buf_free(&out);
	return rc;
}
