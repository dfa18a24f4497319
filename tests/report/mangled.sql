-- A run of a C++ program nvcc built: its kernel under the name CUDA gave it,
-- which devtrace shows as people write it.

INSERT INTO runs (id, pid, ppid, session, command, started_ns, ended_ns, exit_status, signal,
                  device, devices, pageable_access, events, ended) VALUES
  (1, 7170, 1, 'app-2', './vector_add', 1700000300000000000, 1700000300100000000, 0, NULL,
   'cuda', 1, 0, 1, 'exit');

INSERT INTO call_sites (run, id, pc, object, function, file, line, stack) VALUES
  (1, 1, 4198600, './vector_add', 'main', 'vector_add.cu', 12, NULL);

INSERT INTO kernels (run, id, name, params) VALUES
  (1, 1, '_Z5scalePfif', 3);

INSERT INTO launches (run, site, kernel, device, result, count, threads, first_seq, last_seq) VALUES
  (1, 1, 1, 0, 0, 1, 1024, 1, 1);

INSERT INTO events (run, seq, type, api, start_ns, duration_ns, device, stream, bytes, direction,
                    site, kernel, finding) VALUES
  (1, 1, 'launch', 'cudaLaunchKernel', 1700000300001000000, 5000, 0, 0, NULL, NULL, 1, 1, NULL);
