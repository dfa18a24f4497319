-- A trigger, which would run in devtrace's merge into this report.
INSERT INTO runs (id, pid, command, started_ns, ended_ns, device, devices, ended)
  VALUES (1, 7, './app', 0, 1, 'sim', 1, 'exit');
CREATE TRIGGER grow AFTER INSERT ON runs
  BEGIN INSERT INTO runs (pid) SELECT pid FROM runs; END;
