package dev.overdue.model.escalation;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * WS-HumanTask 1.1: "In the case where several reassignment escalations are triggered, the first
 * reassignment (lexical order) MUST be considered for execution." A JSON definition has no single
 * document order across deadlines, so deadlines are ordered by their qualified names {@code
 * <step>.<deadline>}, which a reader can check by eye and which reordering deadlines does not
 * change; within a deadline, names decide where given, and unnamed escalations ({@code
 * reassign#<position>}) keep their document order. "Several triggered" means in the same wake-up
 * of the approval: the reassignments of one {@code expireDue}, or those the plan expects at one
 * instant.
 */
public final class LexicalReassignment {
  private LexicalReassignment() {}

  /** An escalation the request did not name: {@code <action>#<position from 1>}. */
  private static final Pattern UNNAMED = Pattern.compile("[a-z]+#(\\d+)");

  /** The qualified name of escalation {@code escalation} of timer {@code timer}. */
  public static String qualifiedName(String timer, String escalation) {
    return timer + "." + escalation;
  }

  /** The order of qualified names: {@code reassign#2} before {@code reassign#10}. */
  static Comparator<String> order() {
    return Comparator.comparing(LexicalReassignment::timer)
        .thenComparing(LexicalReassignment::escalation, LexicalReassignment::compareEscalations);
  }

  /** The one of {@code triggered} that applies; the others are superseded by it. */
  public static <T> Optional<T> first(Collection<T> triggered, Function<T, String> qualifiedName) {
    Comparator<String> order = order();
    return triggered.stream().min((a, b) -> order.compare(qualifiedName.apply(a), qualifiedName.apply(b)));
  }

  // Escalation names have no dots; timer names may (<step>.<deadline>).
  private static String timer(String qualified) {
    return qualified.substring(0, qualified.lastIndexOf('.'));
  }

  private static String escalation(String qualified) {
    return qualified.substring(qualified.lastIndexOf('.') + 1);
  }

  private static int compareEscalations(String a, String b) {
    Matcher first = UNNAMED.matcher(a);
    Matcher second = UNNAMED.matcher(b);
    if (first.matches() && second.matches()) {
      return Integer.compare(Integer.parseInt(first.group(1)), Integer.parseInt(second.group(1)));
    }
    return a.compareTo(b);
  }
}
