/**
 * One step's user task and its people: the task lifecycle ({@code TaskLifecycle}, the table;
 * {@code UserTask}), potential owners, four eyes ({@code SeparationOfDuties}), business
 * administrators, comments, and the directory lookups' data ({@code OwnerLookup}).
 *
 * <p>A task knows its own state only, never the approval's: a rule that needs another step is
 * given a way to find it. May import {@code request}, {@code schedule} and the shared words.
 */
package dev.overdue.model.task;
