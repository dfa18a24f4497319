/*
 * C++'s lambdas are walked where they run, with the facts of the function
 * they are written in: immediately invoked (`[&] { ... }()`), kept in a
 * variable and called, handed to std::for_each, std::thread or a function
 * of unknown body.  A capture by reference or by value reads what the
 * variable holds; what a lambda stores in a capture by reference flows
 * back out, what it stores in a capture by value (a copy) does not, nor
 * does a parameter or a variable of its own that shadows one outside.
 * Each function is one case.
 */
#include <algorithm>
#include <cuda_runtime_api.h>
#include <functional>
#include <future>
#include <stdlib.h>
#include <thread>
#include <vector>

void later(std::function<void()> task); // defined elsewhere: its body unknown

static float *device_floats(int n)
{
    float *d = nullptr;
    cudaMalloc((void **)&d, n * sizeof *d);
    cudaMemset(d, 0, n * sizeof *d);
    return d;
}

void invoked_by_reference(int n)
{
    float *h = static_cast<float *>(malloc(n * sizeof *h));
    float *d = device_floats(n);
    [&] {
        float *to = h;
        cudaMemcpy(to, d, n * sizeof *d, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    }();
}

void invoked_by_value(int n)
{
    float *h = static_cast<float *>(malloc(n * sizeof *h));
    float *d = device_floats(n);
    [=] {
        float *from = d;
        cudaMemcpy(h, from, n * sizeof *d, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    }();
}

void explicit_captures(int n)
{
    float *h = static_cast<float *>(malloc(n * sizeof *h));
    float *d = device_floats(n);
    [h, &d, n] {
        float *to = d;
        cudaMemcpy(to, h, n * sizeof *h, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    }();
}

/* A capture by reference given device memory inside: so it is after. */
void assigned_inside_flows_out(int n)
{
    float *d = nullptr;
    [&] { cudaMalloc((void **)&d, n * sizeof *d); }();
    cudaMemset(d, 0, n * sizeof *d);
    d[0] = 1.0f; // devcheck: host-deref
}

/* A capture by value is the lambda's copy: the variable outside keeps its
   host memory. */
void assigned_copy_stays_inside(int n)
{
    float *h = static_cast<float *>(malloc(n * sizeof *h));
    float *d = device_floats(n);
    [=]() mutable { h = d; }();
    h[0] = 1.0f;
}

/* What a lambda returns is the call's value. */
void returned_from_a_lambda(int n)
{
    float *d = [&] {
        float *p = device_floats(n);
        return p;
    }();
    d[0] = 1.0f; // devcheck: host-deref
}

/* Kept in a variable, called with an argument: what its parameter must
   be is checked at each call, as a function's (the second call's copy is
   the mistake), with what it captures known inside. */
void kept_and_called(int n)
{
    float *h = static_cast<float *>(malloc(n * sizeof *h));
    float *d = device_floats(n);
    auto upload = [&](float *from) {
        float *to = d;
        cudaMemcpy(to, from, n * sizeof *d, cudaMemcpyHostToDevice);
    };
    upload(h);
    upload(d); // devcheck: memspace-mismatch
}

void handed_to_for_each(int n, std::vector<int> &items)
{
    float *h = static_cast<float *>(malloc(n * sizeof *h));
    std::for_each(items.begin(), items.end(), [&](int i) {
        float *row = h + i;
        cudaMemset(row, 0, sizeof *row); // devcheck: memspace-mismatch
    });
}

void handed_to_a_thread(int n)
{
    float *d = device_floats(n);
    std::thread worker([=] {
        float *p = d;
        p[0] = 1.0f; // devcheck: host-deref
    });
    worker.join();
}

void kept_then_handed_to_a_thread(int n)
{
    float *d = device_floats(n);
    auto work = [d] {
        float *p = d;
        p[0] = 1.0f; // devcheck: host-deref
    };
    std::thread worker(work);
    worker.join();
}

/* std::thread and std::async call the lambda with the arguments after it:
   its parameters are theirs. */
void thread_with_arguments(int n)
{
    float *d = device_floats(n);
    float *h = static_cast<float *>(malloc(n * sizeof *h));
    std::thread worker([](float *p, int k) { p[k] = 1.0f; }, d, 0); // devcheck: host-deref
    std::thread fixed([](float *p, int k) { p[k] = 1.0f; }, h, 0);
    worker.join();
    fixed.join();
}

void invoked_or_bound_with_arguments(int n, std::vector<std::thread> &pool)
{
    float *d = device_floats(n);
    std::invoke([](float *p) { p[0] = 1.0f; }, d); // devcheck: host-deref
    auto bound = std::bind([](float *p) { p[1] = 1.0f; }, d); // devcheck: host-deref
    bound();
    pool.emplace_back([](auto *p, int k) { p[k] = 1.0f; }, d, 2); // devcheck: host-deref
}

void async_with_arguments(int n)
{
    float *d = device_floats(n);
    float *h = static_cast<float *>(malloc(n * sizeof *h));
    auto sum = [](const float *p, int k) {
        float s = 0;
        for (int i = 0; i < k; i++)
            s += p[i]; // devcheck: host-deref
        return s;
    };
    auto on_device = std::async(std::launch::async, sum, d, n);
    auto on_host = std::async(std::launch::async, sum, h, n);
    on_device.get();
    on_host.get();
}

/* An init capture is the lambda's own variable, set by its initializer. */
void init_captures(int n)
{
    float *d = device_floats(n);
    float *h = static_cast<float *>(malloc(n * sizeof *h));
    auto on_device = [p = d, n] { p[n - 1] = 1.0f; }; // devcheck: host-deref
    auto on_host = [p = h, &q = h] { p[0] = q[1]; };
    on_device();
    on_host();
}

/* A std::function called with arguments: the lambda it holds gets them. */
void std_function_with_arguments(int n)
{
    float *d = device_floats(n);
    float *h = static_cast<float *>(malloc(n * sizeof *h));
    std::function<void(float *)> clear = [n](float *p) { p[n - 1] = 0.0f; }; // devcheck: host-deref
    clear(d);
    clear(h);
}

void handed_to_an_unknown_function(int n)
{
    float *h = static_cast<float *>(malloc(n * sizeof *h));
    float *d = device_floats(n);
    later([=] {
        float *to = d;
        cudaMemcpy(to, h, n * sizeof *h, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    });
}

/* A parameter and a variable of the lambda's own shadow the names
   outside: inside they are the lambda's, outside they are as they were. */
void shadowed_names(int n, std::vector<float *> &rows)
{
    float *p = device_floats(n);
    float *q = device_floats(n);
    std::for_each(rows.begin(), rows.end(), [&](float *p) {
        float *q = static_cast<float *>(malloc(sizeof *q));
        p[0] = q[0];
        free(q);
    });
    p[0] = 1.0f; // devcheck: host-deref
    q[0] = 1.0f; // devcheck: host-deref
}

/* A lambda handed on may or may not have run: what it stores is joined
   with what was, as a branch's is (host or device memory after). */
void maybe_run_joins(int n)
{
    float *h = static_cast<float *>(malloc(n * sizeof *h));
    float *p = h;
    later([&] { p = device_floats(n); });
    p[0] = 1.0f; // devcheck: host-deref // devcheck-message: memory of cpu or a GPU
}

/* A std::function that runs itself is walked once. */
void runs_itself(int n)
{
    float *d = device_floats(n);
    std::function<void(int)> again = [&](int k) {
        if (k > 0)
            again(k - 1);
        d[k] = 0.0f; // devcheck: host-deref
    };
    again(n);
}
