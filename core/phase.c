/* phase.c — where a run's time goes: named phases, each with its start and
 * end on one monotonic clock and the thread it ran on, printed to stderr as
 * a timeline when $KANALYZE_TIMINGS is set (bench/phases.sh sums them over
 * a corpus).  A process-wide recorder on purpose, like a logger: phases
 * begin in every layer and on the analyzer's thread, and the cost when it
 * is off is one relaxed load.  Output order is the phases' start order;
 * the figures are wall time, not CPU, so overlapped phases show as such. */
#define _GNU_SOURCE
#include "core.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_PHASES 512

struct phase {
	const char *name;
	char detail[48];
	double start, end;                 /* ms since the process's first phase call */
	double cpu;                        /* the process's CPU ms at the start, then spent */
	int thread;                        /* 0 the main thread, 1 the analyzer's, ... */
};

static struct phase phases[MAX_PHASES];
static atomic_int n_phases;
static atomic_int enabled = -1;        /* -1 not yet decided */
static double origin;
static pthread_t main_thread;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static double clock_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double process_cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The process's own peak resident memory (the compilers' is theirs). */
static void peak_rss(void)
{
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");
	while (f && fgets(line, sizeof(line), f))
		if (strncmp(line, "VmHWM:", 6) == 0)
			fprintf(stderr, "  peak RSS %s", line + 6 + strspn(line + 6, " \t"));
	if (f)
		fclose(f);
}

static void report(void)
{
	int n = atomic_load(&n_phases);
	n = n < MAX_PHASES ? n : MAX_PHASES;
	fprintf(stderr, "kanalyze timings (ms: start, end, wall, CPU of the process (libclang parses on threads of its own); t0 main, t1 analyzer):\n");
	for (int i = 0; i < n; i++) {
		const struct phase *p = &phases[i];
		if (p->end < p->start)                  /* never ended: still open at exit */
			fprintf(stderr, "  phase %-18s %9.2f         -         -         -  t%d %s\n", p->name, p->start,
				p->thread, p->detail);
		else
			fprintf(stderr, "  phase %-18s %9.2f %9.2f %9.2f %9.2f  t%d %s\n", p->name, p->start, p->end,
				p->end - p->start, p->cpu, p->thread, p->detail);
	}
	fprintf(stderr, "  total %.2f\n", clock_ms() - origin);
	peak_rss();
}

static void decide(void)
{
	const char *e = getenv("KANALYZE_TIMINGS");
	origin = clock_ms();
	main_thread = pthread_self();
	if (e && *e && strcmp(e, "0") != 0) {
		atomic_store(&enabled, 1);
		atexit(report);
	} else {
		atomic_store(&enabled, 0);
	}
}

void ka_phase_init(void)
{
	pthread_once(&once, decide);
}

int ka_phase_begin(const char *name, const char *detail)
{
	int i;
	if (atomic_load_explicit(&enabled, memory_order_relaxed) != 1)
		return -1;
	i = atomic_fetch_add(&n_phases, 1);
	if (i >= MAX_PHASES)
		return -1;
	phases[i].name = name;
	if (detail)
		snprintf(phases[i].detail, sizeof(phases[i].detail), "%s", detail);
	phases[i].thread = pthread_equal(pthread_self(), main_thread) ? 0 : 1;
	phases[i].end = -1;
	phases[i].cpu = process_cpu_ms();
	phases[i].start = clock_ms() - origin;
	return i;
}

void ka_phase_end(int id)
{
	if (id >= 0 && id < MAX_PHASES) {
		phases[id].end = clock_ms() - origin;
		phases[id].cpu = process_cpu_ms() - phases[id].cpu;
	}
}

/* A forked child's phases (analyzer/isolate.c): it records in its copy of
 * the table, and its parent appends what the child began after the fork.
 * The names are string literals at the same addresses in both (a fork
 * shares the mapping), the clock's origin is the parent's. */
int ka_phase_count(void)
{
	int n = atomic_load(&n_phases);
	return n < MAX_PHASES ? n : MAX_PHASES;
}

size_t ka_phase_export(int from, void **bytes)
{
	int n = ka_phase_count();
	*bytes = NULL;
	if (from < 0 || from >= n)
		return 0;
	*bytes = ka_xmalloc((size_t)(n - from) * sizeof(struct phase));
	memcpy(*bytes, &phases[from], (size_t)(n - from) * sizeof(struct phase));
	return (size_t)(n - from) * sizeof(struct phase);
}

void ka_phase_import(const void *bytes, size_t len)
{
	size_t k = len / sizeof(struct phase);
	for (size_t i = 0; i < k; i++) {
		int at = atomic_fetch_add(&n_phases, 1);
		if (at >= MAX_PHASES)
			return;
		memcpy(&phases[at], (const char *)bytes + i * sizeof(struct phase), sizeof(struct phase));
		phases[at].detail[sizeof(phases[at].detail) - 1] = 0;
	}
}
