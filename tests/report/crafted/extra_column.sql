-- A column devtrace does not write.
ALTER TABLE findings ADD COLUMN extra TEXT;
