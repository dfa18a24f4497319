-- A report of ./train (app/train.c) and the child it forked, as the shim
-- would write it.  File names are relative to app/; make_report prefixes
-- them with that folder's absolute path.  The vendor's library lies
-- outside it, at a path that sorts after any checkout's: findings are
-- listed by the file as recorded, and the expected output must not depend
-- on where the tree was cloned.

INSERT INTO runs (id, pid, ppid, session, command, started_ns, ended_ns, exit_status, signal,
                  device, devices, pageable_access, events) VALUES
  (1, 4242, 1,    'train-1', './train --epochs 2', 1700000000000000000, 1700000001500000000, 0,    NULL, 'sim', 2, 0, 57),
  (2, 4243, 4242, 'train-1', './train --epochs 2', 1700000000200000000, 1700000000450000000, NULL, 11,   'sim', 2, 0, 9);

INSERT INTO call_sites (run, id, pc, object, function, file, line, stack) VALUES
  (1, 1,  4198400, './train', 'upload',     'train.c', 11, NULL),
  (1, 2,  4198432, './train', 'upload',     'train.c', 12, NULL),
  (1, 3,  4198600, './train', 'main',       'train.c', 27, NULL),
  (1, 4,  4198640, './train', 'main',       'train.c', 28, NULL),
  (1, 5,  4198660, './train', 'main',       'train.c', 29, NULL),
  (1, 6,  4198680, './train', 'main',       'train.c', 30, NULL),
  (1, 7,  4198500, './train', 'train_step', 'train.c', 18, NULL),
  (1, 8,  9437184, 'libvendor.so', 'helper', '/~vendor/src/blas.c', 88, NULL),
  (1, 9,  9437400, 'libvendor.so', NULL,     NULL, NULL, NULL),
  (1, 10, 4198720, './train', 'main',       'train.c', 33, NULL),
  (2, 1,  4198700, './train', 'main',       'train.c', 31, NULL),
  (2, 2,  4198432, './train', 'upload',     'train.c', 12, NULL),
  (2, 3,  4198400, './train', 'upload',     'train.c', 11, NULL);

INSERT INTO api_calls (run, api, site, result, calls, first_seq, last_seq) VALUES
  (1, 'cudaMalloc',       1,  0,   1, 1,  1),
  (1, 'cudaMemcpy',       2,  0,   2, 2,  3),
  (1, 'cudaMalloc',       3,  0,   1, 5,  5),
  (1, 'cudaMemset',       3,  0,   1, 6,  6),
  (1, 'cudaFree',         4,  0,   1, 7,  7),
  (1, 'cudaFree',         5,  1,   1, 8,  8),
  (1, 'cudaMemcpy',       6,  1,   1, 9,  9),
  (1, 'cudaMallocHost',   10, 0,   1, 10, 10),
  (1, 'cudaMemcpyAsync',  10, 0,   1, 11, 11),
  (1, 'cudaMemcpy',       10, 0,   1, 12, 12),
  (1, 'dt_trace',         7,  0,   1, 13, 13),
  (1, 'cudaLaunchKernel', 8,  0,   2, 14, 15),
  (1, 'cudaLaunchKernel', 9,  0,   1, 16, 16),
  (1, 'cudaLaunchKernel', 7,  700, 1, 17, 17),
  (1, 'cudaFreeHost',     10, 0,   1, 18, 18),
  (2, 'cudaMalloc',       3,  0,   1, 1,  1),
  (2, 'cudaMemcpy',       2,  0,   1, 2,  2),
  (2, 'cudaLaunchKernel', 1,  0,   1, 3,  3);

INSERT INTO allocations (run, site, api, memory, device, count, bytes, max_bytes, freed,
                         freed_bytes, first_seq, last_seq) VALUES
  (1, 1,  'cudaMalloc',     'device', 0,  1, 4096,  4096,  0, 0,     1,  1),
  (1, 3,  'cudaMalloc',     'device', 0,  1, 4096,  4096,  1, 4096,  5,  5),
  (1, 10, 'cudaMallocHost', 'pinned', -1, 2, 98304, 65536, 2, 98304, 10, 11),
  (2, 3,  'cudaMalloc',     'device', 1,  1, 1024,  1024,  0, 0,     1,  1);

INSERT INTO transfers (run, site, api, direction, host_memory, src_device, dst_device, result,
                       calls, bytes, first_seq, last_seq) VALUES
  (1, 2,  'cudaMemcpy',      'HtoD',   'pageable', -1, 0,  0, 2, 8192,  2,  3),
  (1, 3,  'cudaMemset',      'memset', 'none',     0,  0,  0, 1, 4096,  6,  6),
  (1, 6,  'cudaMemcpy',      'HtoD',   'pageable', 0,  -1, 1, 1, 4096,  9,  9),
  (1, 10, 'cudaMemcpyAsync', 'HtoD',   'pinned',   -1, 0,  0, 1, 65536, 12, 12),
  (1, 10, 'cudaMemcpy',      'DtoD',   'none',     0,  1,  0, 1, 2048,  13, 13),
  (2, 2,  'cudaMemcpy',      'HtoD',   'pageable', -1, 1,  0, 1, 1024,  2,  2);

INSERT INTO kernels (run, id, name, params) VALUES
  (1, 1, 'gemm_kernel', 6),
  (1, 2, 'relu_kernel', 2),
  (2, 1, 'relu_kernel', 2);

INSERT INTO launches (run, site, kernel, device, result, count, threads, first_seq, last_seq) VALUES
  (1, 8, 1, 0, 0,   2, 8192, 14, 15),
  (1, 9, 2, 0, 0,   1, 1024, 16, 16),
  (1, 7, 2, 0, 700, 1, 1024, 17, 17),
  (2, 1, 1, 1, 0,   1, 128,  3,  3);

INSERT INTO findings (run, id, seq, kind, severity, message, file, line, function, site, count,
                      bytes, alloc_site, free_site) VALUES
  (1, 1, 2, 'pageable_transfer', 'warning',
   'cudaMemcpy of 4096 bytes from pageable host memory: pinned memory (cudaMallocHost) copies without staging',
   'train.c', 12, 'upload', 2, 2, 8192, NULL, NULL),
  (1, 2, 13, 'device_mismatch', 'error',
   'Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (dt_linear: argument ''input'' was created on cpu at train.c:34)',
   'train.c', 18, 'train_step', 7, 1, NULL, NULL, NULL),
  (1, 3, 8, 'double_free', 'error',
   'cudaFree(0x7f0000100000): freed already',
   'train.c', 29, 'main', 5, 1, 4096, 3, 4),
  (1, 4, 9, 'memcpy_direction', 'error',
   'cudaMemcpy with cudaMemcpyHostToDevice, but the destination is host memory and the source is device memory on cuda:0',
   'train.c', 30, 'main', 6, 1, 4096, 1, NULL),
  (1, 5, 57, 'leak', 'warning',
   '4096 bytes of device memory on cuda:0 never freed',
   'train.c', 11, 'upload', 1, 1, 4096, 1, NULL),
  (1, 6, 14, 'host_pointer_kernel_arg', 'error',
   'gemm_kernel argument 3 is host memory (0x7ffd2000) on cuda:0',
   '/~vendor/src/blas.c', 88, 'helper', 8, 2, NULL, NULL, NULL),
  (1, 7, 16, 'wrong_device_pointer', 'warning',
   'relu_kernel on cuda:0 reads 0x7f1000000000 on cuda:1 (peer access is on: it works, slowly)',
   NULL, NULL, NULL, 9, 1, NULL, NULL, NULL),
  (2, 1, 4, 'host_deref_device', 'error',
   'host code read device memory at 0x7f0000000000 on cuda:1',
   'train.c', 31, 'main', 1, 1, NULL, 3, NULL),
  (2, 2, 2, 'pageable_transfer', 'warning',
   'cudaMemcpy of 1024 bytes from pageable host memory: pinned memory (cudaMallocHost) copies without staging',
   'train.c', 12, 'upload', 2, 1, 1024, NULL, NULL);

-- Events in time (ms from each run's start): run 1 keeps its own; run 2
-- kept three and dropped two past its cap.
INSERT INTO events (run, seq, type, api, start_ns, duration_ns, device, stream, bytes, direction,
                    site, kernel, finding) VALUES
  (1, 1,  'alloc',   'cudaMalloc',       1700000000001000000, 20000,   0,    NULL, 4096, NULL,   1,  NULL, NULL),
  (1, 2,  'copy',    'cudaMemcpy',       1700000000002000000, 300000,  0,    NULL, 4096, 'HtoD', 2,  NULL, NULL),
  (1, 3,  'copy',    'cudaMemcpy',       1700000000003000000, 300000,  0,    NULL, 4096, 'HtoD', 2,  NULL, NULL),
  (1, 4,  'finding', NULL,               1700000000003300000, NULL,    NULL, NULL, 8192, NULL,   2,  NULL, 1),
  (1, 13, 'finding', NULL,               1700000000009000000, NULL,    NULL, NULL, NULL, NULL,   7,  NULL, 2),
  (1, 14, 'launch',  'cudaLaunchKernel', 1700000000010000000, 5000000, 0,    0,    NULL, NULL,   8,  1,    NULL),
  (1, 15, 'launch',  'cudaLaunchKernel', 1700000000016000000, 5000000, 0,    0,    NULL, NULL,   8,  1,    NULL),
  (1, 16, 'launch',  'cudaLaunchKernel', 1700000000022000000, 1000000, 0,    0,    NULL, NULL,   9,  2,    NULL),
  (1, 19, 'call',    'cudaDeviceSynchronize', 1700000000023000000, 100000, NULL, NULL, NULL, NULL, 10, NULL, NULL),
  (2, 2,  'copy',    'cudaMemcpy',       1700000000250000000, 100000,  1,    NULL, 1024, 'HtoD', 2,  NULL, NULL),
  (2, 3,  'launch',  'cudaLaunchKernel', 1700000000251000000, 2000000, 1,    0,    NULL, NULL,   1,  1,    NULL),
  (2, 4,  'finding', NULL,               1700000000254000000, NULL,    NULL, NULL, NULL, NULL,   1,  NULL, 1);
UPDATE runs SET dropped_events = 2 WHERE id = 2;
-- The first launch as CUPTI's Activity API saw it run on the device: 2 ms
-- after its call began, for 4 ms.
UPDATE events SET correlation = 14, device_start_ns = 1700000000012000000,
                  device_duration_ns = 4000000 WHERE run = 1 AND seq = 14;
