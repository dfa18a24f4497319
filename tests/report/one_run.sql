-- A second report of ./train, as a later run would write it: to merge with
-- two_runs.sql.  File names are relative to app/.

INSERT INTO runs (id, pid, ppid, session, command, started_ns, ended_ns, exit_status, signal,
                  device, devices, pageable_access, events) VALUES
  (1, 5150, 1, 'train-2', './train --epochs 1', 1700000100000000000, 1700000100250000000, 1, NULL, 'cuda', 1, 1, 4);

INSERT INTO call_sites (run, id, pc, object, function, file, line, stack) VALUES
  (1, 1, 4198500, './train', 'train_step', 'train.c', 18, NULL),
  (1, 2, 4198400, './train', 'upload',     'train.c', 11, NULL);

INSERT INTO api_calls (run, api, site, result, calls, first_seq, last_seq) VALUES
  (1, 'dt_trace',   1, 0, 1, 1, 1),
  (1, 'cudaMalloc', 2, 0, 1, 2, 2);

INSERT INTO allocations (run, site, api, memory, device, count, bytes, max_bytes, freed,
                         freed_bytes, first_seq, last_seq) VALUES
  (1, 2, 'cudaMalloc', 'device', 0, 1, 512, 512, 0, 0, 2, 2);

INSERT INTO findings (run, id, seq, kind, severity, message, file, line, function, site, count,
                      bytes, alloc_site, free_site) VALUES
  (1, 1, 1, 'device_mismatch', 'error',
   'Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (dt_linear: argument ''input'' was created on cpu at train.c:34)',
   'train.c', 18, 'train_step', 1, 1, NULL, NULL, NULL),
  (1, 2, 4, 'leak', 'warning',
   '512 bytes of device memory on cuda:0 never freed',
   'train.c', 11, 'upload', 2, 1, 512, 2, NULL);
