/* tsan-task-memory.c -- for the ThreadSanitizer run only: LLVM's Archer,
 * plus the one ordering it does not tell TSan about.
 *
 * ThreadSanitizer learns about OpenMP's synchronisation from Archer, the
 * OMPT tool that ships with LLVM's OpenMP runtime (libarcher.so).  Archer 14
 * misses one thing: libomp keeps the memory of finished tasks (the task
 * descriptor, its private copies and the pointers to its shared variables)
 * on free lists and hands a block to the next task its creator makes.  When
 * another thread ran the finished task, its reads of the block and the
 * creator's writes into the recycled block are ordered only by libomp's
 * lock-free free list, which TSan cannot see, and TSan reports a race on the
 * `#pragma omp task` line.  A textbook loop of tasks with shared variables
 * shows it in a third of its runs; the dropfour tests in a few percent.
 * (Resetting the block's shadow with AnnotateNewMemory does not help with
 * this TSan; a happens-before edge does.)
 *
 * This library, preloaded (LD_PRELOAD) into the test program, adds exactly
 * that edge and nothing else:
 *   - it is the OMPT tool libomp finds first (ompt_start_tool); it loads
 *     Archer and forwards everything to it, and when a task completes it
 *     releases (AnnotateHappensBefore) a sync object named by the end
 *     address of the task's block;
 *   - it wraps __kmpc_omp_task_alloc, which the compiled program calls to
 *     get a task block, and acquires (AnnotateHappensAfter) the same sync
 *     object before handing the block to the program.
 * The sync object is named twice, by the block's end and by the task's
 * own address: a recycled block is often handed to a task of another size
 * (a different end) but always starts at the same place.
 * A block is only recycled after its task completed, so the edge is real
 * (it is the free list's own ordering); races on data the task shares with
 * others, which live outside the block, are still reported.
 *
 * Built by ./run with clang -shared -fPIC (not instrumented), not by make:
 * only the TSan run needs it.  Archer is found through $DROPFOUR_ARCHER,
 * else beside the libomp in use, else on the library search path.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp-tools.h>

typedef ompt_start_tool_result_t *(*start_tool_fn)(unsigned int, const char *);
typedef void (*annotate_fn)(const char *, int, const volatile void *);

/* The head of libomp's kmp_task_t (kmp.h), as the compiler lays it out. */
struct task_head {
	void *shareds;
	void *routine;
	int32_t part_id;
};

/* ompt_get_task_memory() starts right after part_id (a C program's tasks
 * have no destructor thunk): the task's own address is this far before. */
#define TASK_MEMORY_OFFSET                                                     \
	(offsetof(struct task_head, part_id) + sizeof(int32_t))

typedef struct task_head *(*task_alloc_fn)(void *, int32_t, int32_t, size_t,
                                           size_t, void *);

static ompt_start_tool_result_t *archer;
static ompt_function_lookup_t real_lookup;
static ompt_set_callback_t real_set_callback;
static ompt_get_task_memory_t get_task_memory;
static ompt_callback_task_schedule_t archer_task_schedule;
static annotate_fn happens_before, happens_after;
static task_alloc_fn real_task_alloc;

static void
find_annotations(void)
{
	if (happens_before == NULL)
		happens_before =
		    (annotate_fn)dlsym(RTLD_DEFAULT, "AnnotateHappensBefore");
	if (happens_after == NULL)
		happens_after =
		    (annotate_fn)dlsym(RTLD_DEFAULT, "AnnotateHappensAfter");
}

/* The compiled program's way to a task block.  The block ends where the
 * task's shared-variable pointers end (or, with none, after the rounded
 * task descriptor): the same address ompt_get_task_memory() ends at. */
struct task_head *
__kmpc_omp_task_alloc(void *loc, int32_t gtid, int32_t flags,
                      size_t sizeof_task, size_t sizeof_shareds, void *entry)
{
	struct task_head *t;
	char *end;

	if (real_task_alloc == NULL) {
		real_task_alloc =
		    (task_alloc_fn)dlsym(RTLD_NEXT, "__kmpc_omp_task_alloc");
		if (real_task_alloc == NULL) {
			fputs("tsan-task-memory: no __kmpc_omp_task_alloc\n",
			      stderr);
			abort();
		}
		find_annotations();
	}
	t = real_task_alloc(loc, gtid, flags, sizeof_task, sizeof_shareds,
	                    entry);
	if (t == NULL || happens_after == NULL)
		return t;
	if (sizeof_shareds > 0 && t->shareds != NULL)
		end = (char *)t->shareds + sizeof_shareds;
	else
		end = (char *)t + ((sizeof_task + 7) & ~(size_t)7);
	happens_after(__FILE__, __LINE__, end);
	happens_after(__FILE__, __LINE__, t);
	return t;
}

static void
task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next)
{
	if ((status == ompt_task_complete || status == ompt_task_cancel) &&
	    get_task_memory != NULL && happens_before != NULL) {
		/* The completing task is still the thread's current task
		 * here; its block goes back to the free list right after. */
		void *addr = NULL;
		size_t size = 0;
		get_task_memory(&addr, &size, 0);
		if (addr != NULL && size > 0) {
			happens_before(__FILE__, __LINE__, (char *)addr + size);
			happens_before(__FILE__, __LINE__,
			               (char *)addr - TASK_MEMORY_OFFSET);
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
	find_annotations();
	if (get_task_memory == NULL || happens_before == NULL)
		fputs("tsan-task-memory: no ompt_get_task_memory or TSan "
		      "annotations; Archer alone\n",
		      stderr);
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
	static ompt_start_tool_result_t result = {initialize, finalize, {0}};
	void *h = open_archer();
	start_tool_fn start;

	if (h == NULL) {
		fprintf(stderr,
		        "tsan-task-memory: cannot load libarcher.so "
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
