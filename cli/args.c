/* args.c — parse the command line against options.def and print --help from
 * the same table.  Forms: --name=V, --name V, -xV, -x V; "--" ends
 * kanalyze's options: every later word is an input when it names one (a
 * file kanalyze takes: ka_input_named) and the compiler's otherwise, so a
 * file named like an option is never read as one (a pull request can add
 * "--config=x.cu"); -I, -D and -std=... go to the compiler too.  Name a file
 * that starts with '-' as ./-name.cu or after "--".  The --arch list is
 * checked here (and a config's in config.c): no empty entries, no name
 * twice, no compute_XX where kanalyze compiles. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct opt_row {
	const char *lname;
	char sname;
	const char *arg;
	int cmds;
	const char *help;
};

static const struct opt_row rows[OPT_COUNT] = {
#define KA_OPT(id, l, s, a, c, h) [OPT_##id] = {l, s, a, c, h},
#include "options.def"
#undef KA_OPT
};

static const char *cmd_name(enum ka_cmd c)
{
	return c == KA_CMD_OCCUPANCY ? "occupancy" : c == KA_CMD_ARCHS ? "archs" : c == KA_CMD_REPORT ? "report" : c == KA_CMD_PLOT ? "plot" : c == KA_CMD_VERIFY ? "verify" : c == KA_CMD_TRUST ? "trust" : "analyze";
}

static const enum ka_cmd commands[] = {KA_CMD_OCCUPANCY, KA_CMD_ARCHS, KA_CMD_REPORT, KA_CMD_PLOT, KA_CMD_VERIFY,
				       KA_CMD_TRUST};

/* Levenshtein distance of two short words, capped: more than 2 is "far". */
static int edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	int row[32], prev;
	if (la >= 32 || lb >= 32)
		return 99;
	for (size_t j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int cur = row[j];
			int best = prev + (a[i - 1] != b[j - 1]);
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			prev = cur;
		}
	}
	return row[lb];
}

/* A first argument that is no command, no option and no file, within two
 * edits of a command ("occupany"): the command it was meant to be, else
 * NULL (it goes on as an input, and a missing one says so). */
static const char *command_near(const char *a)
{
	if (a[0] == '-' || strchr(a, '/') || strchr(a, '.') || access(a, F_OK) == 0)
		return NULL;
	for (size_t c = 0; c < sizeof(commands) / sizeof(commands[0]); c++)
		if (edit_distance(a, cmd_name(commands[c])) <= 2)
			return cmd_name(commands[c]);
	return NULL;
}

void ka_cli_help(FILE *out, enum ka_cmd cmd)
{
	switch (cmd) {
	case KA_CMD_OCCUPANCY:
		fputs("usage: kanalyze occupancy --arch A --regs R [--block B] [--smem S] [OPTIONS]\n"
		      "       kanalyze occupancy --arch gfxN --vgprs V [--agprs A] [--sgprs S] [--block B] [--smem S]\n"
		      "                          [--wave32|--wave64]\n"
		      "The occupancy calculator: no compiler needed.  Every numeric option takes a\n"
		      "value, a list a,b,c or a range LO-HI[:STEP]; one row per combination.\n", out);
		break;
	case KA_CMD_ARCHS:
		fputs("usage: kanalyze archs [--format text|json]\n"
		      "List the architectures kanalyze models and their parameters.\n", out);
		break;
	case KA_CMD_PLOT:
		fputs("usage: kanalyze plot [--arch A] --regs R [--block B] [--smem S] [-o FILE.svg|FILE.png]\n"
		      "       kanalyze plot [--arch A] FILE.cu [--kernel NAME] [--block B] [--smem S] [-o FILE]\n"
		      "       kanalyze plot --arch gfxN --vgprs V [--agprs A] [--sgprs S] [--block B] [--smem LDS]\n"
		      "                     [--wave32|--wave64] [-o FILE]   (AMD, Hygon; FILE.hip or --remarks LOG too)\n"
		      "The three occupancy charts (against threads per block, registers per thread and\n"
		      "shared memory per block) around one launch, marking it and the nearest cliffs:\n"
		      "an SVG or PNG with -o, else drawn in the terminal.  One value per option.\n", out);
		break;
	case KA_CMD_VERIFY:
		fputs("usage: kanalyze verify [--out FILE] [--runner-output FILE] [--check FILE]\n"
		      "       kanalyze verify --profile --ncu-export DIR [ANALYZE OPTIONS] [SOURCES...]\n"
		      "       kanalyze verify --profile [ANALYZE OPTIONS] [SOURCES...] -- PROGRAM [ARGS...]\n"
		      "Build and launch the shipped kernels on this machine's GPU and compare every\n"
		      "prediction (registers, blocks per SM, best block size) with the CUDA runtime;\n"
		      "time the reductions and the cliff pairs; write the record.  No GPU: \"not run\".\n"
		      "With --profile: set each finding beside what Nsight Compute measured at its line\n"
		      "(sectors, excessive sectors), name the wasteful lines no finding flagged, and\n"
		      "compare each kernel's registers and theoretical occupancy with ncu's.\n", out);
		break;
	case KA_CMD_TRUST:
		fputs("usage: kanalyze trust [FILE|DIR]\n"
		      "Trust a repository's .kanalyze.json as it is now (default: the one found from here\n"
		      "up to the repository's top): its defines, compile database, std and paths outside\n"
		      "the repository apply from then on, until the file changes.  Untrusted, only archs,\n"
		      "thresholds and paths inside the repository apply.\n", out);
		break;
	case KA_CMD_REPORT:
		fputs("usage: kanalyze report [OPTIONS] DIR...\n"
		      "Merge the records kanalyze-launch wrote into DIR during a real build and report\n"
		      "them like an analysis: every --format of one, --baseline, --write-baseline.\n", out);
		break;
	default:
		fputs("usage: kanalyze [OPTIONS] FILE...        analyze CUDA files\n"
		      "       kanalyze occupancy [OPTIONS]        occupancy calculator\n"
		      "       kanalyze archs [--format F]         list architectures\n"
		      "       kanalyze plot [OPTIONS] [-o F.svg]  occupancy charts\n"
		      "       kanalyze report [OPTIONS] DIR...    merge kanalyze-launch records\n"
		      "       kanalyze verify [OPTIONS]           check the predictions on a GPU\n"
		      "       kanalyze trust [FILE|DIR]           trust a repository's .kanalyze.json\n"
		      "Compiles the device code for each architecture, reads the registers, spills,\n"
		      "stack and shared memory the compiler really produced, and reports occupancy,\n"
		      "its limiter and the distance to the next occupancy cliff.\n", out);
		break;
	}
	fputs("\nOptions:\n", out);
	for (int i = 0; i < OPT_COUNT; i++) {
		struct ka_buf help = {0};
		char head[64];
		if (!(rows[i].cmds & (int)cmd))
			continue;
		if (rows[i].sname)
			snprintf(head, sizeof(head), "-%c, --%s%s%s", rows[i].sname, rows[i].lname,
				 rows[i].arg ? " " : "", rows[i].arg ? rows[i].arg : "");
		else
			snprintf(head, sizeof(head), "    --%s%s%s", rows[i].lname, rows[i].arg ? " " : "",
				 rows[i].arg ? rows[i].arg : "");
		ka_cli_help_text(&help, rows[i].help);
		if (strlen(head) > 24)     /* long names: the text starts on its own line */
			fprintf(out, "  %s\n  %-24s %s\n", head, "", help.data);
		else
			fprintf(out, "  %-24s %s\n", head, help.data);
		ka_buf_free(&help);
	}
	if (cmd == KA_CMD_ANALYZE || cmd == KA_CMD_PLOT)
		fputs("  -- ARGS...               end of options: each later word that names an input (a\n"
		      "                           .cu/.cuh/.hip file, a binary) is one, the rest go to the\n"
		      "                           compiler unchanged\n", out);
	fputs("\nExit status:\n", out);
#define KA_EXIT(e, code, what) fprintf(out, "  %d  %s\n", code, what);
#include "exit_codes.def"
#undef KA_EXIT
	fputs("\nSee kanalyze(1).\n", out);
}

void ka_cli_help_text(struct ka_buf *out, const char *help)
{
	const char *at;
	size_t mark = strlen(KA_HELP_ARCH_RANGES);

	while ((at = strstr(help, KA_HELP_ARCH_RANGES)) != NULL) {
		char ranges[256];
		ka_arch_ranges(ranges, sizeof(ranges));
		ka_buf_append(out, help, (size_t)(at - help));
		ka_buf_puts(out, ranges);
		help = at + mark;
	}
	ka_buf_puts(out, help);
}

static int find_long(const char *name, size_t n)
{
	for (int i = 0; i < OPT_COUNT; i++)
		if (strlen(rows[i].lname) == n && strncmp(rows[i].lname, name, n) == 0)
			return i;
	return -1;
}

static int find_short(char c)
{
	for (int i = 0; i < OPT_COUNT; i++)
		if (rows[i].sname == c)
			return i;
	return -1;
}

static void cc_push(struct ka_cli *cli, const char *s)
{
	KA_GROW(cli->cc_args, (size_t)cli->n_cc_args + 1, cli->cap_cc_args, 16);   /* and the NULL after it */
	cli->cc_args[cli->n_cc_args++] = s;
	cli->cc_args[cli->n_cc_args] = NULL;
}

/* A compiler flag made here ("-Idir", "-std=c++17"): owned by the cli. */
static void cc_push_made(struct ka_cli *cli, char *s)
{
	KA_GROW(cli->owned, (size_t)cli->n_owned, cli->cap_owned, 16);
	cli->owned[cli->n_owned++] = s;
	cc_push(cli, s);
}

static void cc_push_flag(struct ka_cli *cli, char letter, const char *value)
{
	struct ka_buf b = {0};
	ka_buf_printf(&b, "-%c%s", letter, value);
	cc_push_made(cli, b.data);
}

int ka_cli_parse(int argc, char **argv, struct ka_cli *cli, struct ka_diag *d)
{
	int i = 1;

	memset(cli, 0, sizeof(*cli));
	cli->cmd = KA_CMD_ANALYZE;
	for (size_t c = 0; argc > 1 && c < sizeof(commands) / sizeof(commands[0]); c++)
		if (strcmp(argv[1], cmd_name(commands[c])) == 0) {
			cli->cmd = commands[c];
			i = 2;
		}
	if (i == 1 && argc > 1) {
		const char *near = command_near(argv[1]);
		if (near) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "'%s' is not a command or a file: did you mean 'kanalyze %s'?",
				      argv[1], near);
			return KA_EXIT_USAGE;
		}
	}
	cli->files = ka_xcalloc((size_t)argc + 1, sizeof(char *));
	cc_push(cli, NULL);
	cli->n_cc_args = 0;

	for (; i < argc; i++) {
		const char *a = argv[i];
		const char *val = NULL;
		int id = -1;

		if (strcmp(a, "--") == 0) {
			if (cli->cmd == KA_CMD_VERIFY) {    /* verify --profile -- PROGRAM ARGS */
				cli->program = argv + i + 1;
				cli->n_program = argc - i - 1;
				break;
			}
			if (cli->cmd != KA_CMD_ANALYZE && cli->cmd != KA_CMD_PLOT) {
				ka_diag_error(d, KA_EXIT_USAGE, cmd_name(cli->cmd), "'--' is only for analyze, plot and "
					      "verify --profile");
				return KA_EXIT_USAGE;
			}
			/* the end of kanalyze's options: no later word is one of
			 * them; each names an input or is the compiler's */
			for (i++; i < argc; i++) {
				if (ka_input_named(argv[i]))
					cli->files[cli->n_files++] = argv[i];
				else
					cc_push(cli, argv[i]);
			}
			break;
		}
		if (strncmp(a, "-std=", 5) == 0 || strncmp(a, "--std=", 6) == 0) {
			id = OPT_STD;
			val = strchr(a, '=') + 1;
		} else if (a[0] == '-' && a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			size_t n = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
			id = find_long(a + 2, n);
			if (id < 0) {
				ka_diag_error(d, KA_EXIT_USAGE, NULL, "unknown option '%s' (see kanalyze %s%s--help)", a,
					      cli->cmd == KA_CMD_ANALYZE ? "" : cmd_name(cli->cmd), cli->cmd == KA_CMD_ANALYZE ? "" : " ");
				return KA_EXIT_USAGE;
			}
			if (eq) {
				if (!rows[id].arg) {
					ka_diag_error(d, KA_EXIT_USAGE, NULL, "option --%s takes no value", rows[id].lname);
					return KA_EXIT_USAGE;
				}
				val = eq + 1;
			}
		} else if (a[0] == '-' && a[1]) {
			id = find_short(a[1]);
			if (id < 0) {
				ka_diag_error(d, KA_EXIT_USAGE, NULL, "unknown option '%s' (see kanalyze --help)", a);
				return KA_EXIT_USAGE;
			}
			if (a[2]) {
				if (!rows[id].arg) {
					ka_diag_error(d, KA_EXIT_USAGE, NULL, "unknown option '%s'", a);
					return KA_EXIT_USAGE;
				}
				val = a + 2;
			}
		} else {
			if (cli->cmd != KA_CMD_ANALYZE && cli->cmd != KA_CMD_REPORT && cli->cmd != KA_CMD_PLOT &&
			    cli->cmd != KA_CMD_TRUST && cli->cmd != KA_CMD_VERIFY) {
				ka_diag_error(d, KA_EXIT_USAGE, cmd_name(cli->cmd), "unexpected argument '%s'", a);
				return KA_EXIT_USAGE;
			}
			cli->files[cli->n_files++] = a;
			continue;
		}
		if (!(rows[id].cmds & (int)cli->cmd)) {
			ka_diag_error(d, KA_EXIT_USAGE, cmd_name(cli->cmd), "option --%s does not apply here",
				      rows[id].lname);
			return KA_EXIT_USAGE;
		}
		if (rows[id].arg && !val) {
			if (i + 1 >= argc) {
				ka_diag_error(d, KA_EXIT_USAGE, NULL, "option --%s needs a value (%s)", rows[id].lname,
					      rows[id].arg);
				return KA_EXIT_USAGE;
			}
			val = argv[++i];
		}
		cli->flag[id] = true;
		cli->opt[id] = val;
		if (id == OPT_INCLUDE)
			cc_push_flag(cli, 'I', val);
		else if (id == OPT_DEFINE)
			cc_push_flag(cli, 'D', val);
		else if (id == OPT_WHATIF) {
			KA_GROW(cli->what_ifs, (size_t)cli->n_what_ifs, cli->cap_what_ifs, 4);
			cli->what_ifs[cli->n_what_ifs++] = val;
		}
		else if (id == OPT_STD) {
			struct ka_buf b = {0};
			ka_buf_printf(&b, "-std=%s", val);
			cc_push_made(cli, b.data);
		}
	}

	const char *color = cli->opt[OPT_COLOR] ? cli->opt[OPT_COLOR] : "auto";
	const char *term = getenv("TERM");
	if (strcmp(color, "always") == 0)
		cli->color = true;
	else if (strcmp(color, "never") == 0)
		cli->color = false;
	else if (strcmp(color, "auto") == 0)     /* a terminal that has colours, and no NO_COLOR */
		cli->color = isatty(STDOUT_FILENO) && !(getenv("NO_COLOR") && *getenv("NO_COLOR")) &&
			     !(term && strcmp(term, "dumb") == 0);
	else {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--color takes auto, always or never, not '%s'", color);
		return KA_EXIT_USAGE;
	}
	d->quiet = cli->flag[OPT_QUIET];
	d->verbose = cli->flag[OPT_VERBOSE];
	if (cli->opt[OPT_ARCH]) {
		bool compiles = cli->cmd == KA_CMD_ANALYZE || cli->cmd == KA_CMD_REPORT || cli->cmd == KA_CMD_VERIFY ||
				(cli->cmd == KA_CMD_PLOT && cli->n_files > 0);
		char *list = ka_cli_arch_list(cli->opt[OPT_ARCH], compiles, NULL, d);
		if (!list)
			return KA_EXIT_USAGE;
		KA_GROW(cli->owned, (size_t)cli->n_owned, cli->cap_owned, 16);
		cli->owned[cli->n_owned++] = list;
		cli->opt[OPT_ARCH] = list;
	}
	return 0;
}

char *ka_cli_arch_list(const char *list, bool compiles, const char *where, struct ka_diag *d)
{
	const char *what = where ? "\"archs\"" : "--arch";
	struct ka_buf out = {0};
	const char *p = list;

	if (!*list) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "%s: empty list", what);
		return NULL;
	}
	for (;;) {
		size_t n = strcspn(p, ",");
		bool dup = false;
		if (n == 0) {
			ka_diag_error(d, KA_EXIT_USAGE, where, "%s '%s': an empty entry (a comma too many)", what, list);
			ka_buf_free(&out);
			return NULL;
		}
		if (compiles && strncmp(p, "compute_", 8) == 0) {
			ka_diag_error(d, KA_EXIT_USAGE, where, "%s: '%.*s' is a virtual architecture (PTX: no machine "
				      "code, no registers to read); give sm_%.*s", what, (int)n, p, (int)(n - 8), p + 8);
			ka_buf_free(&out);
			return NULL;
		}
		/* each name once: sm_90,sm_90 would report every kernel twice */
		for (const char *q = out.data; q && *q && !dup;) {
			size_t m = strcspn(q, ",");
			dup = m == n && strncmp(q, p, n) == 0;
			q += m + (q[m] == ',');
		}
		if (!dup)
			ka_buf_printf(&out, "%s%.*s", out.len ? "," : "", (int)n, p);
		p += n;
		if (!*p)
			break;
		p++;
	}
	return out.data;
}

void ka_cli_free(struct ka_cli *cli)
{
	for (int i = 0; i < cli->n_owned; i++)
		free(cli->owned[i]);
	free(cli->owned);
	free(cli->what_ifs);
	free(cli->cc_args);
	free(cli->files);
}

const char *ka_cli_opt_name(int id)
{
	return rows[id].lname;
}
