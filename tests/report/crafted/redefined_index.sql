-- One of devtrace's indexes, on other rows than devtrace's.
DROP INDEX findings_errors;
CREATE INDEX findings_errors ON findings (file, line, function) WHERE severity = 'warning';
