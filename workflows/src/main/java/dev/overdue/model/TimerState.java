package dev.overdue.model;

/** The lifecycle state of a business timer (seed 000: off, running, suspended). */
public enum TimerState {
  OFF,
  RUNNING,
  SUSPENDED
}
