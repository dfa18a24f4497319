-- Two runs of ./kernels, as the shim would write them: run 1 on the
-- emulated device, where each kernel nvcc compiled is a kernel_not_run (a
-- limit of the device, no finding), beside a leak; run 2 on a GPU, where a
-- kernel_not_run is an error (a build for another architecture).  File
-- names are relative to app/.

INSERT INTO runs (id, pid, ppid, session, command, started_ns, ended_ns, exit_status, signal,
                  device, devices, pageable_access, events) VALUES
  (1, 6100, 1, 'k-1', './kernels', 1700000200000000000, 1700000200100000000, 0, NULL, 'sim', 2, 0, 3),
  (2, 6200, 1, 'k-2', './kernels', 1700000300000000000, 1700000300100000000, 0, NULL, 'cuda', 1, 0, 3);

INSERT INTO call_sites (run, id, pc, object, function, file, line, stack) VALUES
  (1, 1, 4198500, './kernels', 'train_step', 'train.c', 18, NULL),
  (1, 2, 4198400, './kernels', 'upload',     'train.c', 11, NULL),
  (2, 1, 4198500, './kernels', 'train_step', 'train.c', 18, NULL);

INSERT INTO api_calls (run, api, site, result, calls, first_seq, last_seq) VALUES
  (1, 'cudaLaunchKernel', 1, 209, 1, 1, 1),
  (1, 'cudaMalloc',       2, 0,   1, 2, 2),
  (2, 'cudaLaunchKernel', 1, 209, 1, 1, 1);

INSERT INTO allocations (run, site, api, memory, device, count, bytes, max_bytes, freed,
                         freed_bytes, first_seq, last_seq) VALUES
  (1, 2, 'cudaMalloc', 'device', 0, 1, 512, 512, 0, 0, 2, 2);

INSERT INTO findings (run, id, seq, kind, severity, message, file, line, function, site, count,
                      bytes, alloc_site, free_site) VALUES
  (1, 1, 1, 'kernel_not_run', 'error',
   'kernel scale(float*, int, float) was not run: the emulated device has no body for a kernel nvcc compiled for the GPU',
   'train.c', 18, 'train_step', 1, 1, NULL, NULL, NULL),
  (1, 2, 2, 'leak', 'warning', '512 bytes of device memory on cuda:0 never freed',
   'train.c', 11, 'upload', 2, 1, 512, 2, NULL),
  (2, 1, 1, 'kernel_not_run', 'error',
   'kernel scale(float*, int, float) was not run: the program holds no code for this GPU',
   'train.c', 18, 'train_step', 1, 1, NULL, NULL, NULL);
