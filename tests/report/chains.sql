-- A report of ./chains (app/chains.c), as the shim would write it: a
-- mistake in a helper reached through three chains of callers, each its own
-- finding with its own chain (the loop's counted twice); a mistake in a
-- callback that a library without debug information calls, whose frame
-- has an object and offset, no line; and a leak, whose chain is its line's
-- as first seen.  File names are relative to app/; make_report prefixes
-- them with that folder's absolute path, in the chains too.

INSERT INTO runs (id, pid, ppid, session, command, started_ns, ended_ns, exit_status, signal,
                  device, devices, pageable_access, events) VALUES
  (1, 6060, 1, 'chains-1', './chains', 1700000200000000000, 1700000200100000000, 0, NULL, 'sim', 1, 0, 12);

INSERT INTO call_sites (run, id, pc, object, function, file, line, stack) VALUES
  (1, 1, 4198500, './chains', 'scratch',  'chains.c', 21, NULL),
  (1, 2, 4198400, './chains', 'download', 'chains.c', 10, NULL),
  (1, 3, 4198600, './chains', 'on_batch', 'chains.c', 27, NULL);

INSERT INTO findings (run, id, seq, kind, severity, message, file, line, function, site, count,
                      bytes, alloc_site, free_site, chain) VALUES
  (1, 1, 2, 'memcpy_direction', 'error',
   'a copy of 4096 bytes with cudaMemcpyHostToDevice contradicts the pointers: dst is host memory and src is device memory; fix: use cudaMemcpyDeviceToHost, or cudaMemcpyDefault to let the pointers decide',
   'chains.c', 10, 'download', 2, 1, 4096, 1, NULL,
   json_array(json_object('function', 'download', 'file', 'chains.c', 'line', 10),
              json_object('function', 'main', 'file', 'chains.c', 'line', 34))),
  (1, 2, 3, 'memcpy_direction', 'error',
   'a copy of 4096 bytes with cudaMemcpyHostToDevice contradicts the pointers: dst is host memory and src is device memory; fix: use cudaMemcpyDeviceToHost, or cudaMemcpyDefault to let the pointers decide',
   'chains.c', 10, 'download', 2, 2, 8192, 1, NULL,
   json_array(json_object('function', 'download', 'file', 'chains.c', 'line', 10),
              json_object('function', 'main', 'file', 'chains.c', 'line', 36))),
  (1, 3, 5, 'memcpy_direction', 'error',
   'a copy of 4096 bytes with cudaMemcpyHostToDevice contradicts the pointers: dst is host memory and src is device memory; fix: use cudaMemcpyDeviceToHost, or cudaMemcpyDefault to let the pointers decide',
   'chains.c', 10, 'download', 2, 1, 4096, 1, NULL,
   json_array(json_object('function', 'download', 'file', 'chains.c', 'line', 10),
              json_object('function', 'checkpoint', 'file', 'chains.c', 'line', 15),
              json_object('function', 'main', 'file', 'chains.c', 'line', 37))),
  (1, 4, 6, 'memcpy_out_of_bounds', 'error',
   'the destination of a 64-byte copy or memset starts 4096 bytes into a 4096-byte allocation: 64 bytes past its end',
   'chains.c', 27, 'on_batch', 3, 1, 64, 1, NULL,
   json_array(json_object('function', 'on_batch', 'file', 'chains.c', 'line', 27),
              json_object('function', 'vendor_each_batch', 'object', '/opt/vendor/lib/libvendor.so',
                          'offset', 4660),
              json_object('function', 'main', 'file', 'chains.c', 'line', 38))),
  (1, 5, 12, 'leak', 'warning',
   'device memory of cuda:0 allocated here (cudaMalloc) was never freed',
   'chains.c', 21, 'scratch', 1, 1, 4096, 1, NULL,
   json_array(json_object('function', 'scratch', 'file', 'chains.c', 'line', 21),
              json_object('function', 'main', 'file', 'chains.c', 'line', 33)));
