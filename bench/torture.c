/*
 * Load for bench/torture.sh: a process that makes an exact number of CUDA
 * calls from many threads, plants one double free, then forks children that
 * do the same, and then replaces itself by exec to do it all again.
 *
 *   bench_torture THREADS CALLS FORKS EXECS [hold | log | chroot | nofile]
 *
 * Each process image: THREADS threads, each one cudaMalloc, CALLS cudaMemset
 * and one cudaFree; one double free (a cudaMalloc and two cudaFree); FORKS
 * children doing the same work (they neither fork nor exec); then, with
 * EXECS > 0, exec of itself with EXECS - 1.  With `hold`, the first image
 * prints "holding" and keeps calling cudaMemset until a signal ends it.
 * With `log`, `chroot` or `nofile`, the first image, right after its first
 * CUDA call (a cudaMalloc and its cudaFree), closes fd 2 and opens its own
 * log there (torture.log), chroots into an empty folder (torture.jail), or
 * lowers RLIMIT_NOFILE to 3; then it works as above.
 */
#define _GNU_SOURCE     /* chroot */
#include <cuda_runtime_api.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
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

/* What the program does to itself after its first CUDA call; 0 if it could. */
static int confine(const char *how)
{
    struct rlimit three = { 3, 3 };
    void *p = NULL;
    cudaMalloc(&p, 64);
    cudaFree(p);
    if (!strcmp(how, "log"))
        return close(2) != 0 || open("torture.log", O_WRONLY | O_CREAT | O_APPEND, 0644) != 2;
    if (!strcmp(how, "chroot"))
        return (mkdir("torture.jail", 0755) != 0 && errno != EEXIST) ||
               chroot("torture.jail") != 0 || chdir("/") != 0;
    if (!strcmp(how, "nofile"))
        return setrlimit(RLIMIT_NOFILE, &three) != 0;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: %s THREADS CALLS FORKS EXECS [hold]\n", argv[0]);
        return 2;
    }
    int threads = atoi(argv[1]), forks = atoi(argv[3]), execs = atoi(argv[4]);
    calls = atol(argv[2]);
    if (argc > 5 && confine(argv[5]) != 0) {
        perror("confine");
        return 3;
    }
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
