-- An index devtrace does not make.
CREATE INDEX findings_by_kind ON findings (kind);
