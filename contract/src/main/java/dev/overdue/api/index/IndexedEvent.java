package dev.overdue.api.index;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One thing that happened to an approval, as the task index keeps it for its history and reports:
 * an accepted command ({@code kind} {@code update} or {@code signal}, {@code name} the command) or
 * an event of its own ({@code kind} {@code event}: TimerExpired, Warning, …), with the approval's
 * change number {@code seq}; an event is stored once, however often it is delivered.
 *
 * @param at when, an ISO-8601 instant
 * @param step the step it concerned, when it names one
 * @param actor who sent the command, when it was a command with a user
 * @param detail its input or detail, as the approval's trail recorded it
 */
public record IndexedEvent(long seq, String at, String kind, String name, String step, String actor, JsonNode detail) {}
