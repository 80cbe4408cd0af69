package dev.overdue.model.auth;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * What verifying a command's token came to: the person it names ({@code subject}, from the
 * claim the worker's settings name) and who signed it ({@code issuer}), or why it was refused.
 * Never the token itself: this is what the audit trail keeps and the workflow records.
 */
public record TokenCheck(String subject, String issuer, String refusal) {

  public static TokenCheck verified(String subject, String issuer) {
    return new TokenCheck(subject, issuer, null);
  }

  public static TokenCheck refused(String reason) {
    return new TokenCheck(null, null, reason);
  }

  @JsonIgnore // recorded as its three fields only
  public boolean isVerified() {
    return refusal == null;
  }
}
