/*
 * chdir_first: a program that changes folder before its first CUDA call,
 * then forks a child that makes one too, under a relative DEVTRACE_DB: both
 * runs go to the one report where the program started, none to the folder
 * it moved to (chdir_first.cmake).
 */
#include "shim_test.h"
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
    void *dev = NULL;
    int status = 0;

    if (mkdir("elsewhere", 0755) != 0 || chdir("elsewhere") != 0)
        return 2;
    SAY(cudaMalloc(&dev, 64));
    SAY(cudaFree(dev));
    SAY(cudaFree(dev)); // devtrace: double_free
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        SAY(cudaMalloc(&dev, 64));
        SAY(cudaFree(dev));
        exit(0);
    }
    waitpid(child, &status, 0);
    return status == 0 ? 0 : 1;
}
