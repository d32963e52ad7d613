/* omp.h — for the analysis's parse only, found last (-idirafter: an
 * installed omp.h wins).  CUDA files that use OpenMP in their host code
 * (llm.c's dev/cuda, NVIDIA's cudaOpenMP) include <omp.h>, which nvcc finds
 * through the host compiler and libclang does not without libomp; these
 * declarations let the rest of the file parse.  Host code only: the
 * analysis reads kernels. */
#pragma once
#pragma clang system_header

#ifdef __cplusplus
extern "C" {
#endif
typedef struct ka_omp_lock { void *opaque[2]; } omp_lock_t;
typedef struct ka_omp_nest_lock { void *opaque[2]; } omp_nest_lock_t;
void omp_set_num_threads(int n);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_thread_num(void);
int omp_get_num_procs(void);
int omp_in_parallel(void);
void omp_set_dynamic(int on);
int omp_get_dynamic(void);
void omp_set_nested(int on);
int omp_get_nested(void);
double omp_get_wtime(void);
double omp_get_wtick(void);
void omp_init_lock(omp_lock_t *l);
void omp_destroy_lock(omp_lock_t *l);
void omp_set_lock(omp_lock_t *l);
void omp_unset_lock(omp_lock_t *l);
int omp_test_lock(omp_lock_t *l);
void omp_init_nest_lock(omp_nest_lock_t *l);
void omp_destroy_nest_lock(omp_nest_lock_t *l);
void omp_set_nest_lock(omp_nest_lock_t *l);
void omp_unset_nest_lock(omp_nest_lock_t *l);
int omp_test_nest_lock(omp_nest_lock_t *l);
#ifdef __cplusplus
}
#endif
