-- The task index (dev.overdue.index): one row per approval chain, its candidates, its events.
-- Flyway runs this in the schema task_index, under its advisory lock.

CREATE TABLE approvals (
  workflow_id      text        NOT NULL,
  chain_id         text        NOT NULL,
  run_id           text,
  seq              bigint      NOT NULL,
  request_id       text,
  title            text,
  requester        text,
  state            text        NOT NULL,
  step             text,
  step_title       text,
  task_state       text,
  owner            text,
  priority         integer,
  due_date         timestamptz,
  follow_up        timestamptz,
  next_deadline    timestamptz,
  has_warnings     boolean     NOT NULL,
  unworkable       boolean     NOT NULL,
  claimants        jsonb       NOT NULL,
  claimants_cut    boolean     NOT NULL,
  candidate_groups jsonb       NOT NULL,
  excluded_owners  jsonb       NOT NULL,
  started_at       timestamptz,
  ended_at         timestamptz,
  decided_by       text,
  facts            jsonb       NOT NULL,
  data             jsonb,
  PRIMARY KEY (workflow_id, chain_id)
);

-- Who may claim (u), which groups may (g), who may not (x): a lookup by name is a seek on the key.
CREATE TABLE candidates (
  kind        char(1) NOT NULL CHECK (kind IN ('u', 'g', 'x')),
  name        text    NOT NULL,
  workflow_id text    NOT NULL,
  chain_id    text    NOT NULL,
  PRIMARY KEY (kind, name, workflow_id, chain_id)
);
-- Replacing a chain's candidates deletes by chain.
CREATE INDEX candidates_chain ON candidates (workflow_id, chain_id);

CREATE TABLE events (
  workflow_id text        NOT NULL,
  chain_id    text        NOT NULL,
  seq         bigint      NOT NULL,
  at          timestamptz,
  kind        text,
  name        text,
  step        text,
  actor       text,
  detail      jsonb,
  PRIMARY KEY (workflow_id, chain_id, seq)
);

-- Mine: the open rows of an owner (the list's view repeats this predicate word for word).
CREATE INDEX approvals_owner ON approvals (owner) WHERE state IN ('ACTIVE', 'SUSPENDED');
CREATE INDEX approvals_requester ON approvals (requester);
CREATE INDEX approvals_due ON approvals (due_date);
CREATE INDEX approvals_priority ON approvals (priority);
CREATE INDEX approvals_follow_up ON approvals (follow_up);
CREATE INDEX approvals_state ON approvals (state, task_state);
CREATE INDEX approvals_started ON approvals (started_at);
CREATE INDEX approvals_data ON approvals USING gin (data jsonb_path_ops);

-- Text search (a substring of title or request id, ignoring case) by trigrams. pg_trgm is a
-- trusted extension (PostgreSQL 13+): a user with CREATE on the database may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX approvals_text ON approvals
  USING gin (lower(coalesce(title, '') || ' ' || coalesce(request_id, '')) gin_trgm_ops);
