/* batch.c — runs a list of analyses on one background thread, so the CLI
 * parses and analyses while nvcc and clang compile in their own processes
 * (DESIGN §10: source analysis runs concurrently with the compile).  The
 * analysis keeps no global state and reports into each job's result, so
 * the only synchronisation needed is the join.  Each job runs in a child
 * process of its own (isolate.c). */
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>

struct ka_ubatch {
	struct ka_ubatch_job *jobs;
	size_t n;
	pthread_t thread;
	bool threaded, joined;
	bool own_thread;             /* worker runs on its own thread (set before it starts) */
	double started, ms;
};

static void *worker(void *p)
{
	struct ka_ubatch *b = p;
	void *alt = b->own_thread ? ka_signals_thread_stack() : NULL;   /* a crash here still stops the compilers */
	for (size_t i = 0; i < b->n; i++)
		b->jobs[i].rc = ka_uniformity_analyze_isolated(b->jobs[i].cache, b->jobs[i].file, &b->jobs[i].opt,
							       b->jobs[i].timeout_s, &b->jobs[i].r);
	b->ms = ka_now_ms() - b->started;
	ka_signals_thread_stack_free(alt);
	return NULL;
}

struct ka_ubatch *ka_ubatch_start(struct ka_ubatch_job *jobs, size_t n)
{
	struct ka_ubatch *b;
	if (n == 0)
		return NULL;
	b = ka_xcalloc(1, sizeof(*b));
	b->jobs = jobs;
	b->n = n;
	b->started = ka_now_ms();
	/* libclang parses deep ASTs recursively: give it a roomy stack */
	pthread_attr_t attr;
#if defined(__SANITIZE_ADDRESS__)
	/* this ASan (GCC 12's) takes no allocator locks around fork: a child
	 * forked while the compile thread allocates can wait forever.  The
	 * sanitizer build analyses before the compiles instead. */
	if (0) {
#else
	if (pthread_attr_init(&attr) == 0) {
#endif
		pthread_attr_setstacksize(&attr, 64u << 20);
		b->own_thread = true;
		b->threaded = pthread_create(&b->thread, &attr, worker, b) == 0;
		pthread_attr_destroy(&attr);
	}
	if (!b->threaded) {
		b->own_thread = false;
		worker(b);
		b->joined = true;
	}
	return b;
}

double ka_ubatch_wait(struct ka_ubatch *b)
{
	if (!b)
		return 0;
	if (b->threaded && !b->joined) {
		pthread_join(b->thread, NULL);
		b->joined = true;
	}
	return b->ms;
}

void ka_ubatch_free(struct ka_ubatch *b)
{
	if (!b)
		return;
	ka_ubatch_wait(b);
	free(b);
}
