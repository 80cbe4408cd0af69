/**
 * The commands' rules, for the contract's command records ({@code dev.overdue.api.ApprovalCommand},
 * one record a command): {@code CommandRules} (a table binding each record type to its rule, a
 * check that returns its {@code Change}, not yet made, and the task action it offers), {@code
 * TimerCommands} and {@code TaskOperations} (the timer and the task commands), {@code RuleChecks}
 * (the checks they share), {@code CommandInputs} (the declared required fields, and fields read as
 * limits, durations and JSON trees), {@code Recalculation}, {@code TaskData} (a JSON Merge Patch of
 * the data).
 *
 * <p>The rules are given a {@code CommandContext}, which this package owns (what escalations see,
 * and the moves a command may make), never the process itself: they may import
 * {@code escalation} and below, never {@code process}.
 */
package dev.overdue.model.command;
