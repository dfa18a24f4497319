-- A report as schema version 1 wrote it, before the events' device-side
-- times (correlation, device_start_ns, device_duration_ns) and
-- runs.dropped_activity: its timelines take the host's times.
ALTER TABLE events DROP COLUMN correlation;
ALTER TABLE events DROP COLUMN device_start_ns;
ALTER TABLE events DROP COLUMN device_duration_ns;
ALTER TABLE runs DROP COLUMN dropped_activity;
PRAGMA user_version = 1;

INSERT INTO runs (id, pid, ppid, session, command, started_ns, ended_ns, exit_status, signal,
                  device, devices, pageable_access, events) VALUES
  (1, 4242, 1, 'old-1', './old', 1700000000000000000, 1700000001000000000, 0, NULL, 'sim', 1, 0, 2);
INSERT INTO events (run, seq, type, api, start_ns, duration_ns, device, stream, bytes, direction,
                    site, kernel, finding) VALUES
  (1, 1, 'copy',   'cudaMemcpy',       1700000000001000000, 300000,  0, 0, 4096, 'HtoD', NULL, NULL, NULL),
  (1, 2, 'launch', 'cudaLaunchKernel', 1700000000002000000, 1000000, 0, 0, NULL, NULL,   NULL, NULL, NULL);
