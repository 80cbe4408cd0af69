package dev.overdue.model;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;
import java.util.function.Function;

/**
 * WS-HumanTask 1.1: "In the case where several reassignment escalations are triggered, the first
 * reassignment (lexical order) MUST be considered for execution." A JSON definition has no single
 * document order across deadlines, so the order is that of the qualified names {@code
 * <step>.<deadline>.<escalation>} (an unnamed one is {@code reassign#<position>}), which a reader
 * can check by eye and which reordering deadlines does not change. "Several triggered" means in the
 * same wake-up of the approval: the reassignments of one {@code expireDue}, or those the plan
 * expects at the same instant.
 */
final class LexicalReassignment {
  private LexicalReassignment() {}

  /** The qualified name of escalation {@code escalation} of timer {@code timer}. */
  static String qualifiedName(String timer, String escalation) {
    return timer + "." + escalation;
  }

  /** The one of {@code triggered} that applies; the others are superseded by it. */
  static <T> Optional<T> first(Collection<T> triggered, Function<T, String> qualifiedName) {
    return triggered.stream().min(Comparator.comparing(qualifiedName));
  }
}
