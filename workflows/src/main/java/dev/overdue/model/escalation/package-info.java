/**
 * What happens to a task's people when a timer expires or the directory answers: expiries and
 * their handlers ({@code Escalations}), what a task's events make the workflow run: listeners and
 * notices ({@code Notices}), roles resolved into people ({@code Roles}), the lexical
 * reassignment rule, owner lookups and their answers ({@code OwnerLookups}), stand-ins, and what
 * expressions see ({@code ExpressionScope}).
 *
 * <p>These rules are given an {@code EscalationContext}, the narrow view of an approval this
 * package owns, and never the process itself: they may import {@code task}, {@code timer},
 * {@code trail} and below, never {@code command} or {@code process}.
 */
package dev.overdue.model.escalation;
