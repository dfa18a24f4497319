-- Text that output formats must carry: quotes, commas, a backslash, control
-- characters, UTF-8, and a byte that is not UTF-8, in a message and in a
-- call chain.

INSERT INTO runs (id, pid, ppid, session, command, started_ns, ended_ns, exit_status, signal,
                  device, devices, pageable_access, events) VALUES
  (1, 77, 1, NULL, './say "hi, there"' || char(9) || 'back\slash', 1700000000000000000, NULL, NULL, NULL, 'sim', 2, 0, 1);

INSERT INTO findings (run, id, seq, kind, severity, message, file, line, function, site, count,
                      bytes, alloc_site, free_site, chain) VALUES
  (1, 1, 1, 'leak', 'warning',
   'quote " comma , backslash \ newline' || char(10) || 'cr' || char(13) || ' tab' || char(9) ||
   'bell' || char(7) || ' esc' || char(27) || '[31m café ✓ 😀 bad' || CAST(X'FF' AS TEXT) || ' end',
   'dir with space/naïve.c', 7, 'f', NULL, 1, NULL, NULL, NULL,
   json_array(json_object('function', 'f', 'file', 'dir with space/naïve.c', 'line', 7),
              json_object('function', 'g "quote", \ newline' || char(10) || 'esc' || char(27) ||
                                      '[31m ✓',
                          'file', 'bad' || CAST(X'FF' AS TEXT) || '.c', 'line', 3)));
