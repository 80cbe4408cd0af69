/**
 * The pure model of an approval: plain Java, no Temporal type, every method given {@code now}.
 *
 * <p>Its sub-packages are layered, each importing only those below it, never one that imports it
 * back: {@code schedule}, {@code expression}, {@code auth}; then {@code request}; then
 * {@code task}, {@code timer}, {@code trail}; then {@code escalation}; then {@code command}; and
 * {@code process} on top, which orchestrates. This package holds the few words all of them share:
 * {@link dev.overdue.model.RuleViolation} (a refusal and its reason), {@link dev.overdue.model.Texts},
 * {@link dev.overdue.model.TransitionTable} (a lifecycle as a table) and
 * {@link dev.overdue.model.ProcessState}; it imports none of them.
 */
package dev.overdue.model;
