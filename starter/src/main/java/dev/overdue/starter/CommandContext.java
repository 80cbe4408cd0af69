package dev.overdue.starter;

/**
 * What the root hands every command, as the temporal CLI hands each command its context: the
 * session to Temporal and the printer. Commands take it as their {@code @ParentCommand}, so that
 * they depend on these two and not on the root.
 */
interface CommandContext {
  Session session();

  Printer printer();
}
