/*
 * Load for bench/torture.sh: a process that makes an exact number of CUDA
 * calls from many threads, plants one double free, then forks children that
 * do the same, and then replaces itself by exec to do it all again.
 *
 *   bench_torture THREADS CALLS FORKS EXECS [hold]
 *
 * Each process image: THREADS threads, each one cudaMalloc, CALLS cudaMemset
 * and one cudaFree; one double free (a cudaMalloc and two cudaFree); FORKS
 * children doing the same work (they neither fork nor exec); then, with
 * EXECS > 0, exec of itself with EXECS - 1.  With `hold`, the first image
 * prints "holding" and keeps calling cudaMemset until a signal ends it.
 */
#include <cuda_runtime_api.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static long calls;

static void *memsets(void *unused)
{
    void *p = NULL;
    (void)unused;
    if (cudaMalloc(&p, 64) != cudaSuccess)
        return (void *)1;
    for (long i = 0; i < calls; i++)
        cudaMemset(p, (int)i, 64);
    cudaFree(p);
    return NULL;
}

static int work(int threads)
{
    pthread_t t[256];
    int n = threads < 256 ? threads : 256, failed = 0;
    for (int i = 0; i < n; i++)
        if (pthread_create(&t[i], NULL, memsets, NULL) != 0)
            return 1;
    for (int i = 0; i < n; i++) {
        void *r;
        pthread_join(t[i], &r);
        failed |= r != NULL;
    }
    void *p = NULL;
    cudaMalloc(&p, 64);
    cudaFree(p);
    cudaFree(p);                        /* the planted double free */
    return failed;
}

/* Says so on stdout first: torture.sh signals a run only once it holds. */
static void hold(void)
{
    void *p = NULL;
    cudaMalloc(&p, 64);
    puts("holding");
    fflush(stdout);
    for (;;)
        cudaMemset(p, 0, 64);
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: %s THREADS CALLS FORKS EXECS [hold]\n", argv[0]);
        return 2;
    }
    int threads = atoi(argv[1]), forks = atoi(argv[3]), execs = atoi(argv[4]);
    calls = atol(argv[2]);
    int failed = work(threads);
    for (int i = 0; i < forks; i++) {
        pid_t pid = fork();
        if (pid == 0)
            exit(work(threads));
        int status = 0;
        failed |= pid < 0 || waitpid(pid, &status, 0) != pid || status != 0;
    }
    if (argc > 5 && strcmp(argv[5], "hold") == 0)
        hold();
    if (execs > 0 && !failed) {
        char next[16];
        snprintf(next, sizeof next, "%d", execs - 1);
        argv[4] = next;
        execv("/proc/self/exe", argv);
        perror("execv");
        return 1;
    }
    return failed;
}
