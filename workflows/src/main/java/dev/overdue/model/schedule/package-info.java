/**
 * When things are due: the business calendar and its settings, working intervals, durations
 * ({@code IsoDuration}), dates as typed ({@code DateTimeText}), time limits ({@code TimeLimit}:
 * a duration, a date or a repeating cycle), cycles ({@code Cycle}, {@code CycleText}) and cron.
 *
 * <p>Arithmetic over dates only: no timer state, no request. Depends on the model's shared words
 * alone.
 */
package dev.overdue.model.schedule;
