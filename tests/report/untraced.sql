-- A program whose CUDA calls the shim could not see: a static cudart on the
-- emulated device (runs.untraced), as the shim ends such a run.

INSERT INTO runs (id, pid, ppid, session, command, started_ns, ended_ns, exit_status, signal,
                  device, devices, pageable_access, events, ended, untraced) VALUES
  (1, 6160, 1, 'app-1', './app', 1700000200000000000, 1700000200100000000, 0, NULL, 'sim', 2, 0, 0,
   'exit', 'own_runtime');
