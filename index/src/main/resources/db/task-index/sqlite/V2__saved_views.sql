-- Saved views (dev.overdue.index.SavedViews): a named list query, its owner's or shared with a group.
-- created_at is INTEGER microseconds since the epoch, as in V1.
CREATE TABLE saved_views (
  id          TEXT    PRIMARY KEY,
  owner       TEXT    NOT NULL,
  name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  shared_with TEXT,
  query       TEXT    NOT NULL,
  created_at  INTEGER NOT NULL,
  UNIQUE (owner, name)
);
-- A caller's views are theirs (the unique key's owner) or their groups' (this index).
CREATE INDEX saved_views_shared ON saved_views (shared_with);
