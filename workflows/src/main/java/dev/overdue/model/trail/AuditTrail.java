package dev.overdue.model.trail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.JsonBuffers;
import dev.overdue.api.WarningInfo;
import dev.overdue.model.Texts;
import dev.overdue.model.auth.TokenCheck;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One run's audit trail: every command with its input, accepted or refused and why, and what
 * happened by itself (a timer expired, a listener ran, a reassignment applied). It is not carried
 * across continue-as-new: each run keeps its own, the first entry of a continued run naming the
 * previous one ({@link HistoryEntry#CONTINUED_AS_NEW}).
 */
public final class AuditTrail {
  /**
   * The most of a command's input, as JSON text, the trail keeps: every valid input but the
   * longest comments and reasons fits. Longer ones are kept cut short, so that refused megabytes do
   * not make a run's trail too large to query (Temporal refuses query results over 2 MB; the test
   * service over 4 MB).
   */
  public static final int MAX_RECORDED_INPUT_LENGTH = 1_000;

  /** How much of a longer input the trail keeps. */
  static final int RECORDED_INPUT_START = 200;

  /** The most of a refusal's reason the trail keeps. */
  public static final int MAX_RECORDED_REASON_LENGTH = 1_000;

  private final List<HistoryEntry> entries = new ArrayList<>();

  /** Something that happened by itself, with what it concerned in {@code detail}. */
  public void event(Instant at, String name, JsonNode detail) {
    entries.add(new HistoryEntry(at.toString(), "event", name, detail, true, null));
  }

  /**
   * A command, received as a {@code signal} or {@code update} ({@code via}). An input longer than
   * {@link #MAX_RECORDED_INPUT_LENGTH} is kept as {@code {"truncated": "<its start>…",
   * "characters": N}}; what an accepted command changed is in the status in full. {@code signer}
   * is the verified token's subject and issuer, or null.
   */
  public void command(
      Instant at, String via, String name, JsonNode input, Optional<String> refusal, TokenCheck signer) {
    entries.add(
        new HistoryEntry(
            at.toString(),
            via,
            Texts.abbreviate(name, Texts.QUOTED_LENGTH),
            recordable(input),
            refusal.isEmpty(),
            refusal.map(r -> Texts.abbreviate(r, MAX_RECORDED_REASON_LENGTH)).orElse(null),
            signer == null ? null : signer.subject(),
            signer == null ? null : signer.issuer()));
  }

  static JsonNode recordable(JsonNode input) {
    if (input == null) {
      return null;
    }
    String text = JsonBuffers.text(input);
    if (text.length() <= MAX_RECORDED_INPUT_LENGTH) {
      return input;
    }
    ObjectNode cut = JsonNodeFactory.instance.objectNode();
    cut.put("truncated", text.substring(0, RECORDED_INPUT_START) + "…");
    cut.put("characters", text.length());
    return cut;
  }

  /**
   * A warning, with its {@code number} among all the approval's warnings: the run's trail keeps
   * every warning, which a continued run no longer carries in full ({@link Warnings}).
   */
  public void warning(Instant at, WarningInfo warning, long number) {
    ObjectNode detail = JsonNodeFactory.instance.objectNode();
    detail.put("number", number);
    if (warning.timer() != null) {
      detail.put("timer", warning.timer());
    }
    if (warning.step() != null) {
      detail.put("step", warning.step());
    }
    detail.put("message", warning.message());
    event(at, HistoryEntry.WARNING, detail);
  }

  public List<HistoryEntry> entries() {
    return List.copyOf(entries);
  }
}
