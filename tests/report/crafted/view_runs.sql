-- runs as a view that never ends: devtrace hung on it, its memory growing.
DROP TABLE runs;
CREATE VIEW runs (id, pid, ppid, session, command, cwd, started_ns, ended_ns, exit_status,
                  signal, device, devices, pageable_access, events, dropped_events,
                  dropped_activity, ended, untraced) AS
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
  SELECT i, i, 1, NULL, './app', NULL, 0, 1, 0, NULL, 'sim', 1, 0, 0, 0, 0, 'exit', NULL FROM n;
