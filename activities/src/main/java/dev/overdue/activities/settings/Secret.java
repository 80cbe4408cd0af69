package dev.overdue.activities.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Objects;

/** A password, API key or signing secret: its text never reaches a log line or a toString. */
public final class Secret {
  private final String value;

  private Secret(String value) {
    this.value = Objects.requireNonNull(value);
  }

  @JsonCreator
  public static Secret of(String value) {
    return new Secret(value);
  }

  /** The secret itself, for the one call that needs it. */
  public String reveal() {
    return value;
  }

  @Override
  public String toString() {
    return "******";
  }
}
