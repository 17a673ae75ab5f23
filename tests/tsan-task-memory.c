/* tsan-task-memory.c -- an OMPT tool for the ThreadSanitizer run only: LLVM's
 * Archer, plus "a finished task's memory is dead".
 *
 * ThreadSanitizer learns about OpenMP's synchronisation from Archer, the
 * OMPT tool that ships with LLVM's OpenMP runtime (libarcher.so, loaded by
 * libomp when the program carries TSan).  Archer 14 misses one thing: libomp
 * keeps the memory of finished tasks (the task descriptor with its private
 * copies and the pointers to its shared variables) on per-thread free lists
 * and hands it to the next task its creator makes.  When another thread ran
 * the finished task, its reads of that memory and the creator's writes into
 * the recycled block are ordered only by libomp's lock-free free list,
 * which TSan cannot see, and TSan reports a race on the `#pragma omp task`
 * line (a few percent of test runs; a textbook fib-with-tasks loop shows it).
 *
 * This tool sits in front of Archer (OMP_TOOL_LIBRARIES names it; it loads
 * Archer itself) and forwards everything, except that when a task completes
 * it first tells TSan, with AnnotateNewMemory(), that the task's block is
 * new memory -- what free() would have told it.  Nothing else is hidden: a
 * real race on data the task shares with others lives outside that block.
 *
 * Built by ./run (clang -shared -fPIC), not by make: only the TSan build
 * needs it.  Archer is found through $DROPFOUR_ARCHER, else the directory of
 * the libomp the program uses, else the library search path.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp-tools.h>

typedef ompt_start_tool_result_t *(*start_tool_fn)(unsigned int,
    const char *);
typedef void (*new_memory_fn)(const char *, int, const volatile void *,
    size_t);

static ompt_start_tool_result_t *archer;
static ompt_function_lookup_t real_lookup;
static ompt_set_callback_t real_set_callback;
static ompt_get_task_memory_t get_task_memory;
static ompt_callback_task_schedule_t archer_task_schedule;
static new_memory_fn new_memory;

static void
task_schedule(ompt_data_t *prior, ompt_task_status_t status,
    ompt_data_t *next)
{
	if ((status == ompt_task_complete || status == ompt_task_cancel) &&
	    get_task_memory != NULL && new_memory != NULL) {
		/* The task that completes is still the thread's current
		 * task here; its block is freed right after. */
		void *addr;
		size_t size;
		for (int block = 0;; block++) {
			size = 0;
			int more = get_task_memory(&addr, &size, block);
			if (size > 0)
				new_memory(__FILE__, __LINE__, addr, size);
			if (!more)
				break;
		}
	}
	if (archer_task_schedule != NULL)
		archer_task_schedule(prior, status, next);
}

static ompt_set_result_t
set_callback(ompt_callbacks_t event, ompt_callback_t cb)
{
	if (event == ompt_callback_task_schedule) {
		archer_task_schedule = (ompt_callback_task_schedule_t)cb;
		return real_set_callback(event, (ompt_callback_t)task_schedule);
	}
	return real_set_callback(event, cb);
}

static ompt_interface_fn_t
lookup(const char *name)
{
	if (strcmp(name, "ompt_set_callback") == 0)
		return (ompt_interface_fn_t)set_callback;
	return real_lookup(name);
}

static int
initialize(ompt_function_lookup_t lk, int device, ompt_data_t *data)
{
	real_lookup = lk;
	real_set_callback = (ompt_set_callback_t)lk("ompt_set_callback");
	get_task_memory = (ompt_get_task_memory_t)lk("ompt_get_task_memory");
	new_memory = (new_memory_fn)dlsym(RTLD_DEFAULT, "AnnotateNewMemory");
	if (get_task_memory == NULL || new_memory == NULL)
		fprintf(stderr, "tsan-task-memory: no %s; Archer alone\n",
		    get_task_memory == NULL ? "ompt_get_task_memory" :
					      "AnnotateNewMemory");
	return archer->initialize(lookup, device, data);
}

static void
finalize(ompt_data_t *data)
{
	archer->finalize(data);
}

static void *
open_archer(void)
{
	const char *env = getenv("DROPFOUR_ARCHER");
	void *h = NULL, *sym;
	Dl_info info;
	char path[4096];

	if (env != NULL && *env != '\0')
		return dlopen(env, RTLD_NOW | RTLD_LOCAL);
	/* Beside the libomp in use. */
	sym = dlsym(RTLD_DEFAULT, "omp_get_max_threads");
	if (sym != NULL && dladdr(sym, &info) != 0 && info.dli_fname != NULL) {
		const char *slash = strrchr(info.dli_fname, '/');
		if (slash != NULL) {
			snprintf(path, sizeof path, "%.*s/libarcher.so",
			    (int)(slash - info.dli_fname), info.dli_fname);
			h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
		}
	}
	if (h == NULL)
		h = dlopen("libarcher.so", RTLD_NOW | RTLD_LOCAL);
	return h;
}

ompt_start_tool_result_t *
ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
	static ompt_start_tool_result_t result = { initialize, finalize,
		{ 0 } };
	void *h = open_archer();
	start_tool_fn start;

	if (h == NULL) {
		fprintf(stderr, "tsan-task-memory: cannot load libarcher.so "
				"(set DROPFOUR_ARCHER): %s\n",
		    dlerror());
		return NULL;
	}
	start = (start_tool_fn)dlsym(h, "ompt_start_tool");
	if (start == NULL)
		return NULL;
	archer = start(omp_version, runtime_version);
	if (archer == NULL)
		return NULL; /* Archer declined: no TSan in this program */
	return &result;
}
