/**
 * The commands and their rules: {@code Command} (each parsed command), {@code CommandRules} (one
 * check per command that returns its {@code Change}, not yet made), {@code TimerCommands} and
 * {@code TaskOperations} (the timer and the task commands), {@code RuleChecks} (the checks they
 * share), {@code Recalculation}, {@code TaskData} (a JSON Merge Patch of the data).
 *
 * <p>The rules are given a {@code CommandContext}, which this package owns (what escalations see,
 * and the moves a command may make), never the process itself: they may import
 * {@code escalation} and below, never {@code process}.
 */
package dev.overdue.model.command;
