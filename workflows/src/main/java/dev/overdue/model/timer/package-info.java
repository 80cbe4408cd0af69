/**
 * Timers: the timer lifecycle ({@code TimerLifecycle}, the table; {@code BusinessTimer}, one
 * timer, which gives each row its effect), an approval's timers by name ({@code ProcessTimers}),
 * what fired ({@code Expiry}) and a cycle in words ({@code CycleWords}).
 *
 * <p>A timer computes its dates from {@code schedule} and its handlers from {@code request}; it
 * may look at tasks (whose timers start and stop with them) but never at escalations, commands or
 * the process.
 */
package dev.overdue.model.timer;
