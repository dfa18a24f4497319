-- A column that every version of the schema has, missing.
ALTER TABLE findings DROP COLUMN message;
