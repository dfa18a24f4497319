# A report of ROWS findings, made with SQL, viewed in every format by
# `bounded`: every row printed, in at most MAX_KIB of memory.
#   cmake -DMAKE_REPORT=... -DBOUNDED=... -DDEVTRACE=... -DDIR=... -DROWS=n
#         -DMAX_KIB=n -DFORMATS=csv|json|table -P big_report.cmake
file(MAKE_DIRECTORY ${DIR})
set(db ${DIR}/big.db)
file(REMOVE ${db})
file(WRITE ${DIR}/big.sql "
INSERT INTO runs (id, pid, ppid, session, command, started_ns, ended_ns, exit_status, signal,
                  device, devices, pageable_access, events, ended) VALUES
  (1, 99, 1, 'big', './big', 1700000000000000000, 1700000001000000000, 0, NULL, 'sim', 1, 0,
   ${ROWS}, 'exit');
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
INSERT INTO findings (run, id, seq, kind, severity, message, file, line, count)
SELECT 1, i, i, 'leak', 'warning', 'm', 'big.c', i, 1 FROM n;
")
execute_process(COMMAND ${MAKE_REPORT} build ${db} ${DIR}/big.sql ${DIR} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "make_report failed (${rc})")
endif()

# The lines each format prints: CSV a header and a line a row; JSON the
# brackets and a line a row; the listing for people a site line and a
# finding line a row, a blank line between sites, and the totals.
math(EXPR csv "${ROWS} + 1")
math(EXPR json "${ROWS} + 2")
math(EXPR table "3 * ${ROWS} + 1")
set(failed "")
string(REPLACE "|" ";" formats "${FORMATS}")
foreach(format IN LISTS formats)
  execute_process(COMMAND ${BOUNDED} ${MAX_KIB} ${${format}}
                          ${DEVTRACE} report ${db} findings --format ${format}
                  OUTPUT_VARIABLE out RESULT_VARIABLE rc)
  message("${format}: ${out}")
  if(NOT rc EQUAL 0)
    set(failed "${failed} ${format}")
  endif()
endforeach()
file(REMOVE ${db} ${DIR}/big.sql)
if(failed)
  message(FATAL_ERROR "not within bounds:${failed}")
endif()
