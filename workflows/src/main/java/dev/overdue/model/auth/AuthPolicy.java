package dev.overdue.model.auth;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Whether an approval's commands must be signed by the person who sends them (WS-HumanTask ties
 * every operation to an authenticated principal). The worker's settings give the default; a
 * request may only tighten it. The policy is fixed when the approval starts and carried over
 * continue-as-new, so a changed default applies to approvals started after the change.
 */
public enum AuthPolicy {
  /** Tokens are neither verified nor recorded; the {@code user} field is who acts. */
  OFF,
  /** A token, when a command carries one, must be valid and name the user; one without is taken. */
  OPTIONAL,
  /** Every command must carry a valid token naming its user. */
  REQUIRED;

  /** The policy's name in requests and settings: {@code off}, {@code optional}, {@code required}. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * How snapshots and the status carry the policy: its key, or null when off (as approvals from
   * before signed commands have none).
   */
  public String keyUnlessOff() {
    return this == OFF ? null : key();
  }

  /** The policy {@link #keyUnlessOff} gave. */
  public static AuthPolicy ofKeyUnlessOff(String key) {
    return key == null ? OFF : parse(key, "auth");
  }

  /** {@code text} as a policy, or a {@link RuleViolation} naming {@code field} and the choices. */
  public static AuthPolicy parse(String text, String field) {
    for (AuthPolicy policy : values()) {
      if (policy.key().equalsIgnoreCase(String.valueOf(text).trim())) {
        return policy;
      }
    }
    throw new RuleViolation(field + ": must be one of " + choices() + ", got " + Texts.quote(text));
  }

  /** The policy of an approval whose request asks for {@code requested} (null: the default). */
  public static AuthPolicy effective(AuthPolicy workerDefault, String requested) {
    if (requested == null) {
      return workerDefault;
    }
    AuthPolicy asked = parse(requested, "auth");
    if (asked.compareTo(workerDefault) < 0) {
      throw new RuleViolation(
          "auth: a request may only tighten the worker's policy (" + workerDefault.key()
              + "), not loosen it to " + asked.key());
    }
    return asked;
  }

  static String choices() {
    return Arrays.stream(values()).map(AuthPolicy::key).collect(Collectors.joining(", "));
  }
}
