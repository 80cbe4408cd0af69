-- The task index (dev.overdue.index) in SQLite: one row per approval chain, its candidates, its
-- events. Instants are INTEGER microseconds since the epoch (PostgreSQL's precision; they sort as
-- numbers), JSON is text, booleans are 0 and 1.

CREATE TABLE approvals (
  workflow_id      TEXT    NOT NULL,
  chain_id         TEXT    NOT NULL,
  run_id           TEXT,
  seq              INTEGER NOT NULL,
  request_id       TEXT,
  title            TEXT,
  requester        TEXT,
  state            TEXT    NOT NULL,
  step             TEXT,
  step_title       TEXT,
  task_state       TEXT,
  owner            TEXT,
  priority         INTEGER,
  due_date         INTEGER,
  follow_up        INTEGER,
  next_deadline    INTEGER,
  has_warnings     INTEGER NOT NULL,
  unworkable       INTEGER NOT NULL,
  claimants        TEXT    NOT NULL,
  claimants_cut    INTEGER NOT NULL,
  candidate_groups TEXT    NOT NULL,
  excluded_owners  TEXT    NOT NULL,
  started_at       INTEGER,
  ended_at         INTEGER,
  decided_by       TEXT,
  facts            TEXT    NOT NULL,
  data             TEXT,
  PRIMARY KEY (workflow_id, chain_id)
);

-- Who may claim (u), which groups may (g), who may not (x): a lookup by name is a seek on the key.
CREATE TABLE candidates (
  kind        TEXT NOT NULL CHECK (kind IN ('u', 'g', 'x')),
  name        TEXT NOT NULL,
  workflow_id TEXT NOT NULL,
  chain_id    TEXT NOT NULL,
  PRIMARY KEY (kind, name, workflow_id, chain_id)
) WITHOUT ROWID;
CREATE INDEX candidates_chain ON candidates (workflow_id, chain_id);

CREATE TABLE events (
  workflow_id TEXT    NOT NULL,
  chain_id    TEXT    NOT NULL,
  seq         INTEGER NOT NULL,
  at          INTEGER,
  kind        TEXT,
  name        TEXT,
  step        TEXT,
  actor       TEXT,
  detail      TEXT,
  PRIMARY KEY (workflow_id, chain_id, seq)
) WITHOUT ROWID;

-- Mine: the open rows of an owner (the list's view repeats this predicate word for word).
CREATE INDEX approvals_owner ON approvals (owner) WHERE state IN ('ACTIVE', 'SUSPENDED');
CREATE INDEX approvals_requester ON approvals (requester);
CREATE INDEX approvals_due ON approvals (due_date);
CREATE INDEX approvals_priority ON approvals (priority);
CREATE INDEX approvals_follow_up ON approvals (follow_up);
CREATE INDEX approvals_state ON approvals (state, task_state);
CREATE INDEX approvals_started ON approvals (started_at);
