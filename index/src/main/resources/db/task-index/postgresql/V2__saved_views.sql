-- Saved views (dev.overdue.index.SavedViews): a named list query, its owner's or shared with a group.
CREATE TABLE saved_views (
  id          text        PRIMARY KEY,
  owner       text        NOT NULL,
  name        text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  shared_with text,
  query       text        NOT NULL,
  created_at  timestamptz NOT NULL,
  UNIQUE (owner, name)
);
-- A caller's views are theirs (the unique key's owner) or their groups' (this index).
CREATE INDEX saved_views_shared ON saved_views (shared_with);
